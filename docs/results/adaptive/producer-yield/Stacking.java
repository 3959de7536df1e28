import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import io.github.idlekit.CalibratedIdleStrategy;

/**
 * compare's closed loop, cut down: a producer paces events GAP_NS apart (parking until 165 µs before each, then
 * spinning to it, as PrecisePacer does here), publishes, then waits until its consumer has found the event, spinning
 * or yielding; the consumer idles with Agrona's backoff or idlekit's default. Prints the consumer's latency
 * percentiles and how many events it found more than 1.5 ms late.
 * Usage: java -cp benchmarks.jar:. Stacking GAP_NS EVENTS agrona|idlekit spin|yield
 */
public class Stacking
{
    static final AtomicLong published = new AtomicLong();
    static final AtomicLong found = new AtomicLong();

    public static void main(final String[] args) throws Exception
    {
        final long gapNs = Long.parseLong(args[0]);
        final int events = Integer.parseInt(args[1]);
        final IdleStrategy idle = args[2].equals("agrona") ? new BackoffIdleStrategy() : new CalibratedIdleStrategy();
        final boolean yielding = args[3].equals("yield");
        final long[] latencyNs = new long[events];
        final Thread consumer = new Thread(() ->
        {
            for (int i = 0; i < events; i++)
            {
                long publishedNs;
                idle.reset();
                while ((publishedNs = published.get()) == 0)
                {
                    idle.idle(0);
                }
                idle.idle(1);
                final long nowNs = System.nanoTime();
                latencyNs[i] = nowNs - publishedNs;
                published.set(0);
                found.set(nowNs);
            }
        }, "consumer");
        consumer.start();
        long fromNs = System.nanoTime();
        for (int i = 0; i < events; i++)
        {
            final long deadlineNs = fromNs + gapNs;
            long remainingNs;
            while ((remainingNs = deadlineNs - System.nanoTime()) > 165_000)
            {
                LockSupport.parkNanos(remainingNs - 165_000);
            }
            while (deadlineNs - System.nanoTime() > 0)
            {
                Thread.onSpinWait();
            }
            final long publishNs = System.nanoTime();
            published.set(publishNs);
            long foundNs;
            while ((foundNs = found.get()) - publishNs < 0)
            {
                if (yielding)
                {
                    Thread.yield();
                }
                else
                {
                    Thread.onSpinWait();
                }
            }
            fromNs = foundNs;
        }
        consumer.join();
        final long late = Arrays.stream(latencyNs).filter(ns -> ns > 1_500_000).count();
        Arrays.sort(latencyNs);
        System.out.printf("%s, producer %s: p50 %.1f us, p90 %.1f us, p99 %.1f us, max %.1f us, %d of %d over 1.5 ms%n",
            args[2], args[3], latencyNs[events / 2] / 1e3, latencyNs[events * 9 / 10] / 1e3,
            latencyNs[events * 99 / 100] / 1e3, latencyNs[events - 1] / 1e3, late, events);
    }
}
