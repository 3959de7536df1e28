package io.github.idlekit;

/**
 * How long a worker under a coarse timer busy-waits after a park that ended with no work before it parks again,
 * learnt from what such waits caught.
 * <p>
 * Under a coarse timer every park of every thread ends at a timer tick: Windows wakes all of a process's sleepers at
 * its 15.6 ms interrupt, and Linux fires every timer whose slack has begun with the one that is due. Work that one
 * thread hands another (an Aeron driver's agents, a pipeline's stages) is then mostly published microseconds after
 * both woke, and a worker that parks again at once leaves it waiting a whole tick, at every hop of the chain. The
 * same rule serves work that comes at random, where it comes often enough: an item that comes just after a wake
 * waits the longest for the next.
 * <p>
 * A hit at {@code δ} after the wake saves the latency to the next wake, at least a floor less {@code δ}, and a
 * park's CPU; every wait costs its busy time. The strategy keeps, per octave of {@code δ} from
 * {@value #FIRST_BOUND_NS} ns, how many waits were still open there and how many of them work ended in it, both
 * decaying, and busy-waits to the octave bound that gains the most, if any gains. Now and then, within a budget of
 * the waiting CPU, a wait to twice that bound (at least about {@link CalibratedIdleStrategy#EXPLORE_PARKS} parks'
 * CPU) tells whether longer would gain more, or, where the strategy does not wait, whether waiting gains at all.
 */
final class WakeLinger
{
    /**
     * The first octave's bound: below about a yield's round trip a wait cannot tell one moment from the next.
     */
    static final long FIRST_BOUND_NS = 1_000L;

    /**
     * Octaves kept, the last ending at 4.1 ms, a quarter of Windows' default tick; no wait reaches past half a
     * floor, where the next park would be as near.
     */
    static final int OCTAVES = 13;

    /**
     * Each wait's weight, against those before it, in the counts of the octaves it reached: about the last few
     * hundred, enough to tell a rate of a few hits in a hundred waits, which pays for a wait of a hundred
     * microseconds under a 15.6 ms tick, and few enough that a wait which stopped catching work stops within a few
     * thousand wakes, less than a minute of ticks.
     */
    static final double DECAY = 1.0 / 256;

    /**
     * Waits still open at an octave, in waits' weight, before what ended in it counts: one or two hits in a few
     * waits say little of the rate.
     */
    static final double MIN_AT_RISK = 4;

    /**
     * Longer waits cost at most this share of the waiting CPU since the last one while they find work past the
     * wait in force: a hit saves about a floor, hundreds of times what a wait costs.
     */
    static final long MIN_EXPLORE_DIVISOR = 16;

    /**
     * Longer waits in a row that find no work past the wait in force before each further one halves the share:
     * where work follows a wake in one of every few, a handful can all miss by chance.
     */
    static final int MISSES_BEFORE_BACKOFF = 4;

    /**
     * The least share: where no work follows wakes (a feed with its own clock, a thread with nothing to do) the
     * longer waits cost about a sixty-fourth of the parks' CPU.
     */
    static final long MAX_EXPLORE_DIVISOR = 64;

    private final double[] atRisk = new double[OCTAVES];
    private final double[] hits = new double[OCTAVES];
    private final WaitingMark lastExploration = new WaitingMark();
    private long exploreDivisor = MIN_EXPLORE_DIVISOR;
    private int explorationsMissed;
    private volatile long lingerNs;

    /**
     * @return how long the strategy busy-waits after an empty wake now; 0 if it parks again at once.
     */
    long lingerNs()
    {
        return lingerNs;
    }

    /**
     * The wait after an empty wake: longer, as an exploration, when the budget allows one.
     *
     * @param floorNs   the timer model's floor.
     * @param parkCpuNs what one park costs in CPU.
     * @param busyNs    the strategy's spin and yield time so far.
     * @param parks     its parks so far.
     * @return how long to busy-wait from the wake; 0 to park again at once.
     */
    long windowNs(final long floorNs, final long parkCpuNs, final long busyNs, final long parks)
    {
        final long exploreNs = exploreWindowNs(parkCpuNs);
        if (exploreNs > lingerNs && exploreNs <= floorNs / 2 &&
            lastExploration.cpuSinceNs(busyNs, parks, parkCpuNs) >= exploreDivisor * (exploreNs - lingerNs))
        {
            lastExploration.set(busyNs, parks);
            return exploreNs;
        }
        return lingerNs;
    }

