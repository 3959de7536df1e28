package io.github.idlekit.benchmarks;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.OneToOneConcurrentArrayQueue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The stream-engine case: source, stage and sink threads connected by bounded single-producer/single-consumer
 * queues, each idling with its own instance of the strategy under test when its input is empty or its output
 * full. A saturated source offers as fast as the pipeline takes; a bursty one offers {@value #BURST_ITEMS} items,
 * then pauses {@value #BURST_PAUSE_US} µs. Where the strategy can be woken, each thread wakes the next after
 * offering to it and the previous after taking from it (room in its output queue). Items are pre-boxed and reused
 * so that the run measures the hand-offs, not the allocator.
 */
final class PipelineRun
{
    static final int BURST_ITEMS = 1_000;
    static final long BURST_PAUSE_US = 1_000;
    private static final int QUEUE_CAPACITY = 1_024;
    private static final int ITEM_POOL = 4_096;
    private static final Long[] ITEMS = new Long[ITEM_POOL];
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static
    {
        for (int i = 0; i < ITEM_POOL; i++)
        {
            ITEMS[i] = (long)i;
        }
    }

    private final String strategyName;
    private final boolean bursty;
    private final PrecisePacer pacer;
    private final long warmupNs;
    private final long durationNs;
    private final OneToOneConcurrentArrayQueue<Long> toStage = new OneToOneConcurrentArrayQueue<>(QUEUE_CAPACITY);
    private final OneToOneConcurrentArrayQueue<Long> toSink = new OneToOneConcurrentArrayQueue<>(QUEUE_CAPACITY);
    private final AtomicLong delivered = new AtomicLong();
    private volatile boolean running = true;
    private Runnable wakeSource;
    private Runnable wakeStage;
    private Runnable wakeSink;

    PipelineRun(
        final String strategyName, final boolean bursty, final PrecisePacer pacer, final long warmupNs,
        final long durationNs)
    {
        this.strategyName = strategyName;
        this.bursty = bursty;
        this.pacer = pacer;
        this.warmupNs = warmupNs;
        this.durationNs = durationNs;
    }

    PipelineResult run() throws InterruptedException
    {
        final IdleStrategy sourceIdle = StrategyCatalog.create(strategyName);
        final IdleStrategy stageIdle = StrategyCatalog.create(strategyName);
        final IdleStrategy sinkIdle = StrategyCatalog.create(strategyName);
        wakeSource = wakerOrNothing(sourceIdle);
        wakeStage = wakerOrNothing(stageIdle);
        wakeSink = wakerOrNothing(sinkIdle);
        final Thread[] workers = {
            new Thread(() -> source(sourceIdle), "pipeline-source"),
            new Thread(() -> stage(stageIdle), "pipeline-stage"),
            new Thread(() -> sink(sinkIdle), "pipeline-sink") };
        for (final Thread worker : workers)
        {
            worker.start();
        }
        sleepFor(warmupNs);
        final long startNs = System.nanoTime();
        final long startItems = delivered.get();
        final long startCpuNs = cpuOf(workers);
        final MachineCpuTicks startTicks = MachineCpuTicks.now();
        final long startCompilingMs = CompilationTime.totalMs();
        sleepFor(durationNs);
        final long items = delivered.get() - startItems;
        final long cpuNs = cpuOf(workers) - startCpuNs;
        final long wallNs = System.nanoTime() - startNs;
        final double stolenShare = MachineCpuTicks.stolenShare(startTicks, MachineCpuTicks.now());
        final long compilingMs = CompilationTime.sinceMs(startCompilingMs);
        running = false;
        wakeSource.run();
        wakeStage.run();
        wakeSink.run();
        for (final Thread worker : workers)
        {
            worker.join();
        }
        return new PipelineResult(
            strategyName, bursty ? "bursty" : "saturated", items, cpuNs, wallNs, stolenShare, compilingMs);
    }

    private void source(final IdleStrategy idle)
    {
        long sequence = 0;
        while (running)
        {
            if (bursty && sequence % BURST_ITEMS == 0 && sequence > 0)
            {
                pacer.waitUntil(System.nanoTime() + BURST_PAUSE_US * 1_000);
            }
            if (toStage.offer(ITEMS[(int)(sequence & (ITEM_POOL - 1))]))
            {
                wakeStage.run();
                sequence++;
                idle.idle(1);
            }
            else
            {
                idle.idle(0);
            }
        }
    }

    private void stage(final IdleStrategy idle)
    {
        Long inHand = null;
        while (running)
        {
            if (null == inHand)
            {
                inHand = toStage.poll();
                if (null != inHand)
                {
                    wakeSource.run();
                }
            }
            if (null != inHand && toSink.offer(inHand))
            {
                wakeSink.run();
                inHand = null;
                idle.idle(1);
            }
            else
            {
                idle.idle(0);
            }
        }
    }

    private void sink(final IdleStrategy idle)
    {
        while (running)
        {
            final int drained = toSink.drain(item -> delivered.lazySet(delivered.get() + 1));
            if (drained > 0)
            {
                wakeStage.run();
            }
            idle.idle(drained);
        }
    }

    private static Runnable wakerOrNothing(final IdleStrategy idle)
    {
        final Runnable waker = StrategyCatalog.wakerOf(idle);
        return null == waker ? () -> { } : waker;
    }

    private static long cpuOf(final Thread[] workers)
    {
        long cpuNs = 0;
        for (final Thread worker : workers)
        {
            cpuNs += Math.max(0, THREADS.getThreadCpuTime(worker.getId()));
        }
        return cpuNs;
    }

    private static void sleepFor(final long nanos)
    {
        final long deadlineNs = System.nanoTime() + nanos;
        long remainingNs;
        while ((remainingNs = deadlineNs - System.nanoTime()) > 0)
        {
            LockSupport.parkNanos(remainingNs);
        }
    }
}
