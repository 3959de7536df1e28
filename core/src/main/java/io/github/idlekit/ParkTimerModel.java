package io.github.idlekit;

import java.util.Arrays;

/**
 * What this thread's parks really last, learnt from its own parks: a park requested for r lasts about
 * max(F, r + o), where F is the floor (what the shortest park lasts) and o the overshoot. On Linux both come from
 * the thread's own timer slack, which differs per thread; on a virtual thread from the scheduler's timer; on
 * Windows from the process's timer resolution, which another process may change. So the startup
 * {@link TimerProfile} only seeds the model, and each park's measured duration replaces a seed value until the
 * thread's own parks speak for themselves, within {@value #SAMPLES} parks.
 *
 * <p>Estimates are medians of small rings of recent samples, computed when the strategy re-plans, so one
 * descheduled park moves nothing. Where the thread's parks are mostly long, floor samples come only from the
 * strategy's occasional probes; the overshoot of the long parks then bounds the floor from above, because where
 * the timer is not quantised a park of r lasts about r plus the overshoot, so the shortest lasts about the
 * overshoot (never less than the shortest park seen, which keeps a quantised timer's floor at its tick). A ring
 * that has had no new sample for {@value #STALE_AFTER_NS} ns goes back to the seed, and both are refilled, and the
 * estimates made, at once where a coarse timer's parks disagree with them a few times in a row (see
 * {@link #CHANGED_AFTER}). Where the parks end on a grid of ticks (Windows), a park's length depends on where in a
 * tick it began, which the last wake tells, and requests are aimed at ticks instead (see {@link TickGrid}).
 * Allocation-free after construction; one instance per thread.
 */
final class ParkTimerModel
{
    static final int SAMPLES = 32;
    static final int CPU_SAMPLES = 8;
    static final long SHORTEST_REQUEST_NS = 1;

    /**
     * A ring none of whose samples is newer than this is forgotten, and the seed stands in for it: a thread whose
     * parks looked dear (a JVM warming up, a machine busy for a while) plans to spin instead, then parks too rarely
     * to find out that they became cheap again, and would otherwise keep planning from the dear samples for as
     * long as they stay in its rings.
     */
    static final long STALE_AFTER_NS = 1_000_000_000L;

    /**
     * A floor at least this long is a coarse timer's: Windows' default 15.6 ms tick, or a Linux thread with a long
     * timer slack.
     */
    static final long COARSE_FLOOR_NS = 1_000_000L;

    /**
     * Parks in a row, each expected to last at least {@link #COARSE_FLOOR_NS}, that last less than half or more
     * than twice what the estimates in force expect before the model takes the timer to have changed (another
     * process raised or released the Windows timer resolution, the thread's timer slack was set): it refills both
     * rings with the median of those parks and makes the estimates from them at once, and the row starts again.
     * At once, because the median of a ring moves only once half of it is new, and the estimates otherwise only
     * when the strategy plans, which it does ever more rarely while its workload stays the same. Both rings,
     * because one may get no samples at all: where the overshoot in force is a coarse tick, every park the plan
     * wants is shorter than it, so each is asked for with the shortest request and measures only the floor; a
     * thread whose timer became fine would then take each planned wait as a train of floor-long parks. The median,
     * because one of the parks may have waited for a CPU for milliseconds. One park that ends early (another
     * interrupt within a Linux timer slack) or late breaks the row. Shorter parks do not count: a fine timer's parks
     * are many and its plans frequent, so its rings follow a change within a few dozen parks anyway, and on a busy
     * machine such parks run late by a time slice often enough to look like one.
     */
    static final int CHANGED_AFTER = 8;

    private final RecentSamples floorSamples;
    private final RecentSamples overshootSamples;
    private final RecentSamples cpuSamples;
    private final long[] scratch = new long[SAMPLES];
    private final long[] disagreeingNs = new long[CHANGED_AFTER];
    private final TickGrid grid;
    private long parkCpuNs;
    private long floorNs;
    private long floorSpreadNs;
    private long overshootNs;
    private int disagreeing;

    /**
     * @param seed  the startup measurement the rings start from and go back to when stale.
     * @param nowNs the clock's reading now.
     */
    ParkTimerModel(final TimerProfile seed, final long nowNs)
    {
        floorSamples = new RecentSamples(SAMPLES, seed.parkFloorNs(), nowNs);
        overshootSamples = new RecentSamples(SAMPLES, seed.parkOvershootNs(), nowNs);
        cpuSamples = new RecentSamples(CPU_SAMPLES, seed.parkCpuNs(), nowNs);
        grid = new TickGrid(nowNs);
        update(nowNs);
    }

