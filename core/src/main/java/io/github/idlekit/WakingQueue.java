package io.github.idlekit;

import java.util.Objects;
import java.util.Queue;

/**
 * The producers' side of a queue whose consumer idles with a {@link WakeableIdleStrategy}: {@link #offer} puts an
 * item in and wakes the consumer, so a consumer that parked long notices the item within a scheduler wake-up.
 *
 * <p>Meant for Agrona's {@code ManyToOneConcurrentArrayQueue} and {@code OneToOneConcurrentArrayQueue} (any
 * {@link Queue} will do): the consumer drains the queue as before and idles with the strategy when it is empty.
 * The wake is cheap while the consumer is awake (a read or two of shared memory, no system call), so it is made
 * after every successful offer rather than guessed from the queue's size, which a concurrent consumer makes stale.
 *
 * @param <E> the type of the items.
 */
public final class WakingQueue<E>
{
    private final Queue<E> queue;
    private final WakeableIdleStrategy consumerIdle;

    /**
     * @param queue        the queue the consumer drains.
     * @param consumerIdle the idle strategy of the consumer's thread.
     */
    public WakingQueue(final Queue<E> queue, final WakeableIdleStrategy consumerIdle)
    {
        this.queue = Objects.requireNonNull(queue, "queue");
        this.consumerIdle = Objects.requireNonNull(consumerIdle, "consumerIdle");
    }

    /**
     * Offers {@code item} and, if the queue took it, wakes the consumer.
     *
     * @param item the item, not null.
     * @return whether the queue took it (false when a bounded queue is full).
     */
    public boolean offer(final E item)
    {
        if (queue.offer(item))
        {
            consumerIdle.wake();
            return true;
        }
        return false;
    }

    /**
     * @return the queue, for the consumer to drain.
     */
    public Queue<E> queue()
    {
        return queue;
    }
}
