package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures how long a worker idling with a strategy takes to notice an event: a worker thread (created by the
 * caller, so on Linux it inherits the caller's timer slack) polls a counter, and the caller leaves it idle for a
 * gap before each publish. Every wait is bounded:
 * a worker that stops noticing events fails the measurement instead of hanging the build.
 */
final class WakeUpLatency
{
    private static final long EVENT_DEADLINE_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long STOP_PUBLISHED = Long.MAX_VALUE;

    private WakeUpLatency()
    {
    }

    /**
     * @param strategy     the strategy under test, used by the worker only.
     * @param profile      the caller's timer profile, to time the gap with parks that cannot overshoot it.
     * @param gapNs        idle time before each publish; the workload, not synchronisation.
     * @param warmupEvents events published before measuring, so that the JIT is done.
     * @param events       events measured.
     * @return the median publish-to-observed latency in nanoseconds.
     * @throws InterruptedException if interrupted while joining the worker.
     * @throws AssertionError       when the worker does not notice an event within 10 s or does not stop.
     */
    static long medianNs(
        final IdleStrategy strategy, final TimerProfile profile, final long gapNs, final int warmupEvents,
        final int events) throws InterruptedException
    {
        final int total = warmupEvents + events;
        final long[] latenciesNs = new long[events];
        final AtomicLong published = new AtomicLong();
        final AtomicLong observed = new AtomicLong();
        final Thread worker = new Thread(() ->
        {
            long seen = 0;
            while (seen < total)
            {
                final long value = published.get();
                if (value == STOP_PUBLISHED)
                {
                    return;
                }
                if (value > seen)
                {
                    seen = value;
                    observed.set(System.nanoTime());
                    strategy.idle(1);
                }
                else
                {
                    strategy.idle(0);
                }
            }
        }, "wake-up-latency-worker");
        worker.setDaemon(true);
        worker.start();
        try
        {
            for (int i = 0; i < total; i++)
            {
                final long deadlineNs = System.nanoTime() + gapNs;
                while (deadlineNs - System.nanoTime() > 3 * profile.parkFloorP90Ns())
                {
                    LockSupport.parkNanos(1);
                }
                while (deadlineNs - System.nanoTime() > 0)
                {
                    Thread.onSpinWait();
                }
                final long publishNs = System.nanoTime();
                published.set(i + 1);
                while (observed.get() - publishNs < 0)
                {
                    if (System.nanoTime() - publishNs > EVENT_DEADLINE_NS)
                    {
                        throw new AssertionError("event " + i + " not noticed within 10 s by " + strategy);
                    }
                    Thread.onSpinWait();
                }
                if (i >= warmupEvents)
                {
                    latenciesNs[i - warmupEvents] = observed.get() - publishNs;
                }
            }
        }
        finally
        {
            published.set(STOP_PUBLISHED);
            LockSupport.unpark(worker);
            worker.join(TimeUnit.NANOSECONDS.toMillis(EVENT_DEADLINE_NS));
        }
        if (worker.isAlive())
        {
            throw new AssertionError("the worker did not stop within 10 s: " + strategy);
        }
        Arrays.sort(latenciesNs);
        return latenciesNs[events / 2];
    }
}
