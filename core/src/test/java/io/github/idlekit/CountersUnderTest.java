package io.github.idlekit;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersManager;

/**
 * Statistics registered in a {@link CountersManager} of their own, the way an Aeron driver's counters file holds
 * them, where tools other than the strategy can read and write them.
 */
final class CountersUnderTest
{
    private CountersUnderTest()
    {
    }

    static CountersManager newManager()
    {
        return new CountersManager(
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(64 * 1024, BitUtil.CACHE_LINE_LENGTH)),
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(16 * 1024, BitUtil.CACHE_LINE_LENGTH)));
    }

    static CountersManager registered(final IdleStatistics statistics, final String label)
    {
        final CountersManager counters = newManager();
        statistics.registerIn(counters, label);
        return counters;
    }

    /**
     * Sets every counter to zero, as an operator's tool resetting them would.
     */
    static void resetAll(final CountersManager counters)
    {
        counters.forEach((counterId, label) -> counters.setCounterValue(counterId, 0));
    }
}
