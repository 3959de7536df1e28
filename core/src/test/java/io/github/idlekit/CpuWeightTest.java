package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        assertEquals(4.0, weightAfter(10_000_000, 1_000_000, 6_200_000, 10).weight(), 1e-9,
            "4 ms out of parks (each park's 20 µs of CPU counted in), 1 ms run");
    }

    @Test
    void oldStallsFadeAsNewTimeOutOfParksIsSeen()
    {
        final CpuWeight weight = weightAfter(100_000_000, 50_000_000, 0, 0);
        final double contended = weight.weight();
        weight.update(500_000_000, 450_000_000, 0, 0, PARK_CPU_NS, -1);

        assertEquals(2.0, contended, 1e-9);
        assertEquals(1 / (1 - 20.0 / 200), weight.weight(), 1e-9,
            "50 ms stalled in 500 ms, faded to the last 200 ms: 20 ms stalled");
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
        assertEquals(1 / (1 - 8.2 / 9.2), blockedUnseen.weight(), 1e-9,
            "without the run delay the same 8 ms look like a stall");
    }

    @Test
    void aThreadKeptFromItsCpuAsLongAsItRanWeighsItsCpuAtTwo()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, PARK_CPU_NS, 5_000);
        weight.update(10_000_000, 3_000_000, 6_000_000, 10, PARK_CPU_NS, 3_005_000);

        assertEquals(2.0, weight.weight(), 1e-9, "3 ms run, 3 ms runnable on a run queue or throttled");
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
        assertEquals(1.5, partly.weight(), 1e-9, "3 ms run, 1.5 ms of the run delay outside wake-ups");
    }

    @Test
    void theRunDelayAfterAWakeUpIsTheMeanOfTheSamples()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, PARK_CPU_NS, 5_000);
        weight.sampleWakeRunDelay(100_000);
        weight.sampleWakeRunDelay(300_000);
        weight.update(10_000_000, 3_000_000, 6_000_000, 10, PARK_CPU_NS, 3_005_000);

        assertEquals(4.0 / 3, weight.weight(), 1e-9, "3 ms run, 1 ms of the run delay outside the 10 wake-ups");
    }

    @Test
    void noThreadIsWeighedAboveTheLargestWeight()
    {
        assertEquals(CpuWeight.MAX_WEIGHT, weightAfter(100_000_000, 1_000, 0, 0).weight(), 1e-9);
    }

    /**
     * @return a weight started at time 0 and updated once, {@code wallNs} later.
     */
    private static CpuWeight weightAfter(final long wallNs, final long cpuNs, final long parkedNs, final long parks)
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, PARK_CPU_NS, -1);
        weight.update(wallNs, cpuNs, parkedNs, parks, PARK_CPU_NS, -1);
        return weight;
    }
}
