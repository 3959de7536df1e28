package io.github.idlekit.benchmarks;

import io.github.idlekit.IdleStatistics;

/**
 * What an idlekit strategy's {@link IdleStatistics} counted over one measured window.
 *
 * @param episodes    idle episodes begun.
 * @param spinNs      time spent spinning.
 * @param yieldNs     time spent yielding.
 * @param parks       parks made.
 * @param parkedNs    time spent parked.
 * @param overshootNs time parked beyond the requested periods.
 * @param plans       plans made by an adaptive strategy.
 */
record IdleCounts(
    long episodes, long spinNs, long yieldNs, long parks, long parkedNs, long overshootNs, long plans)
{
    /**
     * Reads every counter; call it from the strategy's own thread for figures that belong together.
     */
    static IdleCounts of(final IdleStatistics statistics)
    {
        return new IdleCounts(statistics.episodes(), statistics.spinNs(), statistics.yieldNs(), statistics.parks(),
            statistics.parkedNs(), statistics.parkOvershootNs(), statistics.plans());
    }

    /**
     * @return the counts since {@code earlier}.
     */
    IdleCounts since(final IdleCounts earlier)
    {
        return new IdleCounts(episodes - earlier.episodes, spinNs - earlier.spinNs, yieldNs - earlier.yieldNs,
            parks - earlier.parks, parkedNs - earlier.parkedNs, overshootNs - earlier.overshootNs,
            plans - earlier.plans);
    }

    /**
     * @return these counts and {@code other}'s added up.
     */
    IdleCounts plus(final IdleCounts other)
    {
        return new IdleCounts(episodes + other.episodes, spinNs + other.spinNs, yieldNs + other.yieldNs,
            parks + other.parks, parkedNs + other.parkedNs, overshootNs + other.overshootNs, plans + other.plans);
    }

    /**
     * @return time spent spinning or yielding.
     */
    long busyWaitNs()
    {
        return spinNs + yieldNs;
    }

    /**
     * @return the mean overshoot of one park, NaN without parks.
     */
    double overshootPerParkNs()
    {
        return parks == 0 ? Double.NaN : (double)overshootNs / parks;
    }
}
