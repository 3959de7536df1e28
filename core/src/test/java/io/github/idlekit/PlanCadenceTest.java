package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanCadenceTest
{
    private static final long FLOOR_NS = 60_000;
    private static final long PARK_CPU_NS = 10_000;
    private static final long PLAN_CPU_NS = 100_000;

    @Test
    void aPlanIsDueAfterItsEpisodesItsIntervalAndTheWaitingItsCpuAsksFor()
    {
        final PlanCadence cadence = new PlanCadence(0);
        cadence.planned(true, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        final long laterNs = PlanCadence.MIN_PLAN_INTERVAL_NS;
        final long enoughBusyNs = PlanCadence.CPU_DIVISOR * PLAN_CPU_NS;

        for (int e = 1; e < PlanCadence.EPISODES_PER_PLAN; e++)
        {
            assertFalse(cadence.dueAfterEpisode(laterNs, enoughBusyNs, 0, PARK_CPU_NS), "episode " + e);
        }
        assertFalse(cadence.dueAfterEpisode(laterNs - 1, enoughBusyNs, 0, PARK_CPU_NS), "too soon");
        assertFalse(cadence.dueAfterEpisode(laterNs, enoughBusyNs - 1, 0, PARK_CPU_NS), "too little waiting");
        assertTrue(cadence.dueAfterEpisode(laterNs, 0, enoughBusyNs / PARK_CPU_NS, PARK_CPU_NS),
            "parks count at their CPU");
    }

    @Test
    void eachPlanDoublesTheWaitingTheNextAsksForUpToTheMost()
    {
        final PlanCadence cadence = new PlanCadence(0);
        long divisor = PlanCadence.CPU_DIVISOR;
        cadence.planned(true, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        for (int plan = 1; plan < 6; plan++)
        {
            assertEquals(divisor, divisorNow(cadence), "plan " + plan);
            cadence.planned(false, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
            divisor = Math.min(PlanCadence.MAX_CPU_DIVISOR, 2 * divisor);
        }
        assertEquals(PlanCadence.MAX_CPU_DIVISOR, divisorNow(cadence));
    }

    @Test
    void aTimerThatHalvedOrDoubledAndALadderGoBackToTheLeastWaiting()
    {
        final PlanCadence cadence = new PlanCadence(0);
        cadence.planned(true, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        cadence.planned(false, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        cadence.planned(false, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        assertEquals(4 * PlanCadence.CPU_DIVISOR, divisorNow(cadence));

        cadence.planned(false, FLOOR_NS / 2 - 1, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        assertEquals(PlanCadence.CPU_DIVISOR, divisorNow(cadence), "the floor halved");
        cadence.planned(false, FLOOR_NS / 2 - 1, 2 * PARK_CPU_NS + 1, PLAN_CPU_NS, 0, 0, 0);
        assertEquals(PlanCadence.CPU_DIVISOR, divisorNow(cadence), "the park CPU doubled");
        cadence.planned(false, FLOOR_NS / 2 - 1, 2 * PARK_CPU_NS + 1, PLAN_CPU_NS, 0, 0, 0);
        assertEquals(2 * PlanCadence.CPU_DIVISOR, divisorNow(cadence));
        cadence.planned(true, FLOOR_NS / 2 - 1, 2 * PARK_CPU_NS + 1, PLAN_CPU_NS, 0, 0, 0);
        assertEquals(PlanCadence.CPU_DIVISOR, divisorNow(cadence), "from the ladder");
    }

    @Test
    void whileRelearningAPlanIsDueAfterItsEpisodesAndTheShortInterval()
    {
        final PlanCadence cadence = new PlanCadence(0);
        cadence.planned(true, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, 0);
        for (int e = 0; e < 3; e++)
        {
            cadence.dueAfterEpisode(1, 0, 0, PARK_CPU_NS);
        }

        cadence.relearn();

        for (int e = 1; e < PlanCadence.EPISODES_PER_PLAN; e++)
        {
            assertFalse(cadence.dueAfterEpisode(PlanCadence.MIN_RELEARN_INTERVAL_NS, 0, 0, PARK_CPU_NS));
        }
        assertFalse(cadence.dueAfterEpisode(PlanCadence.MIN_RELEARN_INTERVAL_NS - 1, 0, 0, PARK_CPU_NS));
        assertTrue(cadence.dueAfterEpisode(PlanCadence.MIN_RELEARN_INTERVAL_NS, 0, 0, PARK_CPU_NS),
            "no waiting asked for");
        cadence.planned(false, FLOOR_NS, PARK_CPU_NS, PLAN_CPU_NS, 0, 0, PlanCadence.MIN_RELEARN_INTERVAL_NS);
        cadence.episodesSincePlan = PlanCadence.EPISODES_PER_PLAN;
        assertFalse(cadence.dueAfterEpisode(2 * PlanCadence.MIN_RELEARN_INTERVAL_NS, Long.MAX_VALUE / 2, 0,
            PARK_CPU_NS), "relearnt: the plan interval again");
    }

    /**
     * @return the multiple of the last plan's CPU that must be spent waiting before the next, found as the least
     * waiting that makes the next plan due.
     */
    private static long divisorNow(final PlanCadence cadence)
    {
        for (long divisor = 1; divisor <= 2 * PlanCadence.MAX_CPU_DIVISOR; divisor++)
        {
            cadence.episodesSincePlan = PlanCadence.EPISODES_PER_PLAN;
            if (cadence.dueAfterEpisode(Long.MAX_VALUE / 2, divisor * PLAN_CPU_NS, 0, PARK_CPU_NS))
            {
                return divisor;
            }
        }
        return -1;
    }
}
