package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CalibratedIdleStrategyTest
{
    private static final TimerProfile LINUX_LIKE = new TimerProfile(
        75_000, 90_000, 60_000, 800, 40, 64, TimerProfile.Source.MEASURED);
    private static final TimerProfile WINDOWS_LIKE = new TimerProfile(
        15_625_000, 15_700_000, 15_625_000, 800, 40, 3, TimerProfile.Source.MEASURED);

    private final Map<String, String> properties = new HashMap<>();
    private final CalibrationCache profiles = new CalibrationCache(() -> TimerProfile.fromProperties(properties::get));

    @Test
    void presetsScaleWithTheFloor()
    {
        final IdlePlan linux = IdlePreset.BALANCED.plan(LINUX_LIKE);
        final IdlePlan windows = IdlePreset.BALANCED.plan(WINDOWS_LIKE);

        assertEquals(new IdlePlan(0, 4_688, 0, 4_688, 75_000, 1_000_000, 1.25, 60_000), linux);
        assertEquals(new IdlePlan(0, 976_563, 0, 976_563, 15_625_000, 15_625_000, 1.25, 15_625_000), windows);
    }

    @Test
    void presetsOrderFromLatencyToCpu()
    {
        final IdlePlan lowLatency = IdlePreset.LOW_LATENCY.plan(LINUX_LIKE);
        final IdlePlan balanced = IdlePreset.BALANCED.plan(LINUX_LIKE);
        final IdlePlan lowCpu = IdlePreset.LOW_CPU.plan(LINUX_LIKE);

        assertTrue(lowLatency.spinNs() > balanced.spinNs() && balanced.spinNs() > lowCpu.spinNs());
        assertTrue(lowLatency.maxParkNs() < balanced.maxParkNs() && balanced.maxParkNs() < lowCpu.maxParkNs());
        assertEquals(LINUX_LIKE.parkFloorNs(), lowLatency.maxParkNs());
        assertEquals(0, lowCpu.yieldNs());
    }

    @Test
    void maxParkBelowTheFloorMeansOneFloor()
    {
        final IdlePlan plan = IdlePreset.LOW_CPU.plan(WINDOWS_LIKE, Duration.ofMillis(2));

        assertEquals(WINDOWS_LIKE.parkFloorNs(), plan.maxParkNs());
    }

    @Test
    void parksArePlannedInActualDurations()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> requestNs + 60_000;
        final CalibratedIdleStrategy strategy =
            new CalibratedIdleStrategy(() -> LINUX_LIKE, IdlePreset.LOW_CPU, null, waits);
        strategy.idle();
        final long parkStartNs = waits.nowNs;
        while (waits.count("park") == 0)
        {
            strategy.idle();
        }
        for (int i = 0; i < 3; i++)
        {
            strategy.idle();
        }

        assertEquals(java.util.List.of(15_000L, 90_000L, 240_000L, 540_000L), waits.parkRequests);
        assertTrue(waits.nowNs - parkStartNs >= 75_000 + 150_000 + 300_000 + 600_000);
    }

    @Test
    void followsRecalibrationAtTheNextIdleEpisode()
    {
        properties.put(TimerProfile.PARK_FLOOR_PROPERTY, "100us");
        final CalibratedIdleStrategy strategy =
            new CalibratedIdleStrategy(profiles::get, IdlePreset.BALANCED, null, new ScriptedWaits());
        assertEquals(100_000, strategy.plan().minParkNs());

        strategy.idle(0);
        properties.put(TimerProfile.PARK_FLOOR_PROPERTY, "4ms");
        final TimerProfile coarse = profiles.refresh();
        strategy.idle(0);
        assertEquals(100_000, strategy.plan().minParkNs(), "not in the middle of an idle episode");
        strategy.idle(1);
        strategy.idle(0);

        assertSame(coarse, strategy.profile());
        assertEquals(4_000_000, strategy.plan().minParkNs());
        assertEquals(250_000, strategy.plan().spinNs());
    }

    @Test
    void fixedProfileIgnoresRecalibration()
    {
        final CalibratedIdleStrategy strategy = new CalibratedIdleStrategy(LINUX_LIKE, IdlePreset.BALANCED);
        final TimerProfile before = TimerProfile.current();
        final TimerProfile recalibrated = TimerProfile.recalibrate();
        assertNotSame(before, recalibrated);

        strategy.idle(0);

        assertSame(LINUX_LIKE, strategy.profile());
    }

    @Test
    @ResourceLock(Resources.SYSTEM_PROPERTIES)
    void aeronStyleInstantiationByClassNameHonoursThePresetProperty() throws Exception
    {
        final String previous = System.setProperty(IdlePreset.PRESET_PROPERTY, "LOW_LATENCY");
        try
        {
            final IdleStrategy strategy = (IdleStrategy)Class.forName("io.github.idlekit.CalibratedIdleStrategy")
                .getConstructor().newInstance();

            assertEquals("calibrated:low-latency", strategy.alias());
        }
        finally
        {
            restore(IdlePreset.PRESET_PROPERTY, previous);
        }
    }

    @Test
    @ResourceLock(Resources.SYSTEM_PROPERTIES)
    void badPresetPropertyNamesPropertyAndValue()
    {
        final String previous = System.setProperty(IdlePreset.PRESET_PROPERTY, "turbo");
        try
        {
            final IllegalArgumentException ex =
                assertThrows(IllegalArgumentException.class, CalibratedIdleStrategy::new);

            assertEquals("idlekit.preset: preset: unknown value 'turbo'; expected low-latency, balanced or low-cpu",
                ex.getMessage());
        }
        finally
        {
            restore(IdlePreset.PRESET_PROPERTY, previous);
        }
    }

    static void restore(final String property, final String previous)
    {
        if (null == previous)
        {
            System.clearProperty(property);
        }
        else
        {
            System.setProperty(property, previous);
        }
    }

    @Test
    void badArgumentsAreNamed()
    {
        assertEquals("preset", assertThrows(NullPointerException.class,
            () -> new CalibratedIdleStrategy((IdlePreset)null)).getMessage());
        assertEquals("profile", assertThrows(NullPointerException.class,
            () -> new CalibratedIdleStrategy(null, IdlePreset.BALANCED)).getMessage());
        assertEquals("maxPark must be positive: PT-1S", assertThrows(IllegalArgumentException.class,
            () -> new CalibratedIdleStrategy(IdlePreset.BALANCED, Duration.ofSeconds(-1))).getMessage());
    }

    @Test
    void differentProfilesGiveDifferentAliasesOnlyByPreset()
    {
        final CalibratedIdleStrategy linux = new CalibratedIdleStrategy(LINUX_LIKE, IdlePreset.BALANCED);
        final CalibratedIdleStrategy windows = new CalibratedIdleStrategy(WINDOWS_LIKE, IdlePreset.BALANCED);

        assertEquals(linux.alias(), windows.alias());
        assertNotEquals(linux.plan(), windows.plan());
    }
}
