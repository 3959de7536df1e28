package io.github.idlekit.benchmarks;

import io.github.idlekit.CalibratedIdleStrategy;
import io.github.idlekit.IdleStatistics;
import io.github.idlekit.ObservableIdleStrategy;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.IdleStrategy;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The consumer's side of a {@link LatencyCpuRun}: a duty-cycle loop that idles with the strategy under test until
 * events are published, then records each one's latency, its own CPU time, and what an idlekit strategy's statistics
 * counted.
 *
 * <p>The loop's own code must cost every strategy the same. The JIT compiles a method once it has been called, or
 * has looped, some thousands of times, and moves a running loop into compiled code only every thousand or so back
 * edges. A loop started once per cell would stay interpreted for the whole of a cell under a strategy that parks
 * once per 10 ms event, and be compiled within seconds under one that calls {@code idle} a dozen times per event;
 * the interpreter's cost after each wake (its code and the method's metadata, all cold after a long park) would be
 * charged to the strategy as its own. So {@link #warmUpJit()} runs the loop, to the end, a few thousand times with
 * three stand-in strategy classes before any cell, and the JIT compiles it whole, with its {@code idle} call sites
 * already megamorphic and every branch it takes in a cell already taken. The strategy's own code warms up as it
 * would in a user's process.
 */
final class EventConsumer implements Runnable
{
    static final long HIGHEST_TRACKABLE_NS = 60_000_000_000L;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final int WARM_UP_RUNS = 1_000;
    private static final long MAX_WARM_UP_NS = 5_000_000_000L;
    private static final int WARM_UP_EVENTS = 40;
    private static final int WARM_UP_PAIR_EVERY = 4;
    private static final long WARM_UP_UNMEASURED_NS = 1_000;

    private final IdleStrategy strategy;
    private final EventHandoff events;
    private final Histogram latencies;
    private final long measureFromNs;
    private final EventLog log;
    private final IdleStatistics statistics;
    private boolean measuring;
    private long cpuStartNs;
    private long wallStartNs;
    private long sleepsAtStart = -1;
    private IdleCounts countsAtStart;
    private Measured measured;

    EventConsumer(
        final IdleStrategy strategy,
        final EventHandoff events,
        final Histogram latencies,
        final long measureFromNs,
        final EventLog log)
    {
        this.strategy = strategy;
        this.events = events;
        this.latencies = latencies;
        this.measureFromNs = measureFromNs;
        this.log = log;
        statistics =
            strategy instanceof ObservableIdleStrategy ? ((ObservableIdleStrategy)strategy).statistics() : null;
    }

    /**
     * Runs on the consumer thread until the producer is done.
     */
    public void run()
    {
        consume();
        if (measuring)
        {
            final long cpuNs = THREADS.getCurrentThreadCpuTime() - cpuStartNs;
            final long wallNs = System.nanoTime() - wallStartNs;
            final long sleepsAtEnd = ThreadSleeps.ofCurrentThread();
            measured = new Measured(cpuNs, wallNs,
                sleepsAtStart < 0 || sleepsAtEnd < 0 ? -1 : sleepsAtEnd - sleepsAtStart,
                null == statistics ? null : IdleCounts.of(statistics).since(countsAtStart));
        }
    }

    /**
     * @return what the measured window cost once {@link #run()} returned: CPU, wall time, sleeps and the
     * strategy's counts; null when no measured event came.
     */
    Measured measured()
    {
        return measured;
    }

    /**
     * The duty-cycle loop: idles until a newer event is published, tells the producer when it found it, records
     * every event up to it and reports them to the strategy as its work count, as an Agrona agent's duty cycle
     * does, until the producer is done.
     */
    private void consume()
    {
        long taken = 0;
        while (true)
        {
            long newest;
            while ((newest = events.newest()) == taken)
            {
                strategy.idle(0);
            }
            final long observedNs = System.nanoTime();
            events.foundAt(observedNs);
            if (newest == EventHandoff.END)
            {
                return;
            }
            for (long event = taken + 1; event <= newest; event++)
            {
                record(events.publishNs(event), observedNs);
            }
            events.takenUpTo(newest);
            strategy.idle((int)(newest - taken));
            taken = newest;
        }
    }

    private void record(final long publishNs, final long observedNs)
    {
        if (publishNs - measureFromNs >= 0)
        {
            if (!measuring)
            {
                startMeasuring(publishNs);
            }
            latencies.recordValue(Math.min(observedNs - publishNs, HIGHEST_TRACKABLE_NS));
            if (null != log)
            {
                log.record(publishNs, observedNs - publishNs, THREADS.getCurrentThreadCpuTime());
            }
        }
    }

    private void startMeasuring(final long publishNs)
    {
        measuring = true;
        sleepsAtStart = ThreadSleeps.ofCurrentThread();
        cpuStartNs = THREADS.getCurrentThreadCpuTime();
        wallStartNs = publishNs;
        countsAtStart = null == statistics ? null : IdleCounts.of(statistics);
        if (null != log)
        {
            log.lastCpuNs = cpuStartNs;
        }
    }

    /**
     * Runs the loop to the end, each time after {@value #WARM_UP_EVENTS} events published by the stand-in strategy's
     * own idle calls, one at a time and, every {@value #WARM_UP_PAIR_EVERY}th call, two at once, round robin over three
     * stand-in classes (alike but for their names, so that the {@code idle} call sites see three receiver types; the
     * third also has statistics, borrowed from an idlekit strategy that never runs, and a log), part of each run
     * measured into a fresh histogram, in batches of {@value #WARM_UP_RUNS} runs until the JIT stops compiling (see
     * {@link JitWarmUp#repeat}), for at most {@value #MAX_WARM_UP_NS} ns. Once per JVM, before the first cell.
     */
    static void warmUpJit() throws IOException, InterruptedException
    {
        final IdleStatistics borrowed = new CalibratedIdleStrategy().statistics();
        JitWarmUp.repeat(MAX_WARM_UP_NS, () -> warmUpRuns(borrowed));
    }

    private static void warmUpRuns(final IdleStatistics borrowed)
    {
        final EventHandoff events = new EventHandoff();
        final Histogram latencies = new Histogram(HIGHEST_TRACKABLE_NS, 3);
        for (int run = 0; run < WARM_UP_RUNS; run++)
        {
            events.clear();
            latencies.reset();
            final long measureFromNs = System.nanoTime() + WARM_UP_UNMEASURED_NS;
            final EventConsumer consumer = switch (run % 3)
            {
                case 0 -> new EventConsumer(new FirstPublisher(events), events, latencies, measureFromNs, null);
                case 1 -> new EventConsumer(new SecondPublisher(events), events, latencies, measureFromNs, null);
                default -> new EventConsumer(new ThirdPublisher(events, borrowed), events, latencies,
                    measureFromNs, new EventLog(0, WARM_UP_EVENTS));
            };
            consumer.consume();
        }
    }

    /**
     * What the measured window cost the consumer.
     *
     * @param cpuNs  the consumer thread's CPU time.
     * @param wallNs wall time from the first measured event to the end.
     * @param sleeps the consumer thread's voluntary context switches, or -1 where the OS does not say.
     * @param counts what an idlekit strategy's statistics counted; null for other strategies.
     */
    record Measured(long cpuNs, long wallNs, long sleeps, IdleCounts counts)
    {
    }

    /**
     * Each measured event of a phased workload: when it was published, its latency, and the consumer's CPU since
     * the previous one (one more thread-CPU read per event, the same for every strategy).
     */
    static final class EventLog
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

    /**
     * Publishes an event at each idle call, two at every {@value #WARM_UP_PAIR_EVERY}th, and the end after
     * {@value #WARM_UP_EVENTS} of them.
     */
    private abstract static class PublishingStrategy implements IdleStrategy
    {
        private final EventHandoff events;
        private int published;

        PublishingStrategy(final EventHandoff events)
        {
            this.events = events;
        }

        public void idle(final int workCount)
        {
            if (workCount <= 0)
            {
                idle();
            }
        }

        public void idle()
        {
            if (published >= WARM_UP_EVENTS)
            {
                events.end(published);
                return;
            }
            final int count = published % WARM_UP_PAIR_EVERY == WARM_UP_PAIR_EVERY - 1 ? 2 : 1;
            for (int i = 0; i < count; i++)
            {
                events.publish(++published, System.nanoTime());
            }
        }

        public void reset()
        {
        }
    }

    private static final class FirstPublisher extends PublishingStrategy
    {
        FirstPublisher(final EventHandoff events)
        {
            super(events);
        }
    }

    private static final class SecondPublisher extends PublishingStrategy
    {
        SecondPublisher(final EventHandoff events)
        {
            super(events);
        }
    }

    private static final class ThirdPublisher extends PublishingStrategy implements ObservableIdleStrategy
    {
        private final IdleStatistics statistics;

        ThirdPublisher(final EventHandoff events, final IdleStatistics statistics)
        {
            super(events);
            this.statistics = statistics;
        }

        public IdleStatistics statistics()
        {
            return statistics;
        }
    }
}
