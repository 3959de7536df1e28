package io.github.idlekit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * A clock that moves only when the code under test waits: each spin, yield and park advances it by a scripted
 * amount, and every call is recorded.
 */
final class ScriptedWaits implements ThreadWaits
{
    final List<String> calls = new ArrayList<>();
    final List<Long> parkRequests = new ArrayList<>();
    long nowNs = 1_000_000_000L;
    long spinCostNs = 100;
    long yieldCostNs = 1_000;
    /**
     * A moment until which a yield lasts where it is later than the yield's cost: the thread the yield let run, one
     * that shares the CPU, runs until then (a producer until it publishes).
     */
    long yieldsUntilNs;
    LongUnaryOperator parkDurationNs = requestNs -> requestNs;
    long parkCpuNs = 7_000;
    /**
     * CPU the code under test is taken to spend between two reads of its CPU time with no wait between them: what
     * it does there itself, such as planning.
     */
    long workBetweenCpuReadsNs;
    /**
     * Time each clock read is taken to advance the clock by: the code under test running between its reads, such as
     * a planner that is not compiled yet.
     */
    long clockReadCostNs;
    private boolean waitedSinceCpuRead = true;
    long cpuNs;
    /**
     * The run delay the system reports, or -1 where it is taken to report none.
     */
    long runDelayNs = -1;
    /**
     * How long each park's wake-up waits for a CPU, after the park's scripted duration, where the run delay is
     * reported.
     */
    long wakeRunDelayNs;
    /**
     * CPU and time one read of the run delay is taken to cost: a system call.
     */
    long runDelayReadCostNs;

    /**
     * Makes every park end at the first multiple of {@code tickNs} at or after its request, as Windows' default timer
     * ends a wait at its first interrupt after the time asked for.
     *
     * @return this, for chaining.
     */
    ScriptedWaits endingParksAtTicks(final long tickNs)
    {
        parkDurationNs = requestNs -> (nowNs + Math.max(requestNs, 1) + tickNs - 1) / tickNs * tickNs - nowNs;
        return this;
    }

    public long nanoTime()
    {
        nowNs += clockReadCostNs;
        cpuNs += clockReadCostNs;
        return nowNs;
    }

    public void onSpinWait()
    {
        calls.add("spin");
        waitedSinceCpuRead = true;
        nowNs += spinCostNs;
        cpuNs += spinCostNs;
    }

    public void yieldThread()
    {
        calls.add("yield");
        waitedSinceCpuRead = true;
        nowNs = Math.max(nowNs + yieldCostNs, yieldsUntilNs);
        cpuNs += yieldCostNs;
    }

    public void parkNanos(final long nanos)
    {
        calls.add("park");
        waitedSinceCpuRead = true;
        parkRequests.add(nanos);
        final long durationNs = parkDurationNs.applyAsLong(nanos);
        nowNs += durationNs;
        cpuNs += parkCpuNs;
        if (runDelayNs >= 0)
        {
            nowNs += wakeRunDelayNs;
            runDelayNs += wakeRunDelayNs;
        }
    }

    public long threadCpuNanos()
    {
        if (!waitedSinceCpuRead)
        {
            nowNs += workBetweenCpuReadsNs;
            cpuNs += workBetweenCpuReadsNs;
        }
        waitedSinceCpuRead = false;
        return cpuNs;
    }

    public long threadRunDelayNanos()
    {
        calls.add("run delay");
        nowNs += runDelayReadCostNs;
        cpuNs += runDelayReadCostNs;
        return runDelayNs;
    }

    long count(final String call)
    {
        return calls.stream().filter(call::equals).count();
    }
}
