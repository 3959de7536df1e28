package io.github.idlekit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerProfileTest
{
    @AfterEach
    void restoreMeasuredProfile()
    {
        System.clearProperty(TimerProfile.PARK_FLOOR_PROPERTY);
        System.clearProperty(TimerProfile.CALIBRATION_PROPERTY);
        System.clearProperty(TimerProfile.BUDGET_PROPERTY);
        Thread.interrupted();
        TimerProfile.recalibrate();
    }

    @Test
    void currentIsMeasuredOnceAndCached()
    {
        final TimerProfile first = TimerProfile.current();

        assertSame(first, TimerProfile.current());
        assertEquals(TimerProfile.Source.MEASURED, first.source());
        assertTrue(first.parkSamples() >= TimerMeasurement.MIN_PARK_SAMPLES, first.toString());
        assertTrue(first.parkFloorNs() > 0 && first.parkFloorP90Ns() >= first.parkFloorNs(), first.toString());
    }

    @Test
    void floorPropertySkipsMeasuring()
    {
        System.setProperty(TimerProfile.PARK_FLOOR_PROPERTY, "2ms");

        final TimerProfile profile = TimerProfile.recalibrate();

        assertSame(profile, TimerProfile.current());
        assertEquals(2_000_000, profile.parkFloorNs());
        assertEquals(TimerProfile.Source.CONFIGURED, profile.source());
        assertEquals("park floor 2.00 ms (p90 2.00 ms, 0 samples, configured), overshoot 2.00 ms", profile.toString());
    }

    @Test
    void defaultModeUsesPerOsValues()
    {
        System.setProperty(TimerProfile.CALIBRATION_PROPERTY, "default");

        final TimerProfile profile = TimerProfile.recalibrate();

        assertEquals(TimerProfile.Source.DEFAULT, profile.source());
        assertEquals(TimerProfile.osDefault(System.getProperty("os.name")).parkFloorNs(), profile.parkFloorNs());
        assertEquals(15_625_000, TimerProfile.osDefault("Windows 11").parkFloorNs());
        assertEquals(100_000, TimerProfile.osDefault("Linux").parkFloorNs());
        assertEquals(100_000, TimerProfile.osDefault("Mac OS X").parkFloorNs());
        assertEquals(1_000_000, TimerProfile.osDefault("FreeBSD").parkFloorNs());
    }

    @Test
    void badPropertiesNameThePropertyAndTheValue()
    {
        System.setProperty(TimerProfile.CALIBRATION_PROPERTY, "guess");
        assertEquals("idlekit.calibration: 'guess' is not one of measure, default",
            assertThrows(IllegalArgumentException.class, TimerProfile::recalibrate).getMessage());

        System.setProperty(TimerProfile.PARK_FLOOR_PROPERTY, "fast");
        assertTrue(assertThrows(IllegalArgumentException.class, TimerProfile::recalibrate).getMessage()
            .startsWith("idlekit.park.floor: 'fast'"));
    }

    @Test
    void budgetPropertyBoundsTheMeasurement()
    {
        System.setProperty(TimerProfile.BUDGET_PROPERTY, "1ms");

        final TimerProfile quick = TimerProfile.recalibrate();

        assertTrue(quick.parkSamples() < TimerMeasurement.MAX_PARK_SAMPLES, quick.toString());
    }

    @Test
    void interruptedCallerGetsARealMeasurementAndKeepsItsFlag()
    {
        final TimerProfile reference = TimerProfile.measure(Duration.ofMillis(20));
        Thread.currentThread().interrupt();

        final TimerProfile profile = TimerProfile.measure(Duration.ofMillis(20));

        assertTrue(Thread.currentThread().isInterrupted());
        // A park with the interrupt flag set returns in well under a microsecond; a real floor is far above that.
        assertTrue(profile.parkFloorNs() * 10 > reference.parkFloorNs(), profile + " vs " + reference);
        assertTrue(profile.parkFloorNs() > 1_000, profile.toString());
    }

    @Test
    void measureRejectsBadBudget()
    {
        assertEquals("budget must be positive: PT0S",
            assertThrows(IllegalArgumentException.class, () -> TimerProfile.measure(Duration.ZERO)).getMessage());
        assertEquals("parkFloor",
            assertThrows(NullPointerException.class, () -> TimerProfile.of(null)).getMessage());
    }
}
