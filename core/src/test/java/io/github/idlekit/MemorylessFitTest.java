package io.github.idlekit;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemorylessFitTest
{
    private static final long SPUN_NS = CalibratedIdleStrategy.MIN_SPIN_NS;
    private static final long FLOOR_NS = 75_000;
    private static final long MEAN_NS = 1_000_000;
    /**
     * A slow fade, so that the histogram holds thousands of episodes and chance moves its octaves little.
     */
    private static final double DECAY = 1.0 / 4096;

    private final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
    private final MemorylessFit fit = new MemorylessFit();

    @Test
    void memorylessEpisodesArePlannedForAlmostWhollyAsMemorylessOnesWithTheirMean()
    {
        recordMemoryless(20_000, 11);

        fit.fit(gaps, SPUN_NS, FLOOR_NS);

        assertTrue(fit.share() > 0.8, "share " + fit.share());
        final int toMean = gaps.binOf(MEAN_NS);
        final double fittedMeanNs = -gaps.edgeNs(toMean) / Math.log(1 - fit.mass(0, toMean));
        assertEquals(MEAN_NS, fittedMeanNs, 0.05 * MEAN_NS);
    }

    @Test
    void regularEpisodesKeepTheirOwnShape()
    {
        final Random random = new Random(12);
        for (int i = 0; i < 20_000; i++)
        {
            record(MEAN_NS + random.nextInt(20_000));
        }

        fit.fit(gaps, SPUN_NS, FLOOR_NS);

        assertEquals(0, fit.share());
    }

    @Test
    void twoPeakedEpisodesWithTheSameMeanKeepTheirOwnShape()
    {
        for (int i = 0; i < 20_000; i++)
        {
            record(i % 2 == 0 ? 10_000 : 2 * MEAN_NS - 10_000);
        }

        fit.fit(gaps, SPUN_NS, FLOOR_NS);

        assertEquals(0, fit.share());
    }

    @Test
    void theMemorylessShapeHoldsAllItsEpisodesAndPutsEachBinsMeanInsideIt()
    {
        recordMemoryless(2_000, 13);
        fit.fit(gaps, SPUN_NS, FLOOR_NS);

        assertEquals(1, fit.mass(0, IdleGapHistogram.BINS), 1e-9);
        for (int k = 0; k < IdleGapHistogram.BINS; k++)
        {
            final double meanNs = fit.meanNs(k);
            assertTrue(meanNs >= gaps.edgeNs(k) && meanNs <= gaps.edgeNs(k + 1), "bin " + k + ": " + meanNs);
        }
    }

    private void recordMemoryless(final int episodes, final long seed)
    {
        final Random random = new Random(seed);
        for (int i = 0; i < episodes; i++)
        {
            record((long)(-Math.log(1 - random.nextDouble()) * MEAN_NS));
        }
    }

    private void record(final long gapNs)
    {
        gaps.record(gapNs, gapNs, FLOOR_NS);
    }
}
