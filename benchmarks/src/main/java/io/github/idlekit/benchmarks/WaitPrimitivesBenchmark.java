package io.github.idlekit.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * What each waiting primitive really costs, with the parameters of the public measurements this project rests on
 * (seeds 001 and 002 in the project's field notes): {@code parkNanos} for 10 ns to 1 ms, the {@code Thread.sleep}
 * variants, {@code Thread.yield}, and how long an {@code onSpinWait} loop takes to see a flag another thread set.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WaitPrimitivesBenchmark
{
    /**
     * The requested park.
     */
    @State(Scope.Thread)
    public static class Delay
    {
        /**
         * The requested park, in nanoseconds.
         */
        @Param({ "10", "100", "1000", "10000", "1000000" })
        public long delayNs;
    }

    /**
     * {@code LockSupport.parkNanos(delayNs)}: on Linux about delay + timer slack, on Windows whole ticks.
     *
     * @param delay the requested park.
     */
    @Benchmark
    public void parkNanos(final Delay delay)
    {
        LockSupport.parkNanos(delay.delayNs);
    }

    /**
     * {@code Thread.sleep(1)}.
     *
     * @throws InterruptedException never expected.
     */
    @Benchmark
    public void sleep1ms() throws InterruptedException
    {
        Thread.sleep(1);
    }

    /**
     * {@code Thread.sleep(0, 1000)}: sub-millisecond sleep, precise on POSIX only from JDK 21 (JDK-8305092).
     *
     * @throws InterruptedException never expected.
     */
    @Benchmark
    public void sleep1us() throws InterruptedException
    {
        Thread.sleep(0, 1000);
    }

    /**
     * {@code Thread.sleep(0)}.
     *
     * @throws InterruptedException never expected.
     */
    @Benchmark
    public void sleep0() throws InterruptedException
    {
        Thread.sleep(0);
    }

    /**
     * {@code Thread.yield()}.
     */
    @Benchmark
    public void yieldThread()
    {
        Thread.yield();
    }

    /**
     * A flag passed back and forth between two threads spinning with {@code onSpinWait}; one operation is a round
     * trip, two hand-offs.
     */
    @State(Scope.Group)
    public static class Flag
    {
        final AtomicInteger value = new AtomicInteger();
    }

    /**
     * Sets the flag and spins until the other thread clears it.
     *
     * @param flag    the shared flag.
     * @param control JMH's control, to stop spinning when the iteration ends.
     */
    @Benchmark
    @Group("onSpinWaitHandoff")
    @GroupThreads(1)
    public void ping(final Flag flag, final Control control)
    {
        flag.value.set(1);
        while (flag.value.get() != 0 && !control.stopMeasurement)
        {
            Thread.onSpinWait();
        }
    }

    /**
     * Spins until the flag is set, then clears it.
     *
     * @param flag    the shared flag.
     * @param control JMH's control, to stop spinning when the iteration ends.
     */
    @Benchmark
    @Group("onSpinWaitHandoff")
    @GroupThreads(1)
    public void pong(final Flag flag, final Control control)
    {
        while (flag.value.get() != 1 && !control.stopMeasurement)
        {
            Thread.onSpinWait();
        }
        flag.value.set(0);
    }
}
