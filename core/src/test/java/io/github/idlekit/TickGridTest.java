package io.github.idlekit;

import java.util.Random;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TickGridTest
{
    private static final long TICK_NS = 15_625_000;
    private static final long WAKE_DELAY_NS = 20_000;

    private long lastTickNs;

    @Test
    void parksBegunInsideATickThatEndAtTheNextMakeTheGridHold()
    {
        final TickGrid grid = new TickGrid(0);
        long nowNs = parkUnderATick(grid, 1_000_000_000L, 1);
        for (int park = 0; park < TickGrid.HOLDS_AFTER; park++)
        {
            assertFalse(grid.holds(), "park " + park);
            // a request alone would end each mid-way through a tick, as Linux ends a park a slack after it
            nowNs = parkUnderATick(grid, nowNs + (park % 3 + 1) * TICK_NS / 10, TICK_NS / 2);
        }

        assertTrue(grid.holds());
    }

    @Test
    void parksThatEndWhereTheirRequestsAloneWouldEndThemDoNotMakeTheGridHold()
    {
        final TickGrid grid = new TickGrid(0);
        long nowNs = parkUnderATick(grid, 1_000_000_000L, 1);
        for (int park = 0; park < 4 * TickGrid.HOLDS_AFTER; park++)
        {
            // back-to-back shortest parks end a floor apart under a Linux timer slack too
            nowNs = parkUnderATick(grid, nowNs, 1);
        }

        assertFalse(grid.holds());
    }

    @Test
    void aParkEndsAtTheLastTickByTheMomentAimedAtOrAtTheNextWhereNoneComesByThen()
    {
        final TickGrid grid = gridHeld();

        // 12 ms into a tick the next comes 3.6 ms on, the one after 19.3 ms on: a park for 9 ms asked for as 9 ms
        // less a mean overshoot would end at that second tick, and work that comes just after the first would wait
        assertEquals(TICK_NS, endSinceTickNs(grid, 12_000_000, 9_000_000));
        assertEquals(2 * TICK_NS, endSinceTickNs(grid, 12_000_000, 20_000_000));
        assertEquals(3 * TICK_NS, endSinceTickNs(grid, 12_000_000, 3 * TICK_NS));
        assertEquals(TICK_NS, endSinceTickNs(grid, 1_000_000, 2_000_000));
    }

    @Test
    void aParkThatEndsOffTheGridStopsItHolding()
    {
        final TickGrid grid = gridHeld();
        final long nowNs = lastTickNs + 3_000_000;

        assertFalse(grid.record(nowNs, 1_000_000, nowNs + TICK_NS + 1_000_000, TICK_NS));
        assertFalse(grid.holds());
    }

    @Test
    void underALongTimerSlackParksNeverMakeAGridHold()
    {
        final Random random = new Random(2);
        final TickGrid grid = new TickGrid(0);
        long nowNs = 1_000_000_000L;
        for (int park = 0; park < 100_000; park++)
        {
            // a Linux timer slack ends a park a slack after its request, or at another interrupt within the slack
            final long requestNs = random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(30_000_000);
            final long lateNs = requestNs + TICK_NS + 50_000;
            final long endNs = nowNs + (random.nextInt(3) == 0 ? 50_000 + (long)(random.nextDouble() * lateNs) : lateNs);
            grid.record(nowNs, requestNs, endNs, TICK_NS);
            assertFalse(grid.holds(), "park " + park);
            nowNs = endNs + (random.nextBoolean() ? 5_000 : random.nextInt(10_000_000));
        }
    }

    @Test
    void aFineTimerIsNeverTakenForAGrid()
    {
        final long floorNs = 60_000;
        final TickGrid grid = new TickGrid(0);
        long nowNs = 1_000_000_000L;
        for (int park = 0; park < 1_000; park++)
        {
            final long endNs = (nowNs / floorNs + 1) * floorNs;
            grid.record(nowNs, 1 + park % 100_000, endNs, floorNs);
            nowNs = endNs + park * 7_000 % floorNs;
        }

        assertFalse(grid.holds());
    }

    /**
     * @return a grid that holds, its latest park ended at {@link #lastTickNs}.
     */
    private TickGrid gridHeld()
    {
        final Random random = new Random(3);
        final TickGrid grid = new TickGrid(0);
        long nowNs = 1_000_000_000L + WAKE_DELAY_NS;
        while (!grid.holds())
        {
            nowNs = parkUnderATick(grid, nowNs + random.nextInt((int)TICK_NS), 1 + random.nextInt(30_000_000));
        }
        lastTickNs = nowNs;
        return grid;
    }

    /**
     * @return when a park begun {@code intoTickNs} after the grid's latest tick and aimed {@code forNs} on ends under
     * the tick, counted from that tick.
     */
    private long endSinceTickNs(final TickGrid grid, final long intoTickNs, final long forNs)
    {
        final long nowNs = lastTickNs + intoTickNs;
        return endUnderATick(nowNs, grid.requestEndingBy(nowNs, nowNs + forNs, TICK_NS)) - lastTickNs;
    }

    private static long parkUnderATick(final TickGrid grid, final long nowNs, final long requestNs)
    {
        final long endNs = endUnderATick(nowNs, requestNs);
        grid.record(nowNs, requestNs, endNs, TICK_NS);
        return endNs;
    }

    /**
     * @return when a park begun at {@code nowNs} for {@code requestNs} ends under Windows' default timer: at the
     * first tick at or after the request, and the wake-up's delay after it.
     */
    private static long endUnderATick(final long nowNs, final long requestNs)
    {
        final long dueNs = nowNs + requestNs - WAKE_DELAY_NS;
        return (dueNs + TICK_NS - 1) / TICK_NS * TICK_NS + WAKE_DELAY_NS;
    }
}
