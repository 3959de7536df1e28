package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PendingEpisodesTest
{
    private static final int FLAGS = 4;

    @Test
    void everyEpisodeKeepsWhatItWasAddedWithOldestFirstWhateverItsFlags()
    {
        final int combinations = 1 << FLAGS;
        final PendingEpisodes pending = new PendingEpisodes(combinations);
        for (int i = 0; i < combinations; i++)
        {
            assertFalse(pending.isFull(), "room for episode " + i);
            pending.add(10L * i, 10L * i + 1, flag(i, 0), flag(i, 1), flag(i, 2), 10L * i + 2, 10L * i + 3,
                10L * i + 4, flag(i, 3));
        }
        assertTrue(pending.isFull());

        assertEquals(combinations, pending.size());
        for (int i = 0; i < combinations; i++)
        {
            assertEquals(10L * i, pending.fromNs(i));
            assertEquals(10L * i + 1, pending.endedNs(i));
            assertEquals(flag(i, 0), pending.promptlyWoken(i), "episode " + i);
            assertEquals(flag(i, 1), pending.endedInFirstPark(i), "episode " + i);
            assertEquals(flag(i, 2), pending.exploring(i), "episode " + i);
            assertEquals(10L * i + 2, pending.exploreFromNs(i));
            assertEquals(10L * i + 3, pending.exploreUntilNs(i));
            assertEquals(10L * i + 4, pending.unparkedNs(i));
            assertEquals(flag(i, 3), pending.afterPark(i), "episode " + i);
        }
    }

    @Test
    void clearingMakesRoomForAsManyAgain()
    {
        final PendingEpisodes pending = new PendingEpisodes(2);
        pending.add(1, 2, true, true, true, 3, 4, 5, true);
        pending.add(1, 2, true, true, true, 3, 4, 5, true);

        pending.clear();

        assertEquals(0, pending.size());
        assertFalse(pending.isFull());
        pending.add(6, 7, false, false, false, 8, 9, 10, false);
        assertEquals(6, pending.fromNs(0));
        assertFalse(pending.promptlyWoken(0) || pending.endedInFirstPark(0) || pending.exploring(0) ||
            pending.afterPark(0), "no flag left from the episode cleared");
    }

    private static boolean flag(final int combination, final int bit)
    {
        return (combination >> bit & 1) == 1;
    }
}
