package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuWeightTest
{
    private static final long PARK_CPU_NS = 20_000;

    @Test
    void aThreadThatRanAllTheTimeItWantedWeighsItsCpuAtOne()
    {
        assertEquals(1.0, weightAfter(10_000_000, 4_000_000, 6_200_000, 10).weight(), 1e-9);
    }

    @Test
    void aThreadThatRanAQuarterOfTheTimeItWantedWeighsItsCpuAtFour()
    {
        final CpuWeight weight = weightAfter(1_000, 10_000_000, 1_000_000, 6_200_000, 10);

        assertEquals(4.0, weight.weight(), 1e-6,
            "every 10 ms, 4 ms out of parks (each park's 20 µs of CPU counted in), 1 ms run; the prior long faded");
    }

    @Test
    void aStallInAFreshWeightsFirstMillisecondsMovesItButDoesNotDecideIt()
    {
        final double weight = weightAfter(10_000_000, 1_000_000, 6_200_000, 10).weight();

        assertEquals(withPrior(3_000_000, 4_000_000), weight, 1e-9, "4 ms out of parks, 1 ms run");
        assertTrue(weight < 1.1, "κ " + weight + ", where the 4 ms alone would give 4");
    }

    @Test
    void oldStallsFadeAsNewTimeOutOfParksIsSeen()
    {
        final CpuWeight weight = weightAfter(100_000_000, 50_000_000, 0, 0);
        final double contended = weight.weight();
        weight.update(500_000_000, 450_000_000, 0, 0, PARK_CPU_NS, -1);

        assertEquals(withPrior(50_000_000, 100_000_000), contended, 1e-9);
        assertEquals(withPrior(50_000_000, 500_000_000), weight.weight(), 1e-9,
            "50 ms stalled in 500 ms, faded to the last 200 ms with the prior");
        assertTrue(weight.weight() < contended);
    }

    @Test
    void aThreadWithoutACpuTimeClockWeighsItsCpuAtOne()
    {
        final CpuWeight weight = weightAfter(100_000_000, 10_000_000, 0, 0);
        weight.update(200_000_000, -1, 0, 0, PARK_CPU_NS, -1);

        assertEquals(1.0, weight.weight(), 1e-9);
    }

    @Test
    void whereTheRunDelayIsKnownTimeBlockedOutsideParksIsNoStall()
    {
        final CpuWeight blockedInItsWork = new CpuWeight();
        blockedInItsWork.update(0, 0, 0, 0, PARK_CPU_NS, 0);
        blockedInItsWork.update(10_000_000, 1_000_000, 1_000_000, 10, PARK_CPU_NS, 0);
        final CpuWeight blockedUnseen = weightAfter(10_000_000, 1_000_000, 1_000_000, 10);

        assertEquals(1.0, blockedInItsWork.weight(), 1e-9, "8 ms blocked outside parks, never kept from a CPU");
        assertEquals(withPrior(8_200_000, 9_200_000), blockedUnseen.weight(), 1e-9,
            "without the run delay the same 8 ms look like a stall");
    }

    @Test
    void aThreadKeptFromItsCpuAsLongAsItRanCountsAsLongAStall()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, PARK_CPU_NS, 5_000);
        weight.update(10_000_000, 3_000_000, 6_000_000, 10, PARK_CPU_NS, 3_005_000);

        assertEquals(withPrior(3_000_000, 6_000_000), weight.weight(), 1e-9,
            "3 ms run, 3 ms runnable on a run queue or throttled");
    }

    @Test
    void theRunDelayThatFollowedWakeUpsIsNoStall()
    {
        final CpuWeight wokenLate = new CpuWeight();
        wokenLate.update(0, 0, 0, 0, PARK_CPU_NS, 5_000);
        wokenLate.sampleWakeRunDelay(300_000);
        wokenLate.update(10_000_000, 3_000_000, 6_000_000, 10, PARK_CPU_NS, 3_005_000);
        final CpuWeight partly = new CpuWeight();
        partly.update(0, 0, 0, 0, PARK_CPU_NS, 5_000);
        partly.sampleWakeRunDelay(150_000);
        partly.update(10_000_000, 3_000_000, 6_000_000, 10, PARK_CPU_NS, 3_005_000);

        assertEquals(1.0, wokenLate.weight(), 1e-9, "all 3 ms runnable came right after the 10 wake-ups");
        assertEquals(withPrior(1_500_000, 4_500_000), partly.weight(), 1e-9,
            "3 ms run, 1.5 ms of the run delay outside wake-ups");
    }

    @Test
    void theRunDelayAfterAWakeUpIsTheMeanOfTheSamples()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, PARK_CPU_NS, 5_000);
        weight.sampleWakeRunDelay(100_000);
        weight.sampleWakeRunDelay(300_000);
        weight.update(10_000_000, 3_000_000, 6_000_000, 10, PARK_CPU_NS, 3_005_000);

        assertEquals(withPrior(1_000_000, 4_000_000), weight.weight(), 1e-9,
            "3 ms run, 1 ms of the run delay outside the 10 wake-ups");
    }

    @Test
    void noThreadIsWeighedAboveTheLargestWeight()
    {
        final CpuWeight weight = weightAfter(100, 100_000_000, 1_000, 0, 0);

        assertEquals(CpuWeight.MAX_WEIGHT, weight.weight(), 1e-9, "1 µs run in every 100 ms wanted");
    }

    /**
     * @return κ where {@code stalledNs} of the {@code wantedNs} out of parks since a fresh weight's start were
     * stalled, with the prior's unstalled time beside them.
     */
    private static double withPrior(final double stalledNs, final double wantedNs)
    {
        return 1 / (1 - stalledNs / (CpuWeight.PRIOR_NS + wantedNs));
    }

    /**
     * @return a weight started at time 0 and updated once, {@code wallNs} later.
     */
    private static CpuWeight weightAfter(final long wallNs, final long cpuNs, final long parkedNs, final long parks)
    {
        return weightAfter(1, wallNs, cpuNs, parkedNs, parks);
    }

    /**
     * @return a weight started at time 0 and updated {@code updates} times, each {@code wallNs} after the last, in
     * which the thread ran {@code cpuNs} and parked {@code parks} times for {@code parkedNs} in all.
     */
    private static CpuWeight weightAfter(
        final int updates, final long wallNs, final long cpuNs, final long parkedNs, final long parks)
    {
        final CpuWeight weight = new CpuWeight();
        for (int update = 0; update <= updates; update++)
        {
            weight.update(update * wallNs, update * cpuNs, update * parkedNs, update * parks, PARK_CPU_NS, -1);
        }
        return weight;
    }
}
