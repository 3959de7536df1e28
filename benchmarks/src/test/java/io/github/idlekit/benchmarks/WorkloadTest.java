package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

        assertEquals(100_000, workload.gapBeforeNs(0, 0, random));
        assertEquals(100_000, workload.gapBeforeNs(99, 0, random));
    }

    @Test
    void exponentialGapsHaveTheRequestedMean()
    {
        final Workload workload = Workload.parse("exp-1ms");
        final int samples = 200_000;
        double sum = 0;
        for (int i = 0; i < samples; i++)
        {
            final long gapNs = workload.gapBeforeNs(i, 0, random);
            assertTrue(gapNs >= 0);
            sum += gapNs;
        }

        assertEquals(1_000_000, sum / samples, 10_000);
    }

    @Test
    void burstsAreBackToBackAfterALongGap()
    {
        final Workload workload = Workload.parse("burst-4x10ms");

        assertEquals(10_000_000, workload.gapBeforeNs(0, 0, random));
        assertEquals(0, workload.gapBeforeNs(1, 0, random));
        assertEquals(0, workload.gapBeforeNs(3, 0, random));
        assertEquals(10_000_000, workload.gapBeforeNs(4, 0, random));
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

    @Test
    void periodicGapsStayWithinTheirJitter()
    {
        final Workload workload = Workload.parse("periodic-1ms");
        final SplittableRandom random = new SplittableRandom(1);
        long smallest = Long.MAX_VALUE;
        long largest = 0;
        for (int i = 0; i < 10_000; i++)
        {
            final long gapNs = workload.gapBeforeNs(i, 0, random);
            smallest = Math.min(smallest, gapNs);
            largest = Math.max(largest, gapNs);
        }

        assertTrue(smallest >= 900_000 && smallest < 910_000, "smallest " + smallest);
        assertTrue(largest <= 1_100_000 && largest > 1_090_000, "largest " + largest);
    }

    @Test
    void lognormalGapsHaveTheirMedianAndAHeavyTail()
    {
        final Workload workload = Workload.parse("lognormal-1ms");
        final SplittableRandom random = new SplittableRandom(2);
        final long[] gaps = new long[20_001];
        for (int i = 0; i < gaps.length; i++)
        {
            gaps[i] = workload.gapBeforeNs(i, 0, random);
        }
        java.util.Arrays.sort(gaps);

        assertEquals(1_000_000, gaps[10_000], 50_000, "median");
        assertEquals(Math.exp(1.2816), gaps[18_000] / 1e6, 0.2, "90th percentile at e^(1.2816 σ) times the median");
    }

    @Test
    void phasesFollowEachOtherInTime()
    {
        final Workload workload = Workload.parse("phases-2s:fixed-10us/fixed-10ms");
        final SplittableRandom random = new SplittableRandom(3);

        assertEquals(10_000, workload.gapBeforeNs(0, 1_999_000_000L, random));
        assertEquals(10_000_000, workload.gapBeforeNs(0, 2_000_000_000L, random));
        assertEquals(10_000, workload.gapBeforeNs(0, 4_100_000_000L, random));
        assertEquals(10_000_000, workload.meanGapNs());
        assertThrows(IllegalArgumentException.class, () -> Workload.parse("phases-2s"));
        assertThrows(IllegalArgumentException.class, () -> Workload.parse("phases-2s:phases-1s:fixed-1ms"));
    }

    @Test
    void aTraceReplaysItsGapsInOrderThenFromItsStart(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("gaps.txt"),
            "# gaps of a feed, ns\n250000\n\n 0 \n0  # back-to-back\n3750000\n");
        final Workload workload = Workload.parse("trace:" + file);

        final long[] replayed = new long[9];
        for (int i = 0; i < replayed.length; i++)
        {
            replayed[i] = workload.gapBeforeNs(i, 0, random);
        }
        assertArrayEquals(new long[]{ 250_000, 0, 0, 3_750_000, 250_000, 0, 0, 3_750_000, 250_000 }, replayed);
        assertEquals(1_000_000, workload.meanGapNs());
        assertEquals("trace:" + file, workload.name());
    }

    @Test
    void aBadTraceIsNamedWithItsLineBeforeAnythingRuns(@TempDir final Path dir) throws IOException
    {
        final Path negative = Files.writeString(dir.resolve("negative.txt"), "1000\n-5\n");
        final Path units = Files.writeString(dir.resolve("units.txt"), "1000\n2000\n30us\n");
        final Path zeros = Files.writeString(dir.resolve("zeros.txt"), "0\n0\n");
        final Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing\n");

        assertEquals("workload trace:" + negative + ": line 2: '-5' is a negative gap",
            messageOf("trace:" + negative));
        assertEquals("workload trace:" + units + ": line 3: '30us' is not a gap in whole nanoseconds",
            messageOf("trace:" + units));
        assertEquals("workload trace:" + zeros + ": '" + zeros + "' holds only gaps of 0; it needs at least one " +
            "gap above 0 ns", messageOf("trace:" + zeros));
        assertEquals("workload trace:" + empty + ": '" + empty + "' holds no gap; it needs at least one gap above " +
            "0 ns", messageOf("trace:" + empty));
        final Path missing = dir.resolve("missing.txt");
        assertEquals("workload trace:" + missing + ": cannot read '" + missing + "' (NoSuchFileException)",
            messageOf("trace:" + missing));
        assertTrue(messageOf("phases-2s:fixed-1ms/trace:" + empty).contains("has a trace as a phase"));
    }

    private static String messageOf(final String workload)
    {
        return assertThrows(IllegalArgumentException.class, () -> Workload.parse(workload)).getMessage();
    }
}
