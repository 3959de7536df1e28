package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static io.github.idlekit.ScriptedProfiles.WINDOWS_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParkTimerModelTest
{
    private static final long SHORTEST = ParkTimerModel.SHORTEST_REQUEST_NS;
    private static final long HALF_A_RING = ParkTimerModel.SAMPLES / 2;

    @Test
    void untilItsOwnParksSpeakTheModelHoldsItsSeed()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);

        assertEquals(LINUX_LIKE.parkFloorNs(), timer.floorNs());
        assertEquals(LINUX_LIKE.parkCpuNs(), timer.parkCpuNs());
        assertFalse(timer.coarse());
        assertEquals(500_000 - LINUX_LIKE.parkOvershootNs(), timer.requestFor(500_000, 0));
        assertEquals(SHORTEST, timer.requestFor(LINUX_LIKE.parkOvershootNs() / 2, 0), "never a request of 0 or less");
    }

    @Test
    void aThreadsOwnShortestParksMoveTheFloorOnceTheyAreMoreThanHalfTheRing()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        long nowNs = shortestParks(timer, HALF_A_RING, 6_000, 0);
        timer.update(nowNs);
        assertEquals(LINUX_LIKE.parkOvershootNs(), timer.floorNs(), "the seed's median, bounded by the overshoot");

        nowNs = shortestParks(timer, 1, 6_000, nowNs);
        timer.update(nowNs);
        assertEquals(6_000, timer.floorNs());
    }

    @Test
    void oneDescheduledParkMovesNothing()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        long nowNs = shortestParks(timer, ParkTimerModel.SAMPLES - 1, 70_000, 0);
        timer.record(SHORTEST, 5_000_000, nowNs += 5_000_000);
        timer.update(nowNs);

        assertEquals(70_000, timer.floorNs());
    }

    @Test
    void longParksBoundTheFloorByTheirOvershootButNotBelowTheShortestParkSeen()
    {
        // a thread whose timer slack is 1 µs, planned parks of 500 µs lasting 6 µs more
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        long nowNs = 0;
        for (int i = 0; i < ParkTimerModel.SAMPLES; i++)
        {
            timer.record(500_000, 506_000, nowNs += 600_000);
        }
        timer.update(nowNs);
        assertEquals(LINUX_LIKE.parkFloorNs(), timer.floorNs(), "no park as short as the overshoot seen yet");
        assertEquals(500_000 - 6_000, timer.requestFor(500_000, nowNs));

        timer.record(SHORTEST, 7_000, nowNs += 10_000);
        timer.update(nowNs);
        assertEquals(7_000, timer.floorNs(), "one probe is enough: the overshoot says the seed is out of date");
    }

    @Test
    void aRingWithNoSampleForASecondGoesBackToItsSeed()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        long nowNs = 0;
        for (int i = 0; i < ParkTimerModel.SAMPLES; i++)
        {
            nowNs = shortestParks(timer, 1, 6_000, nowNs);
            timer.recordCpu(40_000, nowNs);
        }
        timer.update(nowNs + ParkTimerModel.STALE_AFTER_NS);
        assertEquals(6_000, timer.floorNs());
        assertEquals(40_000, timer.parkCpuNs());

        timer.update(nowNs + ParkTimerModel.STALE_AFTER_NS + 1);
        assertEquals(LINUX_LIKE.parkFloorNs(), timer.floorNs());
        assertEquals(LINUX_LIKE.parkCpuNs(), timer.parkCpuNs());
    }

    @Test
    void aParkCpuThatCouldNotBeReadIsNoSample()
    {
        final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
        for (int i = 0; i < ParkTimerModel.CPU_SAMPLES; i++)
        {
            timer.recordCpu(-1, i);
        }
        timer.update(ParkTimerModel.CPU_SAMPLES);
        assertEquals(LINUX_LIKE.parkCpuNs(), timer.parkCpuNs());

        for (int i = 0; i <= ParkTimerModel.CPU_SAMPLES / 2; i++)
        {
            timer.recordCpu(20_000, i);
        }
        timer.update(ParkTimerModel.CPU_SAMPLES);
        assertEquals(20_000, timer.parkCpuNs());
    }

    @Test
    void coarseParksThatDisagreeInARowChangeTheModelAtOnce()
    {
        // another process raised the Windows timer resolution: the shortest park now lasts 1 ms, not a tick
        final ParkTimerModel timer = new ParkTimerModel(WINDOWS_LIKE, 0);
        assertTrue(timer.coarse());
        long nowNs = 0;
        for (int i = 1; i < ParkTimerModel.CHANGED_AFTER; i++)
        {
            assertFalse(timer.record(SHORTEST, 1_000_000 + i, nowNs += 1_000_000 + i), "park " + i);
            assertTrue(timer.unsettled());
        }
        assertEquals(WINDOWS_LIKE.parkFloorNs(), timer.floorNs());

        assertTrue(timer.record(SHORTEST, 1_000_000, nowNs += 1_000_000));
        assertFalse(timer.unsettled());
        assertEquals(1_000_004, timer.floorNs(), "the median of the parks in the row, with no plan between");
        assertEquals(4_000_000 - 1_000_004, timer.requestFor(4_000_000, nowNs), "the overshoot follows too");
    }

    @Test
    void oneParkThatAgreesBreaksTheRow()
    {
        final ParkTimerModel timer = new ParkTimerModel(WINDOWS_LIKE, 0);
        long nowNs = 0;
        for (int i = 1; i < 2 * ParkTimerModel.CHANGED_AFTER - 1; i++)
        {
            // a park that lasts a tick, as the model expects, in the middle of the row
            final long actualNs = i == ParkTimerModel.CHANGED_AFTER - 1 ? WINDOWS_LIKE.parkFloorNs() : 1_000_000;
            assertFalse(timer.record(SHORTEST, actualNs, nowNs += actualNs + 1_234), "park " + i);
        }

        assertTrue(timer.unsettled());
        assertEquals(WINDOWS_LIKE.parkFloorNs(), timer.floorNs());
    }

    /**
     * Records {@code parks} shortest parks of {@code actualNs}, one every 100 µs after {@code nowNs}.
     *
     * @return when the last ended.
     */
    private static long shortestParks(
        final ParkTimerModel timer, final long parks, final long actualNs, final long nowNs)
    {
        long atNs = nowNs;
        for (int i = 0; i < parks; i++)
        {
            timer.record(SHORTEST, actualNs, atNs += 100_000);
        }
        return atNs;
    }
}
