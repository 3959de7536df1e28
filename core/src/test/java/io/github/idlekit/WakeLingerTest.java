package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WakeLingerTest
{
    private static final long FLOOR_NS = 15_625_000;
    private static final long PARK_CPU_NS = 10_000;

    @Test
    void workHandedOverJustAfterHalfTheWakesIsWaitedForToTheEndOfItsOctave()
    {
        final WakeLinger linger = new WakeLinger();
        for (int w = 0; w < 64; w++)
        {
            if (w % 2 == 0)
            {
                linger.hit(20_000, 128_000, FLOOR_NS, PARK_CPU_NS, 1.0);
            }
            else
            {
                linger.missed(128_000, FLOOR_NS, PARK_CPU_NS, 1.0);
            }
        }

        // each hit saves most of a tick of latency; waiting past 32 µs catches nothing more
        assertEquals(32_000, linger.lingerNs());
    }

    @Test
    void withoutWorkAfterWakesTheStrategyParksAgainAtOnceAndLongerWaitsBecomeRare()
    {
        final WakeLinger linger = new WakeLinger();
        final int parksPerWake = 1;
        long busyNs = 0;
        long parks = 0;
        int explorations = 0;
        int firstHalf = 0;
        for (int wake = 0; wake < 200_000; wake++)
        {
            parks += parksPerWake;
            final long windowNs = linger.windowNs(FLOOR_NS, PARK_CPU_NS, busyNs, parks);
            if (windowNs > 0)
            {
                busyNs += windowNs;
                linger.missed(windowNs, FLOOR_NS, PARK_CPU_NS, 1.0);
                explorations++;
                firstHalf += wake < 100_000 ? 1 : 0;
            }
            assertEquals(0, linger.lingerNs(), "wake " + wake);
        }

        final long parksCpuNs = parks * PARK_CPU_NS;
        assertTrue(busyNs <= parksCpuNs / (WakeLinger.MAX_EXPLORE_DIVISOR / 2), "explored " + busyNs + " ns");
        assertTrue(explorations - firstHalf <= firstHalf, explorations + " explorations, " + firstHalf + " early");
    }

    @Test
    void aWaitThatStopsCatchingWorkIsDroppedWithinAFewThousandWakes()
    {
        final WakeLinger linger = afterHits(20_000, 128_000, FLOOR_NS, 1.0);
        assertEquals(32_000, linger.lingerNs());

        int wakes = 0;
        while (linger.lingerNs() > 0 && wakes < 10_000)
        {
            linger.missed(linger.lingerNs(), FLOOR_NS, PARK_CPU_NS, 1.0);
            wakes++;
        }

        assertEquals(0, linger.lingerNs());
        assertTrue(wakes < 2_000, wakes + " wakes");
    }

    @Test
    void rareHitsAreWaitedForOnlyWhereLatencyWeighsEnough()
    {
        // one wake in forty is followed by work within 64-128 µs: waiting 128 µs after every wake costs about
        // 128 µs per wake and saves a fortieth of a tick's latency, 390 µs at λ = 1 and 78 µs at λ = 0.2
        final WakeLinger balanced = new WakeLinger();
        final WakeLinger frugal = new WakeLinger();
        for (int w = 0; w < 2_000; w++)
        {
            if (w % 40 == 0)
            {
                balanced.hit(100_000, 256_000, FLOOR_NS, PARK_CPU_NS, 1.0);
                frugal.hit(100_000, 256_000, FLOOR_NS, PARK_CPU_NS, 0.2);
            }
            else
            {
                balanced.missed(256_000, FLOOR_NS, PARK_CPU_NS, 1.0);
                frugal.missed(256_000, FLOOR_NS, PARK_CPU_NS, 0.2);
            }
        }

        assertEquals(128_000, balanced.lingerNs());
        assertEquals(0, frugal.lingerNs());
    }

    @Test
    void theLongestWaitIsKeptWithoutShorterExplorations()
    {
        final WakeLinger linger = afterHits(3_000_000, 4_096_000, FLOOR_NS, 1.0);

        assertEquals(4_096_000, linger.lingerNs());
        assertEquals(4_096_000, linger.windowNs(FLOOR_NS, PARK_CPU_NS, 1L << 40, 1L << 20));
    }

    @Test
    void noWaitReachesPastHalfAFloor()
    {
        final long floorNs = 1_000_000;
        final WakeLinger linger = afterHits(900_000, 1_024_000, floorNs, 10.0);

        assertEquals(0, linger.lingerNs());
        assertEquals(0, linger.windowNs(floorNs, 100_000, 1L << 40, 1L << 20), "no longer wait either");
    }

    /**
     * @return a strategy's waits after 64 empty wakes, each followed by work {@code delayNs} into a wait of
     * {@code windowNs}.
     */
    private static WakeLinger afterHits(
        final long delayNs, final long windowNs, final long floorNs, final double latencyWeight)
    {
        final WakeLinger linger = new WakeLinger();
        for (int w = 0; w < 64; w++)
        {
            linger.hit(delayNs, windowNs, floorNs, PARK_CPU_NS, latencyWeight);
        }
        return linger;
    }
}
