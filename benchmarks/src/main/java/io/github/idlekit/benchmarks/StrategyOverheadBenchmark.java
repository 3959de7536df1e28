package io.github.idlekit.benchmarks;

import org.agrona.concurrent.IdleStrategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What a strategy costs the duty-cycle loop: {@code idle(1)} when work was found (the hot path, which must not
 * read the clock or allocate; run with {@code -prof gc} to see 0 B/op), and the first {@code idle(0)} after work,
 * which for a sleeping strategy is a whole park.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED")
@State(Scope.Thread)
public class StrategyOverheadBenchmark
{
    /**
     * The strategy's catalogue name.
     */
    @Param({ "idlekit-low-latency", "idlekit-balanced", "idlekit-low-cpu", "agrona-backoff", "aeron-backoff",
        "agrona-sleep-ns", "agrona-sleep-ms", "agrona-yield", "agrona-spin" })
    public String strategy;

    private IdleStrategy idleStrategy;

    /**
     * Creates the strategy.
     */
    @Setup
    public void create()
    {
        idleStrategy = StrategyCatalog.create(strategy);
    }

    /**
     * {@code idle(1)}: work was found.
     */
    @Benchmark
    public void workFound()
    {
        idleStrategy.idle(1);
    }

    /**
     * {@code idle(1)} then {@code idle(0)}: the first idle call of an episode.
     */
    @Benchmark
    public void firstIdle()
    {
        idleStrategy.idle(1);
        idleStrategy.idle(0);
    }
}
