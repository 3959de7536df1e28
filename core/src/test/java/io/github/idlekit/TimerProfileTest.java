package io.github.idlekit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerProfileTest
{
    private final Map<String, String> properties = new HashMap<>();

    @Test
    void currentIsAMeasurementWithEnoughSamples()
    {
        final TimerProfile current = TimerProfile.current();

        assertEquals(TimerProfile.Source.MEASURED, current.source());
        assertTrue(current.parkSamples() >= TimerMeasurement.MIN_PARK_SAMPLES, current.toString());
        assertTrue(current.parkFloorNs() > 0 && current.parkFloorP90Ns() >= current.parkFloorNs(), current.toString());
    }

    @Test
    void floorPropertySkipsMeasuring()
    {
        properties.put(TimerProfile.PARK_FLOOR_PROPERTY, "2ms");

        final TimerProfile profile = TimerProfile.fromProperties(properties::get);

        assertEquals(2_000_000, profile.parkFloorNs());
        assertEquals(TimerProfile.Source.CONFIGURED, profile.source());
        assertEquals("park floor 2.00 ms (p90 2.00 ms, 0 samples, configured), overshoot 2.00 ms", profile.toString());
    }

    @Test
    void defaultModeUsesPerOsValues()
    {
        properties.put(TimerProfile.CALIBRATION_PROPERTY, "default");

        final TimerProfile profile = TimerProfile.fromProperties(properties::get);

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
        properties.put(TimerProfile.CALIBRATION_PROPERTY, "guess");
        assertEquals("idlekit.calibration: 'guess' is not one of measure, default",
            assertThrows(IllegalArgumentException.class, () -> TimerProfile.fromProperties(properties::get))
                .getMessage());

        properties.put(TimerProfile.PARK_FLOOR_PROPERTY, "fast");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimerProfile.fromProperties(properties::get))
            .getMessage().startsWith("idlekit.park.floor: 'fast'"));
    }

    @Test
    @Timeout(30)
    void budgetPropertyBoundsTheMeasurement()
    {
        properties.put(TimerProfile.BUDGET_PROPERTY, "1ms");

        final TimerProfile quick = TimerProfile.fromProperties(properties::get);

        assertTrue(quick.parkSamples() < TimerMeasurement.MAX_PARK_SAMPLES, quick.toString());
        assertTrue(quick.parkSamples() >= TimerMeasurement.MIN_PARK_SAMPLES, quick.toString());
    }

    @Test
    @Timeout(30)
    void interruptedCallerGetsARealMeasurementAndKeepsItsFlag()
    {
        Thread.currentThread().interrupt();
        try
        {
            final long interruptedParkNs = shortestInterruptedParkNs();
            final TimerProfile profile = TimerProfile.measure(Duration.ofMillis(20));

            assertTrue(Thread.currentThread().isInterrupted());
            // A park with the interrupt flag set returns at once; a real floor is far above it.
            assertTrue(profile.parkFloorNs() > 10 * interruptedParkNs,
                profile + " vs " + interruptedParkNs + " ns for a park with the flag set");
        }
        finally
        {
            Thread.interrupted();
        }
    }

    /**
     * @return the shortest mean duration, over a few batches, of a 1 ms park made with the interrupt flag set: the
     * least a loaded machine's preemptions leave in it.
     */
    private static long shortestInterruptedParkNs()
    {
        long shortestNs = Long.MAX_VALUE;
        for (int batch = 0; batch < 5; batch++)
        {
            final long startNs = System.nanoTime();
            for (int i = 0; i < 100; i++)
            {
                LockSupport.parkNanos(1_000_000);
            }
            shortestNs = Math.min(shortestNs, (System.nanoTime() - startNs) / 100);
        }
        return shortestNs;
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