    /**
     * Work came {@code delayNs} after the wake, within a wait of {@code windowNs}.
     *
     * @param latencyWeight λ over the CPU weight, as plans weigh latency.
     */
    void hit(final long delayNs, final long windowNs, final long floorNs, final long parkCpuNs,
        final double latencyWeight)
    {
        final int octave = octave(Math.min(delayNs, windowNs - 1));
        explored(windowNs, delayNs >= lingerNs);
        count(octave);
        hits[octave] += 1;
        decide(floorNs, parkCpuNs, latencyWeight);
    }

    /**
     * A wait of {@code windowNs} after a wake ended with no work.
     *
     * @param latencyWeight λ over the CPU weight, as plans weigh latency.
     */
    void missed(final long windowNs, final long floorNs, final long parkCpuNs, final double latencyWeight)
    {
        explored(windowNs, false);
        count(octave(windowNs - 1));
        decide(floorNs, parkCpuNs, latencyWeight);
    }

    /**
     * @return the end of the {@code octave}th octave of waits after a wake, {@value #FIRST_BOUND_NS} ns doubled as
     * many times.
     */
    static long boundNs(final int octave)
    {
        return FIRST_BOUND_NS << octave;
    }

    private void explored(final long windowNs, final boolean hitPastLinger)
    {
        if (windowNs > lingerNs)
        {
            explorationsMissed = hitPastLinger ? 0 : explorationsMissed + 1;
            exploreDivisor = explorationsMissed < MISSES_BEFORE_BACKOFF ?
                MIN_EXPLORE_DIVISOR : Math.min(MAX_EXPLORE_DIVISOR, 2 * exploreDivisor);
        }
    }

    /**
     * @return the longest octave bound up to twice the wait in force or {@link CalibratedIdleStrategy#EXPLORE_PARKS}
     * parks' CPU, whichever is longer, and up to the last octave's.
     */
    private long exploreWindowNs(final long parkCpuNs)
    {
        final long wantedNs = Math.max(2 * lingerNs, CalibratedIdleStrategy.EXPLORE_PARKS * parkCpuNs);
        return boundNs(Math.min(OCTAVES - 1, Math.max(0, octavesBelow(wantedNs) - 1)));
    }

    private static int octave(final long delayNs)
    {
        return Math.min(OCTAVES - 1, octavesBelow(delayNs));
    }

    /**
     * @return how many octave bounds are at most {@code ns}.
     */
    private static int octavesBelow(final long ns)
    {
        return 64 - Long.numberOfLeadingZeros(Math.max(ns, 0) / FIRST_BOUND_NS);
    }

    /**
     * Counts a wait as open in every octave up to {@code last}, each octave's counts decaying by the waits that
     * reached it alone: the longer waits are explorations, rarer than the waits in force.
     */
    private void count(final int last)
    {
        for (int i = 0; i <= last; i++)
        {
            atRisk[i] = atRisk[i] * (1 - DECAY) + 1;
            hits[i] *= 1 - DECAY;
        }
    }

    /**
     * Picks the octave bound to wait to: through each octave, the waits still open there gain, for the share that
     * work ends in it, the latency to the next wake (a floor less the octave's middle) and a park's CPU, and cost
     * the octave's width while open, half of it where work ends.
     */
    private void decide(final long floorNs, final long parkCpuNs, final double latencyWeight)
    {
        double open = 1;
        double value = 0;
        double bestValue = 0;
        long bestNs = 0;
        long fromNs = 0;
        for (int i = 0; i < OCTAVES && atRisk[i] >= MIN_AT_RISK; i++)
        {
            final long toNs = boundNs(i);
            if (toNs > floorNs / 2)
            {
                break;
            }
            final double rate = hits[i] / atRisk[i];
            final double widthNs = toNs - fromNs;
            final double savedNs = latencyWeight * (floorNs - (fromNs + toNs) / 2.0) + parkCpuNs;
            value += open * (rate * savedNs - (1 - rate / 2) * widthNs);
            open *= 1 - rate;
            if (value > bestValue)
            {
                bestValue = value;
                bestNs = toNs;
            }
            fromNs = toNs;
        }
        if (bestNs != lingerNs)
        {
            lingerNs = bestNs;
        }
    }
}
