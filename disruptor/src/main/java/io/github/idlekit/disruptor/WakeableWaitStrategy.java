package io.github.idlekit.disruptor;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import io.github.idlekit.WakeableIdleStrategy;
import io.github.idlekit.internal.Durations;

import java.time.Duration;
import java.util.Arrays;

/**
 * A Disruptor {@link WaitStrategy} whose consumers idle with a {@link WakeableIdleStrategy} each, woken by the
 * publisher's {@link #signalAllWhenBlocking()}: consumers spin while events come faster than a wake-up, park long
 * (next to no CPU) when they do not, and are woken within a scheduler wake-up. Like Disruptor's
 * {@code LiteBlockingWaitStrategy} the publisher makes a system call only for a consumer that is parked, but with
 * no lock: a publish while the consumers are awake costs a read or two of shared memory per consumer.
 *
 * <p>As with Disruptor's blocking strategies, a consumer waits this way for the ring buffer's cursor only; one
 * gated on another consumer's sequence spins ({@code Thread.onSpinWait}) for it, since that consumer does not
 * signal. Each consumer thread gets its own strategy at its first wait, and keeps it: the strategy suits event
 * processors that live as long as the ring buffer, not threads made per call.
 */
public final class WakeableWaitStrategy implements WaitStrategy
{
    private final Duration maxPark;
    private final ThreadLocal<WakeableIdleStrategy> idles;
    private volatile WakeableIdleStrategy[] waiters = new WakeableIdleStrategy[0];

    /**
     * Consumers park for at most {@link WakeableIdleStrategy#DEFAULT_MAX_PARK}.
     */
    public WakeableWaitStrategy()
    {
        this(WakeableIdleStrategy.DEFAULT_MAX_PARK);
    }

    /**
     * @param maxPark the longest park of a consumer, positive: how late it notices an event nobody signalled.
     */
    public WakeableWaitStrategy(final Duration maxPark)
    {
        Durations.requirePositiveNanos("maxPark", maxPark);
        this.maxPark = maxPark;
        this.idles = ThreadLocal.withInitial(this::register);
    }

    /**
     * {@inheritDoc}
     */
    public long waitFor(
        final long sequence, final Sequence cursor, final Sequence dependentSequence, final SequenceBarrier barrier)
        throws AlertException
    {
        if (cursor.get() < sequence)
        {
            final WakeableIdleStrategy idle = idles.get();
            while (cursor.get() < sequence)
            {
                barrier.checkAlert();
                idle.idle(0);
            }
            idle.idle(1);
        }
        long available;
        while ((available = dependentSequence.get()) < sequence)
        {
            barrier.checkAlert();
            Thread.onSpinWait();
        }
        return available;
    }

    /**
     * Wakes every consumer that waits or is about to; a system call only for those parked.
     */
    public void signalAllWhenBlocking()
    {
        for (final WakeableIdleStrategy waiter : waiters)
        {
            waiter.wake();
        }
    }

    /**
     * @return the consumers' strategies, for their statistics; one per consumer thread that has waited.
     */
    public WakeableIdleStrategy[] consumerIdleStrategies()
    {
        return waiters.clone();
    }

    private synchronized WakeableIdleStrategy register()
    {
        final WakeableIdleStrategy idle = new WakeableIdleStrategy(maxPark);
        final WakeableIdleStrategy[] grown = Arrays.copyOf(waiters, waiters.length + 1);
        grown[grown.length - 1] = idle;
        waiters = grown;
        return idle;
    }
}
