package io.github.idlekit;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnparkedStartsTest
{
    /**
     * How long each episode spins before its first park: the stretch in which its work can be seen unparked.
     */
    private static final long SPIN_NS = 200_000;
    private static final long GAP_NS = 10_000_000;

    private final IdleGapHistogram bins = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
    private final UnparkedStarts starts = new UnparkedStarts(edges());
    private final int from = bins.binOf(CalibratedIdleStrategy.MIN_SPIN_NS);
    /**
     * Past the bin where the episodes first park, which counts half of those that parked in it.
     */
    private final int to = bins.binOf(2 * SPIN_NS);

    @Test
    void memorylessWorkEndsSomeEpisodesBeforeTheirFirstPark()
    {
        final Random random = new Random(21);
        for (int i = 0; i < 5_000; i++)
        {
            episode((long)(-Math.log(1 - random.nextDouble()) * GAP_NS));
        }

        assertFalse(starts.refuteMemoryless(from, to, GAP_NS));
    }

    @Test
    void regularWorkThatNeverEndsAnEpisodeBeforeItsFirstParkRefutesMemorylessWorkOnceEnoughWentOnThere()
    {
        // memoryless work with a 10 ms mean ends about one episode in fifty within the first 200 µs
        for (int i = 0; i < 50; i++)
        {
            episode(GAP_NS);
        }
        assertFalse(starts.refuteMemoryless(from, to, GAP_NS), "one missing ending is chance");

        for (int i = 0; i < 1_000; i++)
        {
            episode(GAP_NS);
        }
        assertTrue(starts.refuteMemoryless(from, to, GAP_NS));
        assertFalse(starts.refuteMemoryless(from, to, 1_000 * GAP_NS), "not for work that rare");
    }

    @Test
    void anEpisodeThatParkedBeforeItsWorkCameIsNoEndingSeen()
    {
        // half the plans park after 20 µs, half after 200 µs: the first half says nothing of the time after
        for (int i = 0; i < 1_000; i++)
        {
            final boolean early = i % 2 == 0;
            starts.record(bins.binOf(early ? SPIN_NS / 10 : SPIN_NS), false);
        }

        assertTrue(starts.refuteMemoryless(from, to, GAP_NS));
    }

    @Test
    void rescalingAndCopyingKeepTheVerdict()
    {
        // weights grown about twentyfold
        for (int i = 0; i < 3_000; i++)
        {
            episode(GAP_NS);
        }
        final UnparkedStarts copy = new UnparkedStarts(edges());
        copy.copyFrom(starts);
        starts.rescale();

        assertTrue(starts.refuteMemoryless(from, to, GAP_NS));
        assertTrue(copy.refuteMemoryless(from, to, GAP_NS));
    }

    private void episode(final long gapNs)
    {
        final boolean seen = gapNs < SPIN_NS;
        starts.record(bins.binOf(seen ? gapNs : SPIN_NS), seen);
    }

    private long[] edges()
    {
        final long[] edgesNs = new long[IdleGapHistogram.BINS + 1];
        for (int k = 0; k < edgesNs.length; k++)
        {
            edgesNs[k] = bins.edgeNs(k);
        }
        return edgesNs;
    }
}
