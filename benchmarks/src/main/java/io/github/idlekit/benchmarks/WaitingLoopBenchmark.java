package io.github.idlekit.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waiting for a delay in steps of {@code parkNanos(pause)}, as in seed 001: a loop that counts delay/pause parks
 * overshoots by the timer slack of every park (each lasts pause + slack), while a loop that checks the clock stops
 * within one park of the deadline.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class WaitingLoopBenchmark
{
    /**
     * The park step, in microseconds.
     */
    @Param({ "100", "200", "500" })
    public long pauseUs;

    /**
     * The delay to wait, in milliseconds.
     */
    @Param({ "1", "5", "10", "50", "100" })
    public long delayMs;

    /**
     * Parks delay/pause times.
     */
    @Benchmark
    public void countedLoop()
    {
        final long pauseNs = TimeUnit.MICROSECONDS.toNanos(pauseUs);
        final long parks = TimeUnit.MILLISECONDS.toNanos(delayMs) / pauseNs;
        for (long i = 0; i < parks; i++)
        {
            LockSupport.parkNanos(pauseNs);
        }
    }

    /**
     * Parks until the clock passes the deadline.
     */
    @Benchmark
    public void whileLoop()
    {
        final long pauseNs = TimeUnit.MICROSECONDS.toNanos(pauseUs);
        final long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMs);
        while (deadlineNs - System.nanoTime() > 0)
        {
            LockSupport.parkNanos(pauseNs);
        }
    }
}
