package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CpuWeightTest
{
    @Test
    void aThreadThatRanAllTheTimeItWantedWeighsItsCpuAtOne()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, 20_000);
        weight.update(10_000_000, 4_000_000, 6_200_000, 10, 20_000);

        assertEquals(1.0, weight.weight(), 1e-9);
    }

    @Test
    void aThreadThatRanAQuarterOfTheTimeItWantedWeighsItsCpuAtFour()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, 20_000);
        weight.update(10_000_000, 1_000_000, 6_200_000, 10, 20_000);

        assertEquals(4.0, weight.weight(), 1e-9, "4 ms out of parks (each park's 20 µs of CPU counted in), 1 ms run");
    }

    @Test
    void oldStallsFadeAsNewTimeOutOfParksIsSeen()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, 20_000);
        weight.update(100_000_000, 50_000_000, 0, 0, 20_000);
        final double contended = weight.weight();
        weight.update(500_000_000, 450_000_000, 0, 0, 20_000);

        assertEquals(2.0, contended, 1e-9);
        assertEquals(1 / (1 - 20.0 / 200), weight.weight(), 1e-9,
            "50 ms stalled in 500 ms, faded to the last 200 ms: 20 ms stalled");
    }

    @Test
    void aThreadWithoutACpuTimeClockWeighsItsCpuAtOne()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, 20_000);
        weight.update(100_000_000, 10_000_000, 0, 0, 20_000);
        weight.update(200_000_000, -1, 0, 0, 20_000);

        assertEquals(1.0, weight.weight(), 1e-9);
    }

    @Test
    void noThreadIsWeighedAboveTheLargestWeight()
    {
        final CpuWeight weight = new CpuWeight();
        weight.update(0, 0, 0, 0, 20_000);
        weight.update(100_000_000, 1_000, 0, 0, 20_000);

        assertEquals(CpuWeight.MAX_WEIGHT, weight.weight(), 1e-9);
    }
}
