package io.github.idlekit.benchmarks;

import com.lmax.disruptor.LiteBlockingWaitStrategy;
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
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What waking costs the producer while the worker is not parked, the common case on a busy system: a
 * {@link WakeableIdleStrategy#wake()} with a wake already pending (the worker has not idled since), and one racing
 * a worker that keeps finding work and idling (each wake it takes sets up the next), against a bare
 * {@code LockSupport.unpark} of a running thread, {@code notify} on a monitor nobody waits on, and Disruptor's
 * {@code LiteBlockingWaitStrategy.signalAllWhenBlocking()} with no consumer blocked.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class WakeCostBenchmark
{
    /**
     * One worker's strategy and thread, shared by a group.
     */
    @State(Scope.Group)
    public static class Worker
    {
        final WakeableIdleStrategy strategy = new WakeableIdleStrategy();
        final LiteBlockingWaitStrategy lite = new LiteBlockingWaitStrategy();
        final Object monitor = new Object();
        volatile Thread thread;

        /**
         * Gives the strategy a worker thread to wake.
         */
        @Setup
        public void setUp()
        {
            strategy.idle(0);
            strategy.idle(1);
        }
    }

    /**
     * Producer: wakes a worker that has not idled since the last wake.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("wakePending")
    @GroupThreads(1)
    public void wakePending(final Worker worker)
    {
        worker.strategy.wake();
    }

    /**
     * Producer: wakes a worker that keeps taking the wakes.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("wakeRunning")
    @GroupThreads(1)
    public void wakeRunning(final Worker worker)
    {
        worker.strategy.wake();
    }

    /**
     * Worker: idles once, taking a pending wake if there is one, and finds work.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("wakeRunning")
    @GroupThreads(1)
    public void idleAndWork(final Worker worker)
    {
        worker.strategy.idle(0);
        worker.strategy.idle(1);
    }

    /**
     * Producer: unparks a running thread, a system call each time.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("unparkRunning")
    @GroupThreads(1)
    public void unparkRunning(final Worker worker)
    {
        final Thread thread = worker.thread;
        if (null != thread)
        {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Worker: runs without parking.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("unparkRunning")
    @GroupThreads(1)
    public void run(final Worker worker)
    {
        if (null == worker.thread)
        {
            worker.thread = Thread.currentThread();
        }
        Thread.onSpinWait();
    }

    /**
     * Producer: {@code notify} under the monitor, nobody waiting.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("notifyNobody")
    @GroupThreads(1)
    public void notifyNobody(final Worker worker)
    {
        synchronized (worker.monitor)
        {
            worker.monitor.notify();
        }
    }

    /**
     * Producer: Disruptor's lite blocking strategy signalling with no consumer blocked.
     *
     * @param worker the worker.
     */
    @Benchmark
    @Group("liteBlockingNobody")
    @GroupThreads(1)
    public void liteBlockingNobody(final Worker worker)
    {
        worker.lite.signalAllWhenBlocking();
    }
}
