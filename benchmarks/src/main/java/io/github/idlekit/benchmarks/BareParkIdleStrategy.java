package io.github.idlekit.benchmarks;

import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.locks.LockSupport;

/**
 * The physical limit a woken worker is judged against: it parks at once whenever idle, and the producer unparks it
 * after every publish, with no protocol around the two calls. The park is bounded by {@link #MAX_PARK_NS} only so
 * that an unpark made before the worker's first park, which has no thread to go to, cannot leave it asleep.
 *
 * <p>Two variants show what a worker does just before it parks costs its next wake-up: one yields first
 * ({@code Thread.yield}, as backoff ladders do), one first parks for the timer's floor ({@code parkNanos(1)}, a
 * park that times out, as a ladder's short parks do).
 */
final class BareParkIdleStrategy implements IdleStrategy
{
    static final long MAX_PARK_NS = 100_000_000L;

    /**
     * What the worker does just before each park.
     */
    enum Before
    {
        NOTHING("bare-park-unpark"), YIELD("bare-yield-park-unpark"), TIMED_PARK("bare-timed-park-unpark");

        private final String alias;

        Before(final String alias)
        {
            this.alias = alias;
        }
    }

    private final Before before;
    private volatile Thread worker;

    BareParkIdleStrategy(final Before before)
    {
        this.before = before;
    }

    /**
     * Unparks the worker, whatever it is doing: a system call on every call.
     */
    void wake()
    {
        final Thread parked = worker;
        if (null != parked)
        {
            LockSupport.unpark(parked);
        }
    }

    public void idle(final int workCount)
    {
        if (workCount <= 0)
        {
            idle();
        }
    }

    public void idle()
    {
        if (null == worker)
        {
            worker = Thread.currentThread();
        }
        if (before == Before.YIELD)
        {
            Thread.yield();
        }
        else if (before == Before.TIMED_PARK)
        {
            LockSupport.parkNanos(this, 1);
        }
        LockSupport.parkNanos(this, MAX_PARK_NS);
    }

    public void reset()
    {
    }

    public String alias()
    {
        return before.alias;
    }
}
