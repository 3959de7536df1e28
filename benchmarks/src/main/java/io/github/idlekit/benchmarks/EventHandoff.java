package io.github.idlekit.benchmarks;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The events between a cell's producer and its consumer. The producer numbers them from 1, writes each one's publish
 * time into a ring and then publishes its number; the consumer takes every event up to the newest number it reads,
 * says when it found them, and then how far it has taken. In a closed loop no more than one event is ever
 * outstanding; in an open loop the ring holds those that came while the consumer slept or worked.
 */
final class EventHandoff
{
    /**
     * The events the ring holds: more than any strategy's worst wake-up leaves waiting at the shortest gaps.
     */
    static final int CAPACITY = 1 << 16;

    /**
     * The number published once the producer is done.
     */
    static final long END = Long.MIN_VALUE;

    private static final int MASK = CAPACITY - 1;

    private final long[] publishNs = new long[CAPACITY];
    private final AtomicLong newest = new AtomicLong();
    private final AtomicLong foundNs = new AtomicLong();
    private final AtomicLong taken = new AtomicLong();

    /**
     * Publishes event number {@code event} (the one after the last), first waiting while the ring is full.
     */
    void publish(final long event, final long publishedAtNs)
    {
        while (event - taken.get() > CAPACITY)
        {
            Thread.onSpinWait();
        }
        publishNs[(int)(event & MASK)] = publishedAtNs;
        newest.set(event);
    }

    /**
     * Waits until the consumer has taken every event up to {@code event}, then tells it the producer is done.
     */
    void end(final long event)
    {
        while (taken.get() - event < 0)
        {
            Thread.onSpinWait();
        }
        newest.set(END);
    }

    /**
     * @return the newest event's number, or {@link #END}.
     */
    long newest()
    {
        return newest.get();
    }

    /**
     * @return when event number {@code event}, published and not yet taken, was published.
     */
    long publishNs(final long event)
    {
        return publishNs[(int)(event & MASK)];
    }

    /**
     * The consumer found events at {@code observedNs}.
     */
    void foundAt(final long observedNs)
    {
        foundNs.set(observedNs);
    }

    /**
     * The consumer has taken every event up to {@code event}.
     */
    void takenUpTo(final long event)
    {
        taken.lazySet(event);
    }

    /**
     * Waits until the consumer finds an event published at {@code publishedAtNs} or later, yielding its CPU while
     * it waits. The producer's pacing park and a consumer's park that ends near the event's moment can expire in
     * one timer interrupt (Linux fires every timer whose slack has begun), which wakes both onto the CPU they slept
     * on while the other stays idle; a producer that spun here would keep its consumer queued behind it until the
     * scheduler's next preemption, milliseconds later, and so penalise the strategy whose wake-ups are best timed.
     *
     * @return when it found it.
     */
    long awaitFound(final long publishedAtNs)
    {
        long observedNs;
        while ((observedNs = foundNs.get()) - publishedAtNs < 0)
        {
            Thread.yield();
        }
        return observedNs;
    }

    /**
     * Forgets every event, for a handoff used again by the JIT's warm-up.
     */
    void clear()
    {
        newest.set(0);
        foundNs.set(0);
        taken.set(0);
    }
}
