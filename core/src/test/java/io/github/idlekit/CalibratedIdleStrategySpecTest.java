package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

import java.time.Duration;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static io.github.idlekit.ScriptedProfiles.WINDOWS_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What users configure: the presets' static plans, the class-name path Aeron takes, bad input, and specs that
 * round-trip.
 */
class CalibratedIdleStrategySpecTest
{
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
    void badLatencyWeightsAreNamed()
    {
        for (final double bad : new double[]{ 0, -1, Double.NaN, Double.POSITIVE_INFINITY })
        {
            assertEquals("latencyWeight (λ) must be positive and finite: " + bad,
                assertThrows(IllegalArgumentException.class,
                    () -> new CalibratedIdleStrategy(bad, Duration.ofMillis(1))).getMessage());
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
    void aliasesRoundTripThroughParse()
    {
        for (final String spec : new String[]{
            "calibrated:balanced", "calibrated:low-cpu:2ms", "calibrated:lambda=2.5", "calibrated:lambda=0.3:500us" })
        {
            assertEquals(spec, IdleStrategies.parse(spec).alias());
        }
        assertEquals("calibrated:lambda=2.0", IdleStrategies.parse("calibrated:λ=2").alias());
        assertEquals("calibrated:low-latency", new LowLatencyIdleStrategy().alias());
        assertEquals("calibrated:low-cpu", new LowCpuIdleStrategy().alias());
    }
}
