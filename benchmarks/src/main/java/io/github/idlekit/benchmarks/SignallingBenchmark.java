package io.github.idlekit.benchmarks;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.LiteTimeoutBlockingWaitStrategy;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.TimeoutException;
import io.github.idlekit.WakeableIdleStrategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What waking a blocked consumer costs the producer, as a latency distribution (seed 003): {@code Object.notify}
 * under the monitor, {@code LockSupport.unpark}, Disruptor's lite blocking wait strategy (a publish: cursor
 * advanced, then {@code signalAllWhenBlocking}), and {@link WakeableIdleStrategy#wake()} for a worker that idles
 * with the strategy (its longest park 1 ms, like the others' bound). Each group is one signaller, signalling
 * without pause, and one waiter;
 * run with {@code -t 2} for one pair and e.g. {@code -t 8} for four pairs competing for the cores, which is where the
 * outliers show. The waiters wait with a 1 ms bound so that an iteration can always end.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class SignallingBenchmark
{
    /**
     * One waiter's monitor and thread.
     */
    @State(Scope.Group)
    public static class Pair
    {
        final Object monitor = new Object();
        final WakeableIdleStrategy wakeable = new WakeableIdleStrategy(Duration.ofMillis(1));
        final LiteTimeoutBlockingWaitStrategy lite = new LiteTimeoutBlockingWaitStrategy(1, TimeUnit.MILLISECONDS);
        final Sequence cursor = new Sequence();
        final SequenceBarrier neverAlerted = new NeverAlertedBarrier();
        volatile Thread waiter;
    }

    /**
     * A barrier nobody alerts: the lite strategy's wait checks it, nothing more.
     */
    static final class NeverAlertedBarrier implements SequenceBarrier
    {
        public long waitFor(final long sequence)
        {
            throw new UnsupportedOperationException();
        }

        public long getCursor()
        {
            throw new UnsupportedOperationException();
        }

        public boolean isAlerted()
        {
            return false;
        }

        public void alert()
        {
        }

        public void clearAlert()
        {
        }

        public void checkAlert()
        {
        }
    }

    /**
     * Producer side: {@code notify} under the monitor.
     *
     * @param pair the waiter to signal.
     */
    @Benchmark
    @Group("notify")
    @GroupThreads(1)
    public void notifySignal(final Pair pair)
    {
        synchronized (pair.monitor)
        {
            pair.monitor.notify();
        }
    }

    /**
     * Consumer side: {@code wait} on the monitor.
     *
     * @param pair the pair's state.
     * @throws InterruptedException never expected.
     */
    @Benchmark
    @Group("notify")
    @GroupThreads(1)
    public void notifyWait(final Pair pair) throws InterruptedException
    {
        synchronized (pair.monitor)
        {
            pair.monitor.wait(1);
        }
    }

    /**
     * Producer side: {@code LockSupport.unpark}.
     *
     * @param pair the waiter to signal.
     */
    @Benchmark
    @Group("unpark")
    @GroupThreads(1)
    public void unparkSignal(final Pair pair)
    {
        final Thread waiter = pair.waiter;
        if (null != waiter)
        {
            LockSupport.unpark(waiter);
        }
    }

    /**
     * Consumer side: {@code LockSupport.parkNanos}.
     *
     * @param pair the pair's state.
     */
    @Benchmark
    @Group("unpark")
    @GroupThreads(1)
    public void unparkWait(final Pair pair)
    {
        pair.waiter = Thread.currentThread();
        LockSupport.parkNanos(1_000_000L);
    }

    /**
     * Producer side: {@link WakeableIdleStrategy#wake()}, an unpark only when the waiter parks.
     *
     * @param pair the waiter to wake.
     */
    @Benchmark
    @Group("wake")
    @GroupThreads(1)
    public void wakeSignal(final Pair pair)
    {
        pair.wakeable.wake();
    }

    /**
     * Consumer side: one idle call of the wakeable strategy, then work found, as a duty loop woken for each item.
     *
     * @param pair the pair's state.
     */
    @Benchmark
    @Group("wake")
    @GroupThreads(1)
    public void wakeWait(final Pair pair)
    {
        pair.wakeable.idle(0);
        pair.wakeable.idle(1);
    }

    /**
     * Producer side: a publish to a Disruptor ring whose consumer uses the lite blocking strategy.
     *
     * @param pair the waiter to signal.
     */
    @Benchmark
    @Group("liteBlocking")
    @GroupThreads(1)
    public void liteBlockingSignal(final Pair pair)
    {
        pair.cursor.incrementAndGet();
        pair.lite.signalAllWhenBlocking();
    }

    /**
     * Consumer side: waits for the next publish, for at most 1 ms.
     *
     * @param pair the pair's state.
     * @return the sequence now available, or -1 when the wait timed out.
     * @throws InterruptedException never expected.
     * @throws AlertException never: nobody alerts the barrier.
     */
    @Benchmark
    @Group("liteBlocking")
    @GroupThreads(1)
    public long liteBlockingWait(final Pair pair) throws InterruptedException, AlertException
    {
        try
        {
            return pair.lite.waitFor(pair.cursor.get() + 1, pair.cursor, pair.cursor, pair.neverAlerted);
        }
        catch (final TimeoutException ex)
        {
            return -1;
        }
    }
}
