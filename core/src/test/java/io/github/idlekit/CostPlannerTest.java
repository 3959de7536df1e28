package io.github.idlekit;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CostPlannerTest
{

    @Test
    void aPlanMadeOneStepPerSliceIsThePlanMadeAtOnce()
    {
        final IdleGapHistogram gaps = exponentialGaps(1_000_000, 300);
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        final CostPlanner planner = new CostPlanner();
        final ScriptedWaits clock = new ScriptedWaits();

        planner.begin(gaps, timer, 1.0, 7_000, 10_000_000, 0);
        assertTrue(planner.advance(clock, Long.MAX_VALUE));
        final String atOnce = written(planner);
        planner.begin(gaps, timer, 1.0, 7_000, 10_000_000, 0);
        final int slices = slicesOfOneStep(planner, clock);
        final String inSlices = written(planner);

        assertEquals(atOnce, inSlices);
        assertTrue(slices > IdleGapHistogram.OCTAVES, slices + " slices");
        assertNotEquals("then park every 10.0 ms", atOnce);
    }

    @Test
    void aPlanForWakesMadeOneStepPerSliceIsThePlanMadeAtOnce()
    {
        final IdleGapHistogram gaps = exponentialGaps(100_000, 300);
        final CostPlanner planner = new CostPlanner();
        final ScriptedWaits clock = new ScriptedWaits();

        planner.beginForWakes(gaps, 40_000, 100_000_000);
        assertTrue(planner.advance(clock, Long.MAX_VALUE));
        final String atOnce = written(planner);
        planner.beginForWakes(gaps, 40_000, 100_000_000);
        final int slices = slicesOfOneStep(planner, clock);

        assertEquals(atOnce, written(planner));
        assertTrue(slices > IdleGapHistogram.OCTAVES, slices + " slices");
        assertTrue(atOnce.startsWith("spin to "), atOnce);
    }

    @Test
    void onlyAPlanMadeMostlyForMemorylessEpisodesKeepsItsParkTrainsSteady()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        final IdleGapHistogram memoryless = exponentialGaps(10_000_000, 300);
        final IdleGapHistogram twoPeaked = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
        for (int i = 0; i < 300; i++)
        {
            final long gapNs = i % 2 == 0 ? 10_000 : 2_000_000;
            twoPeaked.record(gapNs, gapNs, LINUX_LIKE.parkFloorNs());
        }

        assertTrue(planned(memoryless, timer).steadyTrains);
        assertFalse(planned(twoPeaked, timer).steadyTrains);
    }

    @Test
    void regularGapsShorterThanAFloorLookMemorylessOnlyWhereThePlanParkedAcrossThem()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        final IdleGapHistogram regular = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
        for (int i = 0; i < 300; i++)
        {
            regular.record(10_000, 10_000, LINUX_LIKE.parkFloorNs());
        }

        // parked across at once, 10 µs gaps end somewhere in the first park, as memoryless ones would
        assertTrue(planned(regular, timer, 0).steadyTrains);
        assertFalse(planned(regular, timer, 200_000).steadyTrains);
    }

    @Test
    void aPlanExpectsTheEpisodesThatEndBeforeItsFirstParkUntilAMomentEndsToEndInThatPark()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        final IdleGapHistogram regular = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
        final Random random = new Random(5);
        for (int i = 0; i < 300; i++)
        {
            // a few end in the first millisecond, the rest after a regular 10 ms
            final long gapNs = i % 20 == 0 ? 500_000 + random.nextInt(500_000) : 10_000_000 + random.nextInt(100_000);
            regular.record(gapNs, gapNs, LINUX_LIKE.parkFloorNs());
        }

        final IdleSchedule schedule = planned(regular, timer, 20_000);
        final long firstParkEndsNs = schedule.spinBeforeFirstParkNs() + schedule.firstParkUntilNs();
        double endedInFirstPark = 0;
        for (int k = 0; regular.edgeNs(k + 1) <= firstParkEndsNs; k++)
        {
            endedInFirstPark += regular.edgeNs(k) >= schedule.spinBeforeFirstParkNs() ? regular.probability(k) : 0;
        }

        assertTrue(firstParkEndsNs > 500_000 && firstParkEndsNs < 9_000_000, schedule.describe());
        assertTrue(endedInFirstPark > 0.02, "share in the first park " + endedInFirstPark + ": " + schedule.describe());
        assertEquals(endedInFirstPark, schedule.firstParkEndShare, 0.2 * endedInFirstPark, schedule.describe());
    }

    private static IdleSchedule planned(final IdleGapHistogram gaps, final ParkTimerModel timer)
    {
        return planned(gaps, timer, 0);
    }

    private static IdleSchedule planned(final IdleGapHistogram gaps, final ParkTimerModel timer, final long spinNs)
    {
        final CostPlanner planner = new CostPlanner();
        planner.begin(gaps, timer, 1.0, 7_000, 10_000_000, spinNs);
        assertTrue(planner.advance(new ScriptedWaits(), Long.MAX_VALUE));
        final IdleSchedule schedule = new IdleSchedule();
        schedule.beginRewrite();
        planner.write(schedule);
        schedule.endRewrite();
        return schedule;
    }

    private static int slicesOfOneStep(final CostPlanner planner, final ScriptedWaits clock)
    {
        clock.clockReadCostNs = 1;
        int slices = 1;
        while (!planner.advance(clock, clock.nowNs))
        {
            slices++;
        }
        clock.clockReadCostNs = 0;
        return slices;
    }

    private static String written(final CostPlanner planner)
    {
        final IdleSchedule schedule = new IdleSchedule();
        schedule.beginRewrite();
        planner.write(schedule);
        schedule.endRewrite();
        return schedule.describe();
    }

    private static IdleGapHistogram exponentialGaps(final long meanNs, final int count)
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
        final Random random = new Random(7);
        for (int i = 0; i < count; i++)
        {
            final long gapNs = (long)(-Math.log(1 - random.nextDouble()) * meanNs);
            gaps.record(Math.max(0, gapNs - 20_000), gapNs, LINUX_LIKE.parkFloorNs());
        }
        return gaps;
    }
}
