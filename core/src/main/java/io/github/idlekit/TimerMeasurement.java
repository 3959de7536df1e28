package io.github.idlekit;

import java.util.Arrays;

/**
 * One measurement of the waiting primitives, bounded in wall time.
 *
 * <p>Parks dominate the cost: where the floor is a 16 ms Windows tick, three parks already take 48 ms. So the
 * cheap operations get at most {@value #CHEAP_SHARE_PERCENT}% of the budget (on a loaded machine one yield can
 * give the core away for a whole scheduler slice), and the floor is sampled for at most
 * {@value #FLOOR_SHARE_PERCENT}% of it and at least {@value #MIN_PARK_SAMPLES} samples; the overshoot of a longer
 * request is sampled only while the budget still fits a sample, and assumed equal to the floor (the Linux model:
 * a request r lasts r + slack) when it does not. Medians keep one descheduled sample from poisoning the result.
 *
 * <p>The first parks of a fresh thread in a fresh JVM run slower (cold caches and code paths, an idle CPU in a
 * deep sleep state), so on a fine timer up to {@value #MAX_WARMUP_PARKS} parks lasting together less than
 * {@value #WARMUP_LIMIT_NS} ns are taken and discarded first. A coarse timer skips the warm-up: there a park costs
 * a whole tick, and the median of three samples already discards the first, partial one.
 *
 * <p>The thread's CPU time over those parks, divided by their number, is what one park costs in CPU: the kernel
 * and JVM work of blocking and waking, which an adaptive strategy weighs against spinning.
 */
final class TimerMeasurement
{
    static final int MIN_PARK_SAMPLES = 3;
    static final int MAX_PARK_SAMPLES = 64;
    static final int MAX_OVERSHOOT_SAMPLES = 16;
    static final int FLOOR_SHARE_PERCENT = 60;
    static final int CHEAP_SHARE_PERCENT = 10;
    static final int MAX_WARMUP_PARKS = 8;
    static final long WARMUP_LIMIT_NS = 1_000_000L;
    private static final int CHEAP_OP_SAMPLES = 32;
    private static final int MIN_CHEAP_OP_SAMPLES = 1;
    private static final int YIELDS_PER_SAMPLE = 1;
    private static final int SPIN_WAITS_PER_SAMPLE = 256;

    private final ThreadWaits waits;
    private final long budgetNs;

    TimerMeasurement(final ThreadWaits waits, final long budgetNs)
    {
        this.waits = waits;
        this.budgetNs = budgetNs;
    }

    TimerProfile run()
    {
        final long startNs = waits.nanoTime();
        final long cheapShareNs = budgetNs / 100 * CHEAP_SHARE_PERCENT / 2;
        final double onSpinWaitNs = medianBatchCost(SPIN_WAITS_PER_SAMPLE, false, startNs + cheapShareNs);
        final double yieldNs = medianBatchCost(YIELDS_PER_SAMPLE, true, startNs + 2 * cheapShareNs);

        final long floorDeadlineNs = startNs + budgetNs / 100 * FLOOR_SHARE_PERCENT;
        final long cpuStartNs = waits.threadCpuNanos();
        final long[] floorSamples = new long[MAX_PARK_SAMPLES];
        int floorCount = 0;
        long lastNs = timePark(1);
        long warmupNs = lastNs;
        int warmups = 1;
        while (warmups < MAX_WARMUP_PARKS && warmupNs < WARMUP_LIMIT_NS)
        {
            lastNs = timePark(1);
            warmupNs += lastNs;
            warmups++;
        }
        if (warmupNs >= WARMUP_LIMIT_NS)
        {
            floorSamples[floorCount++] = lastNs;
        }
        while (floorCount < MAX_PARK_SAMPLES &&
            (floorCount < MIN_PARK_SAMPLES || waits.nanoTime() + lastNs - floorDeadlineNs <= 0))
        {
            lastNs = timePark(1);
            floorSamples[floorCount++] = lastNs;
        }
        final long[] floor = sorted(floorSamples, floorCount);
        final long cpuEndNs = waits.threadCpuNanos();
        final int parks = warmups + floorCount - (warmupNs >= WARMUP_LIMIT_NS ? 1 : 0);
        final long parkCpuNs = cpuStartNs < 0 || cpuEndNs < cpuStartNs ?
            TimerProfile.DEFAULT_PARK_CPU_NS : (cpuEndNs - cpuStartNs) / parks;
        final long floorNs = percentile(floor, 50);
        final long floorP90Ns = percentile(floor, 90);

        final long requestNs = Math.max(1, floorNs);
        final long deadlineNs = startNs + budgetNs;
        final long[] overshootSamples = new long[MAX_OVERSHOOT_SAMPLES];
        int overshootCount = 0;
        while (overshootCount < MAX_OVERSHOOT_SAMPLES && waits.nanoTime() + requestNs + floorNs - deadlineNs <= 0)
        {
            overshootSamples[overshootCount++] = Math.max(0, timePark(requestNs) - requestNs);
        }
        final long overshootNs = overshootCount == 0 ?
            floorNs : percentile(sorted(overshootSamples, overshootCount), 50);

        return new TimerProfile(floorNs, floorP90Ns, overshootNs, yieldNs, onSpinWaitNs, parkCpuNs, floorCount,
            TimerProfile.Source.MEASURED);
    }

    static long percentile(final long[] sortedValues, final int percent)
    {
        final int index = (int)Math.ceil(percent / 100.0 * sortedValues.length) - 1;
        return sortedValues[Math.max(0, index)];
    }

    private long timePark(final long requestNs)
    {
        final long beforeNs = waits.nanoTime();
        waits.parkNanos(requestNs);
        return waits.nanoTime() - beforeNs;
    }

    private double medianBatchCost(final int opsPerSample, final boolean yield, final long deadlineNs)
    {
        final long[] samples = new long[CHEAP_OP_SAMPLES];
        int count = 0;
        while (count < CHEAP_OP_SAMPLES && (count < MIN_CHEAP_OP_SAMPLES || waits.nanoTime() - deadlineNs < 0))
        {
            final long beforeNs = waits.nanoTime();
            for (int i = 0; i < opsPerSample; i++)
            {
                if (yield)
                {
                    waits.yieldThread();
                }
                else
                {
                    waits.onSpinWait();
                }
            }
            samples[count++] = waits.nanoTime() - beforeNs;
        }
        return (double)percentile(sorted(samples, count), 50) / opsPerSample;
    }

    private static long[] sorted(final long[] samples, final int count)
    {
        final long[] copy = Arrays.copyOf(samples, count);
        Arrays.sort(copy);
        return copy;
    }
}
