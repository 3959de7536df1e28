package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadTest
{
    private final SplittableRandom random = new SplittableRandom(7);

    @Test
    void fixedGapsAreFixed()
    {
        final Workload workload = Workload.parse("fixed-100us");

        assertEquals(100_000, workload.gapBeforeNs(0, random));
        assertEquals(100_000, workload.gapBeforeNs(99, random));
    }

    @Test
    void exponentialGapsHaveTheRequestedMean()
    {
        final Workload workload = Workload.parse("exp-1ms");
        final int samples = 200_000;
        double sum = 0;
        for (int i = 0; i < samples; i++)
        {
            final long gapNs = workload.gapBeforeNs(i, random);
            assertTrue(gapNs >= 0);
            sum += gapNs;
        }

        assertEquals(1_000_000, sum / samples, 10_000);
    }

    @Test
    void burstsAreBackToBackAfterALongGap()
    {
        final Workload workload = Workload.parse("burst-4x10ms");

        assertEquals(10_000_000, workload.gapBeforeNs(0, random));
        assertEquals(0, workload.gapBeforeNs(1, random));
        assertEquals(0, workload.gapBeforeNs(3, random));
        assertEquals(10_000_000, workload.gapBeforeNs(4, random));
        assertEquals(2_500_000, workload.meanGapNs());
    }

    @Test
    void badNamesAreQuoted()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workload.parse("poisson-1ms"))
            .getMessage().contains("'poisson-1ms'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workload.parse("burst-0x1ms"))
            .getMessage().contains("'burst-0x1ms'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workload.parse("fixed-1xs"))
            .getMessage().contains("'1xs'"));
    }
}
