package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class FirstParkOverflowTest
{
    private static final long FLOOR_NS = 60_000;

    @Test
    void twoBlocksInARowOfEpisodesEndingInALongParkUntilAMomentAreAChange()
    {
        final FirstParkOverflow overflow = new FirstParkOverflow();
        overflow.watch(parkUntil(FirstParkOverflow.UNTIL_FLOORS * FLOOR_NS, 0.05), FLOOR_NS);

        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1));
        assertEquals(1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1), "the second block in a row");
    }

    @Test
    void aBlockThatDoesNotOverflowStartsTheCountAgain()
    {
        final FirstParkOverflow overflow = new FirstParkOverflow();
        overflow.watch(parkUntil(FirstParkOverflow.UNTIL_FLOORS * FLOOR_NS, 0.05), FLOOR_NS);

        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1));
        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.MIN_ENDS - 1, 1), "nearly all, not most");
        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.MIN_ENDS, 1));
        assertEquals(1, blocksUntilChange(overflow, FirstParkOverflow.MIN_ENDS, 1));
    }

    @Test
    void episodesEndingWhereThePlanExpectsThemAreNoChange()
    {
        final FirstParkOverflow overflow = new FirstParkOverflow();
        // the plan expects nine in ten to end in the first park: four times that share is more than a block
        overflow.watch(parkUntil(FirstParkOverflow.UNTIL_FLOORS * FLOOR_NS, 0.9), FLOOR_NS);

        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 10));
    }

    @Test
    void oneBlockIsAChangeWhereTheFirstParkStartsASteadyTrain()
    {
        final IdleSchedule schedule = new IdleSchedule();
        schedule.clear(1_000_000);
        schedule.add(IdleSchedule.SPIN, 2_000, 0);
        schedule.add(IdleSchedule.PARK_EVERY, 10_000_000, FirstParkOverflow.TRAIN_FLOORS * FLOOR_NS);
        schedule.steadyTrains = true;
        schedule.firstParkEndShare = 0.3;
        final FirstParkOverflow overflow = new FirstParkOverflow();
        overflow.watch(schedule, FLOOR_NS);

        assertEquals(1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1));
    }

    @Test
    void firstParksTooShortToTellAndStoppedWatchingAreNeverAChange()
    {
        final FirstParkOverflow shortPark = new FirstParkOverflow();
        shortPark.watch(parkUntil(FirstParkOverflow.UNTIL_FLOORS * FLOOR_NS - 1, 0.05), FLOOR_NS);
        final FirstParkOverflow stopped = new FirstParkOverflow();
        stopped.watch(parkUntil(FirstParkOverflow.UNTIL_FLOORS * FLOOR_NS, 0.05), FLOOR_NS);
        stopped.stop();

        assertEquals(-1, blocksUntilChange(shortPark, FirstParkOverflow.BLOCK, 4));
        assertEquals(-1, blocksUntilChange(stopped, FirstParkOverflow.BLOCK, 4));
    }

    @Test
    void aNewPlanForgetsTheBlocksOfTheLast()
    {
        final FirstParkOverflow overflow = new FirstParkOverflow();
        final IdleSchedule schedule = parkUntil(FirstParkOverflow.UNTIL_FLOORS * FLOOR_NS, 0.05);
        overflow.watch(schedule, FLOOR_NS);
        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1));
        for (int e = 0; e < FirstParkOverflow.BLOCK / 2; e++)
        {
            assertFalse(overflow.changed(true));
        }

        overflow.watch(schedule, FLOOR_NS);

        assertEquals(-1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1));
        assertEquals(1, blocksUntilChange(overflow, FirstParkOverflow.BLOCK, 1));
    }

    private static IdleSchedule parkUntil(final long afterSpinNs, final double firstParkEndShare)
    {
        final IdleSchedule schedule = new IdleSchedule();
        schedule.clear(1_000_000);
        schedule.add(IdleSchedule.SPIN, 2_000, 0);
        schedule.add(IdleSchedule.PARK_UNTIL, 2_000 + afterSpinNs, 0);
        schedule.add(IdleSchedule.SPIN, 3_000 + afterSpinNs, 0);
        schedule.firstParkEndShare = firstParkEndShare;
        return schedule;
    }

    /**
     * Feeds {@code blocks} blocks in each of which {@code endedInFirstPark} episodes ended during their first park.
     *
     * @return the block (from 1) whose last episode made the change, or -1 if none did.
     */
    private static int blocksUntilChange(final FirstParkOverflow overflow, final int endedInFirstPark, final int blocks)
    {
        for (int block = 1; block <= blocks; block++)
        {
            for (int e = 0; e < FirstParkOverflow.BLOCK; e++)
            {
                if (overflow.changed(e < endedInFirstPark))
                {
                    return e == FirstParkOverflow.BLOCK - 1 ? block : -2;
                }
            }
        }
        return -1;
    }
}
