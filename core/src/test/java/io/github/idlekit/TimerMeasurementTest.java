package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerMeasurementTest
{
    private static final long BUDGET_NS = 50_000_000L;

    @Test
    void coarseTimerStaysNearTheBudgetWithThreeSamples()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> 15_625_000L * (1 + requestNs / 15_625_000L);

        final long startNs = waits.nowNs;
        final TimerProfile profile = new TimerMeasurement(waits, BUDGET_NS).run();

        assertEquals(15_625_000L, profile.parkFloorNs());
        assertEquals(TimerMeasurement.MIN_PARK_SAMPLES, profile.parkSamples());
        assertEquals(profile.parkFloorNs(), profile.parkOvershootNs(), "overshoot assumed equal to the floor");
        assertTrue(waits.nowNs - startNs <= BUDGET_NS, "took " + (waits.nowNs - startNs) + " ns");
    }

    @Test
    void fineTimerTakesManySamplesAndMeasuresTheOvershoot()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> requestNs + 60_000;

        final TimerProfile profile = new TimerMeasurement(waits, BUDGET_NS).run();

        assertEquals(60_001, profile.parkFloorNs());
        assertEquals(TimerMeasurement.MAX_PARK_SAMPLES, profile.parkSamples());
        assertEquals(60_000, profile.parkOvershootNs());
        assertEquals(TimerProfile.Source.MEASURED, profile.source());
        assertEquals(100, profile.onSpinWaitNs(), 0.001);
        assertEquals(1_000, profile.yieldNs(), 0.001);
    }

    @Test
    void oneDescheduledSampleDoesNotMoveTheFloor()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        final long[] parks = { 0 };
        waits.parkDurationNs = requestNs -> ++parks[0] == 20 ? 40_000_000 : 70_000;

        final TimerProfile profile = new TimerMeasurement(waits, BUDGET_NS).run();

        assertEquals(70_000, profile.parkFloorNs());
        assertEquals(70_000, profile.parkFloorP90Ns());
    }

    @Test
    void slowYieldsOnALoadedMachineDoNotEatTheBudget()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.yieldCostNs = 3_000_000;
        waits.parkDurationNs = requestNs -> requestNs + 60_000;

        final long startNs = waits.nowNs;
        final TimerProfile profile = new TimerMeasurement(waits, BUDGET_NS).run();

        assertTrue(waits.nowNs - startNs <= BUDGET_NS + 200_000, "took " + (waits.nowNs - startNs) + " ns");
        assertTrue(profile.parkSamples() > 32, profile.toString());
        assertEquals(3_000_000, profile.yieldNs(), 0.001);
    }

    @Test
    void fineTimerDiscardsWarmUpParks()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        final long[] parks = { 0 };
        waits.parkDurationNs = requestNs -> ++parks[0] <= TimerMeasurement.MAX_WARMUP_PARKS ? 95_000 : 60_000;

        final TimerProfile profile = new TimerMeasurement(waits, BUDGET_NS).run();

        assertEquals(60_000, profile.parkFloorNs());
        assertEquals(60_000, profile.parkFloorP90Ns(), "no cold sample among the recorded ones");
    }

    @Test
    void percentileOfSortedSamples()
    {
        final long[] sorted = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

        assertEquals(5, TimerMeasurement.percentile(sorted, 50));
        assertEquals(9, TimerMeasurement.percentile(sorted, 90));
        assertEquals(10, TimerMeasurement.percentile(sorted, 100));
        assertEquals(7, TimerMeasurement.percentile(new long[]{ 7 }, 90));
    }
}
