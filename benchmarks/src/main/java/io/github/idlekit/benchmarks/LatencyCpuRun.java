package io.github.idlekit.benchmarks;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;

import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One cell of the comparison: a producer and a consumer thread. The producer waits the workload's gap after the
 * consumer found the previous event or, in an open loop, after the previous event was due (see {@link Arrivals};
 * timed with a {@link PrecisePacer}, never with the strategy under test), then publishes the event with the current
 * {@code System.nanoTime}, and wakes the consumer if its strategy can be woken (the wake's cost is part of the
 * latency measured). The consumer, an {@link EventConsumer}, runs a duty-cycle loop with the strategy under test,
 * compiled before the first cell so that its own code costs every strategy the same (the producer's loop too, see
 * {@link #warmUpJit}), and records, for each event, the time from publish to observed, its own CPU time, and what an
 * idlekit strategy's statistics counted.
 */
final class LatencyCpuRun
{
    private static final long MAX_LOGGED_EVENTS = 2_000_000;
    private static final String STAND_IN = "agrona-noop";
    private static final long WARM_UP_CELL_NS = 100_000_000L;
    private static final long MAX_WARM_UP_NS = 1_000_000_000L;

    private final String strategyName;
    private final Workload workload;
    private final Arrivals arrivals;
    private final PrecisePacer pacer;
    private final long warmupNs;
    private final long durationNs;
    private final long maxEvents;
    private String finalState = "";
    private List<Readaptation.Stretch> stretches = List.of();
    private MachineCpuTicks ticksAtMeasureStart;
    private long compilingMsAtMeasureStart = -1;

    LatencyCpuRun(
        final String strategyName,
        final Workload workload,
        final Arrivals arrivals,
        final PrecisePacer pacer,
        final long warmupNs,
        final long durationNs,
        final long maxEvents)
    {
        this.strategyName = strategyName;
        this.workload = workload;
        this.arrivals = arrivals;
        this.pacer = pacer;
        this.warmupNs = warmupNs;
        this.durationNs = durationNs;
        this.maxEvents = maxEvents;
    }

    /**
     * @return the strategy's {@code toString()} once the run ended: for an adaptive strategy, what it learnt.
     */
    String finalState()
    {
        return finalState;
    }

    /**
     * @return for a phased workload, how many events the strategy took to settle in each phase; else empty.
     */
    List<Readaptation.Stretch> stretches()
    {
        return stretches;
    }

    /**
     * Runs short cells of 10 µs gaps, their measured windows included, with Agrona's {@code NoOpIdleStrategy},
     * which no comparison measures, until the JIT stops compiling (see {@link JitWarmUp#repeat}). The JIT compiles
     * the producer's loop during a cell's warm-up, before the window starts; the window's start, a branch that code
     * has never seen taken, would otherwise send the loop back to the interpreter and have it compiled again inside
     * the first cell measured, on the CPUs that cell's strategy needs. Once per JVM, before the first cell, with the
     * arrivals of the cells to come.
     */
    static void warmUpJit(final Arrivals arrivals, final PrecisePacer pacer) throws IOException, InterruptedException
    {
        final Workload workload = Workload.parse("fixed-10us");
        JitWarmUp.repeat(MAX_WARM_UP_NS, () ->
            new LatencyCpuRun(STAND_IN, workload, arrivals, pacer, WARM_UP_CELL_NS, WARM_UP_CELL_NS, Long.MAX_VALUE)
                .run(new NoOpIdleStrategy()));
    }

    CellResult run() throws InterruptedException
    {
        return run(StrategyCatalog.create(strategyName));
    }

    private CellResult run(final IdleStrategy strategy) throws InterruptedException
    {
        final EventHandoff events = new EventHandoff();
        final Histogram latencies = new Histogram(EventConsumer.HIGHEST_TRACKABLE_NS, 3);
        final long startNs = System.nanoTime();
        final long measureFromNs = startNs + warmupNs;
        final EventConsumer.EventLog log = workload.phased() ?
            new EventConsumer.EventLog(startNs, (int)Math.min(maxEvents, MAX_LOGGED_EVENTS)) : null;
        final EventConsumer consumer = new EventConsumer(strategy, events, latencies, measureFromNs, log);
        final Thread consumerThread = new Thread(consumer, "compare-consumer");
        consumerThread.start();
        produce(events, startNs, measureFromNs, StrategyCatalog.wakerOf(strategy));
        consumerThread.join();
        final double stolenShare = MachineCpuTicks.stolenShare(ticksAtMeasureStart, MachineCpuTicks.now());
        final long compilingMs = CompilationTime.sinceMs(compilingMsAtMeasureStart);
        finalState = strategy.toString();
        if (null != log)
        {
            stretches = Readaptation.of(workload, log.elapsedNs, log.latencyNs, log.cpuNs, log.count);
        }
        final EventConsumer.Measured window = consumer.measured();
        return null == window ?
            CellResult.of(strategyName, workload.name(), latencies, 0, 0, null, 0, stolenShare, compilingMs) :
            CellResult.of(strategyName, workload.name(), latencies, window.cpuNs(), window.wallNs(), window.counts(),
                window.sleeps(), stolenShare, compilingMs);
    }

    private void produce(final EventHandoff events, final long startNs, final long measureFromNs, final Runnable waker)
    {
        final SplittableRandom random = new SplittableRandom(42);
        final long endNs = measureFromNs + durationNs;
        long fromNs = startNs;
        long measured = 0;
        long event = 0;
        while (measured < maxEvents)
        {
            final long publishAtNs = fromNs + workload.gapBeforeNs(event, fromNs - startNs, random);
            if (publishAtNs - endNs >= 0)
            {
                break;
            }
            pacer.waitUntil(publishAtNs);
            final long publishNs = System.nanoTime();
            events.publish(++event, publishNs);
            if (null != waker)
            {
                waker.run();
            }
            if (publishNs - measureFromNs >= 0)
            {
                if (measured++ == 0)
                {
                    ticksAtMeasureStart = MachineCpuTicks.now();
                    compilingMsAtMeasureStart = CompilationTime.totalMs();
                }
            }
            fromNs = arrivals == Arrivals.OPEN_LOOP ? publishAtNs : events.awaitFound(publishNs);
        }
        events.end(event);
        if (null != waker)
        {
            waker.run();
        }
    }
}
