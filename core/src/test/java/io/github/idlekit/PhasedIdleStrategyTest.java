package io.github.idlekit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PhasedIdleStrategyTest
{
    private final ScriptedWaits waits = new ScriptedWaits();

    @AfterEach
    void clearInterrupt()
    {
        Thread.interrupted();
    }

    @Test
    void countBoundedPhasesRunInOrderThenBackOff()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(3, 0, 2, 0, 1_000, 8_000, IdlePlan.DOUBLING, 0), waits);

        for (int i = 0; i < 9; i++)
        {
            strategy.idle(0);
        }

        assertEquals(
            List.of("spin", "spin", "spin", "yield", "yield", "park", "park", "park", "park"), waits.calls);
        assertEquals(List.of(1_000L, 2_000L, 4_000L, 8_000L), waits.parkRequests);
    }

    @Test
    void parkPeriodDoublesUpToTheMaximumAndStaysThere()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(new IdlePlan(0, 0, 0, 0, 3_000, 10_000, IdlePlan.DOUBLING, 0), waits);

        for (int i = 0; i < 5; i++)
        {
            strategy.idle();
        }

        assertEquals(List.of(3_000L, 6_000L, 10_000L, 10_000L, 10_000L), waits.parkRequests);
    }

    @Test
    void parkPeriodGrowsByTheGrowthFactorAndAlwaysProgresses()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(new IdlePlan(0, 0, 0, 0, 2, 1_000, 1.25, 0), waits);

        for (int i = 0; i < 6; i++)
        {
            strategy.idle();
        }

        assertEquals(List.of(2L, 3L, 4L, 5L, 6L, 7L), waits.parkRequests);
    }

    @Test
    void backoffDoesNotOverflowNearLongMax()
    {
        final long maxNs = Long.MAX_VALUE - 1;
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(0, 0, 0, 0, Long.MAX_VALUE / 2 + 1, maxNs, IdlePlan.DOUBLING, 0), waits);

        strategy.idle();
        strategy.idle();
        strategy.idle();

        assertEquals(List.of(Long.MAX_VALUE / 2 + 1, maxNs, maxNs), waits.parkRequests);
    }

    @Test
    void timeBoundedPhasesEndWhenTheirTimeIsUp()
    {
        waits.spinCostNs = 100;
        waits.yieldCostNs = 1_000;
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(0, 1_000, 0, 5_000, 50_000, 50_000, IdlePlan.DOUBLING, 0), waits);

        for (int i = 0; i < 16; i++)
        {
            strategy.idle();
        }

        assertEquals(10, waits.count("spin"));
        assertEquals(5, waits.count("yield"));
        assertEquals(1, waits.count("park"));
    }

    @Test
    void timeBoundsSurviveNanoTimeWrapAround()
    {
        waits.nowNs = Long.MAX_VALUE - 250;
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(0, 1_000, 0, 0, 50_000, 50_000, IdlePlan.DOUBLING, 0), waits);

        for (int i = 0; i < 11; i++)
        {
            strategy.idle();
        }

        assertEquals(10, waits.count("spin"));
        assertEquals(1, waits.count("park"));
    }

    @Test
    void workFoundStartsTheNextEpisodeFromTheFirstPhase()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(new IdlePlan(1, 0, 0, 0, 1_000, 4_000, IdlePlan.DOUBLING, 0), waits);
        strategy.idle(0);
        strategy.idle(0);
        strategy.idle(0);
        final long clockBeforeWork = waits.nowNs;

        strategy.idle(5);

        assertEquals(clockBeforeWork, waits.nowNs, "work found must not wait");
        strategy.idle(0);
        strategy.idle(0);
        assertEquals(List.of("spin", "park", "park", "spin", "park"), waits.calls);
        assertEquals(List.of(1_000L, 2_000L, 1_000L), waits.parkRequests);
    }

    @Test
    void resetStartsAFreshEpisode()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(new IdlePlan(0, 0, 0, 0, 1_000, 4_000, IdlePlan.DOUBLING, 0), waits);
        strategy.idle();
        strategy.idle();

        strategy.reset();
        strategy.idle();

        assertEquals(List.of(1_000L, 2_000L, 1_000L), waits.parkRequests);
    }

    @Test
    void parkRequestsAreShortenedByTheOvershootButNeverBelowOneNanosecond()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(0, 0, 0, 0, 50_000, 400_000, IdlePlan.DOUBLING, 60_000), waits);

        for (int i = 0; i < 4; i++)
        {
            strategy.idle();
        }

        assertEquals(List.of(1L, 40_000L, 140_000L, 340_000L), waits.parkRequests);
    }

    @Test
    void unboundedLastPhaseNeverEnds()
    {
        final PhasedIdleStrategy strategy = IdleStrategies.spin(2).thenYield();
        final PhasedIdleStrategy scripted = new PhasedIdleStrategy(strategy.plan(), waits);

        for (int i = 0; i < 1_000; i++)
        {
            scripted.idle();
        }

        assertEquals(2, waits.count("spin"));
        assertEquals(998, waits.count("yield"));
    }

    @Test
    void interruptedThreadStillParksAndKeepsItsInterruptStatus()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(new IdlePlan(0, 0, 0, 0, 1_000, 1_000, IdlePlan.DOUBLING, 0), waits);
        Thread.currentThread().interrupt();

        strategy.idle();
        strategy.idle();

        assertEquals(4, waits.count("park"), "one park consumes the permit the interrupt left, one waits");
        assertTrue(Thread.currentThread().isInterrupted());
    }
}
