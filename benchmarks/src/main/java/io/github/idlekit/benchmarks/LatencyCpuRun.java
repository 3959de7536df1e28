package io.github.idlekit.benchmarks;

import io.github.idlekit.IdleStatistics;
import io.github.idlekit.ObservableIdleStrategy;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One cell of the comparison: a producer and a consumer thread. The producer waits the workload's gap after the
 * consumer handled the previous event (timed with a {@link PrecisePacer}, never with the strategy under test),
 * then publishes the current {@code System.nanoTime} as the event, and wakes the consumer if its strategy can be
 * woken (the wake's cost is part of the latency measured). The consumer runs a duty-cycle loop with the
 * strategy under test and records, for each event, the time from publish to observed, its own CPU time, and what
 * an idlekit strategy's statistics counted.
 */
final class LatencyCpuRun
{
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long HIGHEST_TRACKABLE_NS = 60_000_000_000L;
    private static final long MAX_LOGGED_EVENTS = 2_000_000;

    private final String strategyName;
    private final Workload workload;
    private final PrecisePacer pacer;
    private final long warmupNs;
    private final long durationNs;
    private final long maxEvents;
    private String finalState = "";
    private List<Readaptation.Stretch> stretches = List.of();

    LatencyCpuRun(
        final String strategyName,
        final Workload workload,
        final PrecisePacer pacer,
        final long warmupNs,
        final long durationNs,
        final long maxEvents)
    {
        this.strategyName = strategyName;
        this.workload = workload;
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

    CellResult run() throws InterruptedException
    {
        final IdleStrategy strategy = StrategyCatalog.create(strategyName);
        final AtomicLong published = new AtomicLong();
        final AtomicLong handled = new AtomicLong();
        final Histogram latencies = new Histogram(HIGHEST_TRACKABLE_NS, 3);
        final long[] cpuWallAndSleeps = new long[3];
        final IdleCounts[] idleCounts = new IdleCounts[2];
        final long startNs = System.nanoTime();
        final long measureFromNs = startNs + warmupNs;
        final EventLog log =
            workload.phased() ? new EventLog(startNs, (int)Math.min(maxEvents, MAX_LOGGED_EVENTS)) : null;
        final Thread consumer = new Thread(
            () -> consume(strategy, published, handled, latencies, measureFromNs, cpuWallAndSleeps, idleCounts, log),
            "compare-consumer");
        consumer.start();
        produce(published, handled, startNs, measureFromNs, StrategyCatalog.wakerOf(strategy));
        consumer.join();
        finalState = strategy.toString();
        if (null != log)
        {
            stretches = Readaptation.of(workload, log.elapsedNs, log.latencyNs, log.cpuNs, log.count);
        }
        return CellResult.of(strategyName, workload.name(), latencies, cpuWallAndSleeps[0], cpuWallAndSleeps[1],
            null == idleCounts[1] ? null : idleCounts[1].since(idleCounts[0]), cpuWallAndSleeps[2]);
    }

    private void produce(
        final AtomicLong published,
        final AtomicLong handled,
        final long startNs,
        final long measureFromNs,
        final Runnable waker)
    {
        final SplittableRandom random = new SplittableRandom(42);
        final long endNs = measureFromNs + durationNs;
        long handledNs = startNs;
        long measured = 0;
        for (long event = 0; measured < maxEvents; event++)
        {
            final long publishAtNs = handledNs + workload.gapBeforeNs(event, handledNs - startNs, random);
            if (publishAtNs - endNs >= 0)
            {
                break;
            }
            pacer.waitUntil(publishAtNs);
            final long publishNs = System.nanoTime();
            published.set(publishNs);
            if (null != waker)
            {
                waker.run();
            }
            if (publishNs - measureFromNs >= 0)
            {
                measured++;
            }
            while ((handledNs = handled.get()) - publishNs < 0)
            {
                Thread.onSpinWait();
            }
        }
        published.set(Long.MIN_VALUE);
        if (null != waker)
        {
            waker.run();
        }
    }

    private static void consume(
        final IdleStrategy strategy,
        final AtomicLong published,
        final AtomicLong handled,
        final Histogram latencies,
        final long measureFromNs,
        final long[] cpuWallAndSleeps,
        final IdleCounts[] idleCounts,
        final EventLog log)
    {
        final IdleStatistics statistics =
            strategy instanceof ObservableIdleStrategy ? ((ObservableIdleStrategy)strategy).statistics() : null;
        long lastSeen = 0;
        long cpuStartNs = 0;
        long sleepsAtStart = -1;
        long wallStartNs = 0;
        boolean measuring = false;
        while (true)
        {
            final long publishNs = published.get();
            if (publishNs != lastSeen)
            {
                final long observedNs = System.nanoTime();
                if (publishNs == Long.MIN_VALUE)
                {
                    break;
                }
                lastSeen = publishNs;
                handled.set(observedNs);
                if (publishNs - measureFromNs >= 0)
                {
                    if (!measuring)
                    {
                        measuring = true;
                        sleepsAtStart = ThreadSleeps.ofCurrentThread();
                        cpuStartNs = THREADS.getCurrentThreadCpuTime();
                        wallStartNs = publishNs;
                        idleCounts[0] = null == statistics ? null : IdleCounts.of(statistics);
                        if (null != log)
                        {
                            log.lastCpuNs = cpuStartNs;
                        }
                    }
                    latencies.recordValue(Math.min(observedNs - publishNs, HIGHEST_TRACKABLE_NS));
                    if (null != log)
                    {
                        log.record(publishNs, observedNs - publishNs, THREADS.getCurrentThreadCpuTime());
                    }
                }
                strategy.idle(1);
            }
            else
            {
                strategy.idle(0);
            }
        }
        if (measuring)
        {
            cpuWallAndSleeps[0] = THREADS.getCurrentThreadCpuTime() - cpuStartNs;
            cpuWallAndSleeps[1] = System.nanoTime() - wallStartNs;
            final long sleepsAtEnd = ThreadSleeps.ofCurrentThread();
            cpuWallAndSleeps[2] = sleepsAtStart < 0 || sleepsAtEnd < 0 ? -1 : sleepsAtEnd - sleepsAtStart;
            idleCounts[1] = null == statistics ? null : IdleCounts.of(statistics);
        }
    }

    /**
     * Each measured event of a phased workload: when it was published, its latency, and the consumer's CPU since
     * the previous one (one more thread-CPU read per event, the same for every strategy).
     */
    private static final class EventLog
    {
        final long startNs;
        final long[] elapsedNs;
        final long[] latencyNs;
        final long[] cpuNs;
        int count;
        long lastCpuNs;

        EventLog(final long startNs, final int capacity)
        {
            this.startNs = startNs;
            elapsedNs = new long[capacity];
            latencyNs = new long[capacity];
            cpuNs = new long[capacity];
        }

        void record(final long publishNs, final long latencyNs, final long cpuNowNs)
        {
            if (count < elapsedNs.length)
            {
                elapsedNs[count] = publishNs - startNs;
                this.latencyNs[count] = latencyNs;
                cpuNs[count] = cpuNowNs - lastCpuNs;
                count++;
            }
            lastCpuNs = cpuNowNs;
        }
    }
}
