package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExplorationCadenceTest
{
    private static final long REACH_NS = 10_000;
    private static final long PARK_CPU_NS = 5_000;
    private static final long WAITING_PER_EPISODE_NS = ExplorationCadence.CPU_DIVISOR * REACH_NS;

    @Test
    void oneEpisodeInSoManyExploresWhileExplorationsSeeWork()
    {
        final Episodes episodes = new Episodes();
        for (int n = 0; n < 5; n++)
        {
            assertEquals(ExplorationCadence.EVERY, episodes.toNextExploration(), "exploration " + n);
            episodes.cadence.ended(true);
        }
    }

    @Test
    void missesInARowMakeExplorationsRarerUpToTheMostThenOneThatSeesWorkBringsThemBack()
    {
        final Episodes episodes = new Episodes();
        long every = ExplorationCadence.EVERY;
        long toNext = ExplorationCadence.EVERY;
        for (int miss = 1; miss <= ExplorationCadence.MISSES_BEFORE_BACKOFF + 6; miss++)
        {
            assertEquals(toNext, episodes.toNextExploration(), "after " + (miss - 1) + " misses");
            // the next exploration's turn is set as this one begins, before it is known to miss
            toNext = every;
            episodes.cadence.ended(false);
            every = miss < ExplorationCadence.MISSES_BEFORE_BACKOFF ? every :
                Math.min(ExplorationCadence.MAX_EVERY, 2 * every);
        }
        assertEquals(ExplorationCadence.MAX_EVERY, every, "the test reaches the most");
        assertEquals(ExplorationCadence.MAX_EVERY, episodes.toNextExploration(), "at the most");
        episodes.cadence.ended(false);
        assertEquals(ExplorationCadence.MAX_EVERY, episodes.toNextExploration(), "still at the most");

        episodes.cadence.ended(true);
        assertEquals(ExplorationCadence.MAX_EVERY, episodes.toNextExploration(), "the turn set before it saw work");
        assertEquals(ExplorationCadence.EVERY, episodes.toNextExploration(), "after one that saw work");
    }

    @Test
    void aChangeOfWorkloadExploresAsOftenAsAtTheStart()
    {
        final Episodes episodes = new Episodes();
        for (int miss = 0; miss < 2 * ExplorationCadence.MISSES_BEFORE_BACKOFF; miss++)
        {
            episodes.toNextExploration();
            episodes.cadence.ended(false);
        }
        episodes.cadence.restart();
        episodes.toNextExploration();
        assertEquals(ExplorationCadence.EVERY, episodes.toNextExploration());
    }

    @Test
    void anExplorationWaitsUntilTheWaitingSinceTheLastPaysForIt()
    {
        final ExplorationCadence cadence = new ExplorationCadence();
        cadence.episodesToNext = 1;
        assertTrue(cadence.turnCome());
        final long enoughNs = ExplorationCadence.CPU_DIVISOR * REACH_NS;
        assertFalse(cadence.begin(REACH_NS, enoughNs - 1, 0, PARK_CPU_NS), "too little waiting");
        assertTrue(cadence.turnCome(), "the turn stays come");
        assertTrue(cadence.begin(REACH_NS, enoughNs - PARK_CPU_NS, 1, PARK_CPU_NS), "parks count at their CPU");

        for (long e = 1; e < ExplorationCadence.EVERY; e++)
        {
            assertFalse(cadence.turnCome(), "episode " + e);
        }
        assertTrue(cadence.turnCome());
        assertFalse(cadence.begin(REACH_NS, enoughNs, 1, PARK_CPU_NS), "counted from the last exploration's start");
        assertTrue(cadence.begin(REACH_NS, 2 * enoughNs - PARK_CPU_NS, 1, PARK_CPU_NS));
    }

    /**
     * Episodes that each wait enough CPU for an exploration.
     */
    private static final class Episodes
    {
        final ExplorationCadence cadence = new ExplorationCadence();
        long busyNs;

        /**
         * @return how many episodes start until one explores, that one included.
         */
        long toNextExploration()
        {
            long episodes = 0;
            while (true)
            {
                episodes++;
                busyNs += WAITING_PER_EPISODE_NS;
                if (cadence.turnCome() && cadence.begin(REACH_NS, busyNs, 0, PARK_CPU_NS))
                {
                    return episodes;
                }
            }
        }
    }
}
