package io.github.idlekit.benchmarks;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CellResultTest
{
    @Test
    void percentilesComeFromTheHistogram()
    {
        final Histogram histogram = new Histogram(60_000_000_000L, 3);
        for (long latencyNs = 1_000; latencyNs <= 100_000; latencyNs += 1_000)
        {
            histogram.recordValue(latencyNs);
        }

        final CellResult result = CellResult.of("s", "w", histogram, 5_000_000, 10_000_000, null, -1, Double.NaN, -1);

        assertEquals(100, result.events());
        assertEquals(50_000, result.p50Ns(), 50);
        assertEquals(90_000, result.p90Ns(), 90);
        assertEquals(99_000, result.p99Ns(), 99);
        assertEquals(100_000, result.maxNs(), 100);
        assertEquals(50_500, result.meanNs(), 60);
    }

    @Test
    void cpuAccountingAndCost()
    {
        final CellResult result =
            new CellResult("s", "w", 200, 0, 0, 0, 0, 0, 1_000, 4_000_000, 16_000_000, null, 300, 0.05, 12);

        assertEquals(20_000, result.cpuPerEventNs());
        assertEquals(0.25, result.cpuShare());
        assertEquals(20_100, result.cost(0.1), 1e-9);
        assertEquals(21_000, result.cost(1), 1e-9);
        assertEquals(30_000, result.cost(10), 1e-9);
        assertEquals(1.5, result.sleepsPerEvent());
        assertEquals(0.05, result.stolenShare());
    }

    @Test
    void emptyCellHasNoPerEventCost()
    {
        final CellResult result = new CellResult("s", "w", 0, 0, 0, 0, 0, 0, 0, 0, 0, null, -1, Double.NaN, -1);

        assertTrue(Double.isNaN(result.cpuPerEventNs()));
        assertTrue(Double.isNaN(result.cpuShare()));
        assertTrue(Double.isNaN(result.sleepsPerEvent()));
    }
}
