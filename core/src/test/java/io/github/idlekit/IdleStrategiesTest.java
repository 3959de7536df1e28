package io.github.idlekit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Random;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class IdleStrategiesTest
{
    @Test
    void builderMakesThePlanItSays()
    {
        final PhasedIdleStrategy strategy = IdleStrategies.spin(Duration.of(20, ChronoUnit.MICROS))
            .thenYield(Duration.of(50, ChronoUnit.MICROS))
            .thenPark(Duration.of(70, ChronoUnit.MICROS), Duration.ofMillis(1));

        assertEquals(new IdlePlan(0, 20_000, 0, 50_000, 70_000, 1_000_000, IdlePlan.DOUBLING, 0), strategy.plan());
        assertEquals("spin:20us,yield:50us,park:70us..1ms", strategy.alias());
    }

    @Test
    void everyBuilderPathMakesThePlanOfItsSpec()
    {
        final Duration us70 = Duration.of(70, ChronoUnit.MICROS);
        final Duration ms1 = Duration.ofMillis(1);
        final PhasedIdleStrategy[] built = {
            IdleStrategies.spin(100).thenYield(10).thenPark(us70),
            IdleStrategies.spin(100).thenYield(Duration.of(5, ChronoUnit.MICROS)).thenPark(us70, ms1, 1.25),
            IdleStrategies.spin(Duration.of(5, ChronoUnit.MICROS)).thenPark(us70, ms1),
            IdleStrategies.spin(7).thenPark(us70, ms1, 3),
            IdleStrategies.spin(7).thenPark(ms1),
            IdleStrategies.spin(10).thenYield(),
            IdleStrategies.yielding(20).thenPark(us70, ms1),
            IdleStrategies.yielding(Duration.of(20, ChronoUnit.MICROS)).thenPark(us70, ms1, 1.5),
            IdleStrategies.park(us70, ms1),
            IdleStrategies.spin(),
        };
        final String[] specs = {
            "spin:100,yield:10,park:70us",
            "spin:100,yield:5us,park:70us..1ms*1.25",
            "spin:5us,park:70us..1ms",
            "spin:7,park:70us..1ms*3",
            "spin:7,park:1ms",
            "spin:10,yield",
            "yield:20,park:70us..1ms",
            "yield:20us,park:70us..1ms*1.5",
            "park:70us..1ms",
            "spin:forever",
        };
        for (int i = 0; i < built.length; i++)
        {
            assertEquals(specs[i], built[i].alias());
            assertEquals(((PhasedIdleStrategy)IdleStrategies.parse(specs[i])).plan(), built[i].plan(), specs[i]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "spin:20us,yield:50us,park:70us..1ms",
        "spin:100,yield:10,park:1us..1ms",
        "spin:5us,park:1ms",
        "yield:20,park:50us..200us",
        "park:70us..1ms",
        "park:70us..1ms*1.25",
        "spin:1us,park:50us..2ms*3",
        "spin:10,yield",
        "spin:forever",
        "yield:forever",
        "calibrated:balanced",
        "calibrated:low-latency",
        "calibrated:low-cpu:2ms",
        "calibrated:balanced:9223372036854775807ns",
        "wakeable:9223372036854775807ns",
        "park:1ns..9223372036854775807ns",
    })
    void aliasRoundTripsThroughParse(final String spec)
    {
        final IdleStrategy parsed = IdleStrategies.parse(spec);
        final IdleStrategy reparsed = IdleStrategies.parse(parsed.alias());

        assertEquals(spec, parsed.alias());
        assertEquals(parsed.getClass(), reparsed.getClass());
        assertEquals(parsed.alias(), reparsed.alias());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Calibrated:Low-CPU:2MS|calibrated:low-cpu:2ms",
        "CALIBRATED:LAMBDA=2.5|calibrated:lambda=2.5",
        "Wakeable:1S|wakeable:1s",
        "SPIN:20US,Yield:50us,PARK:70us..1ms|spin:20us,yield:50us,park:70us..1ms",
        "Backoff|backoff",
    })
    void caseDoesNotMatter(final String spec, final String alias)
    {
        assertEquals(alias, IdleStrategies.parse(spec).alias());
    }

    @Test
    @ResourceLock(Resources.SYSTEM_PROPERTIES)
    void bareCalibratedUsesThePresetProperty()
    {
        final String previous = System.setProperty(IdlePreset.PRESET_PROPERTY, "low-cpu");
        try
        {
            assertEquals("calibrated:low-cpu", IdleStrategies.parse("calibrated").alias());
            System.clearProperty(IdlePreset.PRESET_PROPERTY);
            assertEquals("calibrated:balanced", IdleStrategies.parse("calibrated").alias());
        }
        finally
        {
            CalibratedIdleStrategySpecTest.restore(IdlePreset.PRESET_PROPERTY, previous);
        }
    }

    @Test
    void agronaAliasesGiveAgronaStrategies()
    {
        assertSame(NoOpIdleStrategy.INSTANCE, IdleStrategies.parse("noop"));
        assertSame(BusySpinIdleStrategy.INSTANCE, IdleStrategies.parse("spin"));
        assertSame(YieldingIdleStrategy.INSTANCE, IdleStrategies.parse("yield"));
        assertInstanceOf(SleepingIdleStrategy.class, IdleStrategies.parse("sleep-ns"));
        assertInstanceOf(SleepingMillisIdleStrategy.class, IdleStrategies.parse("sleep-ms"));
        assertInstanceOf(BackoffIdleStrategy.class, IdleStrategies.parse(" backoff "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "spin:20us,wait:5ms|unknown phase 'wait:5ms'",
        "park:1ms,spin:20us|phase 'spin:20us' out of order",
        "spin:1us,spin:2us|phase 'spin:2us' out of order or repeated",
        "spin,park:1ms|phase 'park:1ms' follows the unbounded phase 'spin'",
        "spin:20us|a plan without a park phase must end with an unbounded phase",
        "park|phase 'park' needs a period",
        "park:2ms..1ms|minPark must not exceed maxPark: minPark=2ms maxPark=1ms",
        "spin:0,park:1ms|'spin:0' count must be positive",
        "spin:20xs,park:1ms|'spin:20xs': '20xs' unknown unit",
        "park:1ms..|maxPark: '' expected a whole number",
        "park:1.5ms|minPark: '1.5ms' expected a whole number followed by ns, us, ms or s; write a fraction",
        "calibrated:balanced:1e3ns|maxPark: '1e3ns' expected a whole number",
        "wakeable:100|maxPark: '100' has no unit",
        "wakeable:-5ms|maxPark: '-5ms' must be positive",
        "park:1ms..2ms*fast|growth in 'park:1ms..2ms*fast' is not a number: 'fast'",
        "park:1ms..2ms*1|parkGrowth must be above 1 and at most 16.0: 1.0",
        "calibrated:fast|preset: unknown value 'fast'",
        "calibrated:balanced:0ms|maxPark: '0ms' must be positive",
        "fixed:low-cpu:1ms|fixed:<preset> takes no maxPark, the preset's plan has its own: 'low-cpu:1ms'",
        "fixed:fast|preset: unknown value 'fast'",
        "''|unknown phase ''",
    })
    void malformedSpecsQuoteTheSpecAndTheOffendingToken(final String spec, final String expected)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> IdleStrategies.parse(spec));

        assertTrue(ex.getMessage().startsWith("spec '" + spec + "': "), ex.getMessage());
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
    }

    @Test
    void nullSpecIsNamed()
    {
        assertEquals("spec", assertThrows(NullPointerException.class, () -> IdleStrategies.parse(null)).getMessage());
    }

    @Test
    void builderRejectsBadInputNamingTheParameter()
    {
        assertEquals("spin must be positive: PT0S",
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.spin(Duration.ZERO)).getMessage());
        assertEquals("yield count must be positive and finite: -1",
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.spin(5).thenYield(-1)).getMessage());
        assertEquals("minPark must not exceed maxPark: minPark=2ms maxPark=1ms",
            assertThrows(IllegalArgumentException.class,
                () -> IdleStrategies.park(Duration.ofMillis(2), Duration.ofMillis(1))).getMessage());
        assertEquals("maxPark",
            assertThrows(NullPointerException.class,
                () -> IdleStrategies.spin(1).thenPark(Duration.ofMillis(2), null)).getMessage());
    }

    @Test
    void everyPlanRoundTripsThroughItsSpecExactly()
    {
        final Random random = new Random(20261122L);
        for (int i = 0; i < 5_000; i++)
        {
            final IdlePlan plan = randomPlan(random);

            final IdlePlan parsed = ((PhasedIdleStrategy)IdleStrategies.parse(plan.toSpec())).plan();

            assertEquals(plan, parsed, plan.toSpec());
            assertEquals(plan.toSpec(), new PhasedIdleStrategy(plan).alias());
        }
    }

    @Test
    void calibratedPlansKeepTheirOvershootInTheSpec()
    {
        final IdlePlan plan = new IdlePlan(0, 4_688, 0, 4_688, 75_000, 1_000_000, 1.25, 60_000);

        assertEquals("spin:4688ns,yield:4688ns,park:75us..1ms*1.25-60us", plan.toSpec());
        assertEquals("park:1ms..1ms*1.0000001", new IdlePlan(0, 0, 0, 0, 1_000_000, 1_000_000, 1.0000001, 0).toSpec());
    }

    private static IdlePlan randomPlan(final Random random)
    {
        final boolean parks = random.nextInt(4) > 0;
        final int spinKind = random.nextInt(parks ? 3 : 4);
        final int yieldKind = spinKind == 3 ? 0 : random.nextInt(parks ? 3 : 4);
        final long minParkNs = parks ? 1 + (long)(random.nextDouble() * random.nextDouble() * 20_000_000L) : 0;
        final long maxParkNs = parks ? minParkNs + (random.nextBoolean() ? 0 : random.nextInt(50_000_000)) : 0;
        final double growth = !parks || random.nextInt(3) == 0 ?
            IdlePlan.DOUBLING : 1 + Math.max(1e-9, random.nextDouble() * (IdlePlan.MAX_PARK_GROWTH - 1));
        final long overshootNs = parks && random.nextBoolean() ? 1 + random.nextInt(20_000_000) : 0;
        final boolean unboundedLast = !parks && (spinKind != 3 && yieldKind != 3);
        return new IdlePlan(
            countOf(spinKind, random), nanosOf(spinKind, random),
            unboundedLast ? IdlePlan.UNBOUNDED : countOf(yieldKind, random), unboundedLast ? 0 : nanosOf(yieldKind, random),
            minParkNs, maxParkNs, growth, overshootNs);
    }

    /**
     * Kind 0: absent, 1: a count, 2: a duration, 3: unbounded.
     */
    private static long countOf(final int kind, final Random random)
    {
        return kind == 1 ? 1 + random.nextInt(1_000_000) : kind == 3 ? IdlePlan.UNBOUNDED : 0;
    }

    private static long nanosOf(final int kind, final Random random)
    {
        return kind == 2 ? 1 + (long)(random.nextDouble() * random.nextDouble() * 50_000_000L) : 0;
    }
}
