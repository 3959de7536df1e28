package io.github.idlekit;

/**
 * Whether this thread's parks end on a grid of timer ticks, and where its ticks fall. Windows readies a waiting
 * thread only at its timer's interrupt, every 15.625 ms unless a process raised the resolution, so a park ends at
 * the first tick after its request however early in a tick it began: a park begun just before a tick for less than
 * what is left of it ends at that tick, and one asked for a little more ends a whole tick later. Where parks are
 * seen to end on such a grid, a park can be aimed at a tick, which the mean overshoot of {@link ParkTimerModel}
 * cannot do. The grid's period is the timer's floor (a park begun at a tick lasts one); it is taken to hold once
 * {@value #HOLDS_AFTER} parks in a row ended on it although the request alone would have ended them off it, and stops
 * holding at the first park that ends off it (a Linux timer slack ends parks a slack after their request, or at
 * another interrupt within it: never on a grid for long). Allocation-free; one instance per thread.
 */
final class TickGrid
{
    /**
     * Parks in a row that must end on the grid, each against what its request alone predicts, before it holds.
     */
    static final int HOLDS_AFTER = 8;

    /**
     * How far off a tick, as a fraction of the period, a park may end and still count as ending at it: the wake-up
     * itself takes tens of microseconds, more on a busy machine.
     */
    static final int TOLERANCE_DIVISOR = 16;

    private long tickNs;
    private int inARow;

    /**
     * @param nowNs the clock's reading now, the grid's first guess at a tick.
     */
    TickGrid(final long nowNs)
    {
        tickNs = nowNs;
    }

    /**
     * Records a park that a timer ended (not one that another thread's unpark ended).
     *
     * @param startNs   when it began.
     * @param requestNs what it asked for.
     * @param endNs     when it ended.
     * @param periodNs  the timer's floor, the grid's period if there is one.
     * @return whether the grid held and this park ended on it.
     */
    boolean record(final long startNs, final long requestNs, final long endNs, final long periodNs)
    {
        final boolean held = holds();
        final long toleranceNs = periodNs / TOLERANCE_DIVISOR;
        final boolean onGrid = periodNs >= ParkTimerModel.COARSE_FLOOR_NS &&
            endNs - tickNs >= periodNs - toleranceNs && Math.abs(offTickNs(endNs, periodNs)) <= toleranceNs;
        if (!onGrid)
        {
            inARow = 0;
        }
        else if (Math.abs(offTickNs(startNs + requestNs, periodNs)) > 2 * toleranceNs)
        {
            inARow = Math.min(HOLDS_AFTER, inARow + 1);
        }
        tickNs = endNs;
        return held && onGrid;
    }

    /**
     * @return whether parks have been ending on the grid.
     */
    boolean holds()
    {
        return inARow == HOLDS_AFTER;
    }

    /**
     * @param nowNs    the clock's reading now.
     * @param byNs     when the park should have ended by, on the same clock.
     * @param periodNs the grid's period.
     * @return the request that ends a park begun now at the last tick by {@code byNs}, or at the next tick where
     * none comes by then: half a period short of it, so that neither the wake-up's delay nor the period's error
     * moves it to the tick before or after.
     */
    long requestEndingBy(final long nowNs, final long byNs, final long periodNs)
    {
        final long nextTickNs = nowNs + nextTickInNs(nowNs, periodNs);
        final long endNs = byNs < nextTickNs + periodNs ? nextTickNs :
            nextTickNs + (byNs - nextTickNs) / periodNs * periodNs;
        return Math.max(ParkTimerModel.SHORTEST_REQUEST_NS, endNs - nowNs - periodNs / 2);
    }

    /**
     * @param nowNs    the clock's reading now.
     * @param periodNs the grid's period.
     * @return how long a park begun now lasts at the least: until the next tick.
     */
    long nextTickInNs(final long nowNs, final long periodNs)
    {
        return periodNs - Math.floorMod(nowNs - tickNs, periodNs);
    }

    /**
     * @return how far {@code atNs} lies from the nearest tick, between minus and plus half a period.
     */
    private long offTickNs(final long atNs, final long periodNs)
    {
        final long sinceNs = Math.floorMod(atNs - tickNs, periodNs);
        return sinceNs <= periodNs / 2 ? sinceNs : sinceNs - periodNs;
    }
}
