package io.github.idlekit;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The wake protocol of {@link WakeableIdleStrategy}: a producer publishing and waking, racing a worker that finds
 * no work and parks.
 */
public final class WakeableStress
{
    private WakeableStress()
    {
    }

    /**
     * Whatever the interleaving, a worker that parks without having seen the work is unparked: no lost wake-up.
     * The park is a fake that waits (spinning, for at most a second) until the worker is unparked, and records
     * whether it timed out instead, so a lost wake-up shows as an outcome rather than a hang.
     */
    @JCStressTest
    @Outcome(id = "true, false, false", expect = ACCEPTABLE, desc = "the worker saw the work and did not park")
    @Outcome(id = "false, false, false", expect = ACCEPTABLE, desc = "the wake was pending: the park was skipped")
    @Outcome(id = "false, true, false", expect = ACCEPTABLE, desc = "the worker parked and the producer unparked it")
    @Outcome(id = ".*, true", expect = FORBIDDEN, desc = "lost wake-up: parked, and nobody unparked it")
    @State
    public static class NoLostWakeUp
    {
        private final ParkUntilUnparked waits = new ParkUntilUnparked();
        private final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(TimerProfile::current, Duration.ofMillis(100), waits,
                thread -> waits.unparks.incrementAndGet());
        private int work;
        private boolean sawWork;

        /**
         * Makes the state's constructing thread the strategy's worker, so that a wake has a thread to unpark.
         */
        public NoLostWakeUp()
        {
            strategy.idle(0);
        }

        /**
         * Publishes, then wakes.
         */
        @Actor
        public void producer()
        {
            work = 1;
            strategy.wake();
        }

        /**
         * Polls, and parks when there was nothing.
         */
        @Actor
        public void worker()
        {
            sawWork = work == 1;
            if (!sawWork)
            {
                strategy.park(waits, 1_000_000);
            }
        }

        /**
         * @param result whether the worker saw the work, whether it parked, whether its park timed out.
         */
        @Arbiter
        public void check(final ZZZ_Result result)
        {
            result.r1 = sawWork;
            result.r2 = waits.parks.get() > 0;
            result.r3 = waits.timedOut;
        }
    }

    /**
     * Waits whose park spins until an unpark is counted, for at most a second.
     */
    private static final class ParkUntilUnparked implements ThreadWaits
    {
        private static final long PATIENCE_NS = 1_000_000_000L;

        final AtomicInteger parks = new AtomicInteger();
        final AtomicInteger unparks = new AtomicInteger();
        volatile boolean timedOut;

        public long nanoTime()
        {
            return System.nanoTime();
        }

        public void onSpinWait()
        {
        }

        public void yieldThread()
        {
        }

        public void parkNanos(final long nanos)
        {
            parks.incrementAndGet();
            final long deadlineNs = System.nanoTime() + PATIENCE_NS;
            while (unparks.get() == 0)
            {
                if (System.nanoTime() - deadlineNs > 0)
                {
                    timedOut = true;
                    return;
                }
                Thread.onSpinWait();
            }
        }

        public long threadCpuNanos()
        {
            return 0;
        }
    }
}