    /**
     * Records one park, which ended at {@code atNs}: a request of {@value #SHORTEST_REQUEST_NS} ns measures the
     * floor, longer ones the overshoot.
     *
     * @return whether this park made {@value #CHANGED_AFTER} in a row that disagree with the estimates in force (see
     * there): the timer changed, the estimates now follow it, and the next plan should not wait.
     */
    boolean record(final long requestNs, final long actualNs, final long atNs)
    {
        if (grid.record(atNs - actualNs, requestNs, atNs, floorNs))
        {
            // on the grid, as aimed; a shortest park begun inside a tick lasts less than a floor
            disagreeing = 0;
            if (requestNs <= SHORTEST_REQUEST_NS && actualNs >= floorNs - floorNs / TickGrid.TOLERANCE_DIVISOR)
            {
                floorSamples.add(actualNs, atNs);
            }
            return false;
        }
        final long expectedNs = Math.max(floorNs, requestNs + overshootNs);
        final long sampleNs = requestNs <= SHORTEST_REQUEST_NS ? actualNs : Math.max(0, actualNs - requestNs);
        if (expectedNs >= COARSE_FLOOR_NS && (2 * actualNs < expectedNs || actualNs > 2 * expectedNs))
        {
            disagreeingNs[disagreeing++] = sampleNs;
        }
        else
        {
            disagreeing = 0;
        }
        if (disagreeing == CHANGED_AFTER)
        {
            disagreeing = 0;
            Arrays.sort(disagreeingNs);
            final long typicalNs = disagreeingNs[CHANGED_AFTER / 2];
            floorSamples.refill(typicalNs, atNs);
            overshootSamples.refill(typicalNs, atNs);
            update(atNs);
            return true;
        }
        (requestNs <= SHORTEST_REQUEST_NS ? floorSamples : overshootSamples).add(sampleNs, atNs);
        return false;
    }

    /**
     * @return whether the latest parks disagree with the estimates in force, fewer of them in a row than it takes
     * to call the timer changed: a strategy that seldom parks parks again sooner, to settle it.
     */
    boolean unsettled()
    {
        return disagreeing > 0 && disagreeing < CHANGED_AFTER;
    }

    /**
     * Records the CPU time one park, which ended at {@code atNs}, cost the thread (a JVM warming up pays far more
     * per park than a warm one).
     */
    void recordCpu(final long cpuNs, final long atNs)
    {
        if (cpuNs >= 0)
        {
            cpuSamples.add(cpuNs, atNs);
        }
    }

    /**
     * Recomputes the estimates from the samples, after putting the seed back in the rings that have gone stale by
     * {@code nowNs}; called when the strategy re-plans, off the work-found path.
     */
    void update(final long nowNs)
    {
        overshootNs = overshootSamples.sortedInto(scratch, nowNs)[SAMPLES / 2];
        final long[] floors = floorSamples.sortedInto(scratch, nowNs);
        floorNs = Math.max(1, Math.min(floors[SAMPLES / 2], Math.max(overshootNs, floors[0])));
        floorSpreadNs = Math.max(0, floors[SAMPLES * 3 / 4] - floorNs);
        parkCpuNs = cpuSamples.sortedInto(scratch, nowNs)[CPU_SAMPLES / 2];
    }

    /**
     * @return whether the thread's parks end on a grid of timer ticks, at which {@link #requestFor} aims them.
     */
    boolean onTickGrid()
    {
        return grid.holds();
    }

    /**
     * @param nowNs the clock's reading now.
     * @return where parks end on a grid of ticks, how long until the next, at which a park begun now ends at the
     * earliest; -1 where they do not.
     */
    long nextTickInNs(final long nowNs)
    {
        return grid.holds() ? grid.nextTickInNs(nowNs, floorNs) : -1;
    }

    /**
     * @return the median duration of the shortest park.
     */
    long floorNs()
    {
        return floorNs;
    }

    /**
     * @return whether the floor in force is a coarse timer's (see {@link #COARSE_FLOOR_NS}): a park then costs
     * whoever waits on it a large share of a millisecond or more, whatever it asked for.
     */
    boolean coarse()
    {
        return floorNs >= COARSE_FLOOR_NS;
    }

    /**
     * @return the median CPU time one park costs this thread.
     */
    long parkCpuNs()
    {
        return parkCpuNs;
    }

    /**
     * @return how much later than the median a park typically ends (the upper quartile minus the median).
     */
    long spreadNs()
    {
        return floorSpreadNs;
    }

    /**
     * @param actualNs how long the park should last.
     * @param nowNs    the clock's reading now, when the park begins.
     * @return the request that makes a park last about {@code actualNs}: no park is shorter than the floor, and
     * where parks end on a grid of ticks (see {@link TickGrid}), the one that ends it at the last tick by then, or
     * at the next where none comes by then.
     */
    long requestFor(final long actualNs, final long nowNs)
    {
        return grid.holds() ? grid.requestEndingBy(nowNs, nowNs + actualNs, floorNs) :
            Math.max(SHORTEST_REQUEST_NS, actualNs - overshootNs);
    }

    /**
     * A ring of a thread's latest samples of one measure, refilled with its seed once none is newer than
     * {@link #STALE_AFTER_NS}.
     */
    private static final class RecentSamples
    {
        private final long[] samples;
        private final long seedValue;
        private int next;
        private long sampledNs;

        RecentSamples(final int size, final long seedValue, final long nowNs)
        {
            this.samples = new long[size];
            this.seedValue = seedValue;
            Arrays.fill(samples, seedValue);
            sampledNs = nowNs;
        }

        void add(final long value, final long atNs)
        {
            samples[next] = value;
            next = (next + 1) % samples.length;
            sampledNs = atNs;
        }

        void refill(final long value, final long atNs)
        {
            Arrays.fill(samples, value);
            sampledNs = atNs;
        }

        /**
         * @return {@code scratch}, its first {@code samples.length} entries the samples in ascending order, after
         * the seed has taken the place of samples gone stale by {@code nowNs}.
         */
        long[] sortedInto(final long[] scratch, final long nowNs)
        {
            if (nowNs - sampledNs > STALE_AFTER_NS)
            {
                Arrays.fill(samples, seedValue);
                sampledNs = nowNs;
            }
            System.arraycopy(samples, 0, scratch, 0, samples.length);
            Arrays.sort(scratch, 0, samples.length);
            return scratch;
        }
    }
}
