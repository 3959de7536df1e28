package io.github.idlekit;

/**
 * When a strategy's next episode explores: one in {@value #EVERY}, rarer after a run of explorations that saw
 * nothing, and only once the waiting since the last one paid for it. Without explorations a plan would freeze: work
 * arriving during a park is only known to have come sometime during the park, so a plan that parks early never
 * learns that work comes early, one that parks with a long period never learns that work comes at one moment it
 * could spin through, and one that parks through the learnt arrival never learns that work now comes long before it
 * (every episode ends in that park, as the plan expects).
 */
final class ExplorationCadence
{
    /**
     * One episode in this many explores, while explorations see work. After {@value #MISSES_BEFORE_BACKOFF} in a row
     * that saw none in the time they spun on, each further one doubles the number of episodes to the next, up to
     * {@value #MAX_EVERY}; one that sees work, or a change of workload, brings it back to this. Where a park lasts a
     * coarse timer's whole tick, one floor of spinning in sixteen episodes would otherwise cost several times what
     * the parks do, every time, to learn again that work does not come early.
     */
    static final long EVERY = 16;

    /**
     * The most episodes between two explorations.
     */
    static final long MAX_EVERY = 256;

    /**
     * Explorations in a row that saw no work before they start to come less often: a workload whose work comes
     * during a quarter of the explorations has this many misses in a row only about once in a hundred.
     */
    static final int MISSES_BEFORE_BACKOFF = 16;

    /**
     * An exploration begins only once the strategy has spent, since the last one began, at least this many times
     * what it would spin past the plan (its waiting CPU, counted as for plans: spin and yield time, and each park's
     * CPU), so that explorations cost at most about a sixteenth of what the plan does. Where the plan parks at once
     * under a coarse timer an episode costs about one park, and {@value CalibratedIdleStrategy#EXPLORE_PARKS} parks'
     * worth of spinning in every {@value #EVERY}th episode would add half as much again, to watch for work no park
     * could catch. Where the plan spins or parks often, this spends no less than the episode count allows.
     */
    static final long CPU_DIVISOR = 16;

    private final WaitingMark lastExploration = new WaitingMark();
    private long every = EVERY;
    private int missed;
    /**
     * Episodes until the next one whose turn it is; read and set by tests that script a plan's episodes.
     */
    long episodesToNext = EVERY;

    /**
     * Counts an episode that starts.
     *
     * @return whether its turn to explore has come: it explores if {@link #begin} then says so.
     */
    boolean turnCome()
    {
        return --episodesToNext <= 0;
    }

    /**
     * Begins an exploration, where the waiting since the last one began pays for it.
     *
     * @param reachNs   how much longer than the plan it would spin.
     * @param busyNs    the strategy's spin and yield time so far.
     * @param parks     its parks so far.
     * @param parkCpuNs what one park costs in CPU.
     * @return whether the episode explores.
     */
    boolean begin(final long reachNs, final long busyNs, final long parks, final long parkCpuNs)
    {
        if (lastExploration.cpuSinceNs(busyNs, parks, parkCpuNs) < CPU_DIVISOR * reachNs)
        {
            return false;
        }
        episodesToNext = every;
        lastExploration.set(busyNs, parks);
        return true;
    }

    /**
     * Learns how an exploration whose work came after the plan's own spin ended went.
     *
     * @param sawWork whether its work came in the time it spun on.
     */
    void ended(final boolean sawWork)
    {
        missed = sawWork ? 0 : missed + 1;
        every = missed == 0 ? EVERY : missed < MISSES_BEFORE_BACKOFF ? every : Math.min(MAX_EVERY, 2 * every);
    }

    /**
     * Explores as often as at the start again, after a change of workload.
     */
    void restart()
    {
        every = EVERY;
        missed = 0;
    }
}
