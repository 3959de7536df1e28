package io.github.idlekit;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
     * Linux-like parks: a request of r lasts r + 57 µs, as with the default 50 µs timer slack.
     */
    static ScriptedWaits linuxLike()
    {
        return floorAndParkCpu(57_000, 7_000);
    }

    /**
     * {@link #linuxLike()} where the strategy's own work between two reads of its CPU time, a plan above all, costs
     * 200 µs, as an uncompiled planner's does.
     */
    static ScriptedWaits linuxLikeWithDearPlans()
    {
        final ScriptedWaits waits = linuxLike();
        waits.workBetweenCpuReadsNs = 200_000;
        return waits;
    }

    /**
     * Parks of a quantised timer, as Windows': each lasts until a tick, never less than {@code tickNs}.
     */
    static ScriptedWaits quantised(final long tickNs)
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> Math.max(requestNs, tickNs);
        return waits;
    }

    /**
     * Parks under a Linux timer slack of {@code slackNs}: a request of r lasts r + the slack + 50 µs, the way the
     * benchmarks emulate a Windows-like timer.
     */
    static ScriptedWaits slackLike(final long slackNs)
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> requestNs + slackNs + 50_000;
        return waits;
    }

    /**
     * Parks under a Linux timer slack of {@code slackNs}, as {@link #slackLike(long)}, of which one in
     * {@code earlyEvery} ends at a moment drawn evenly from its first 50 µs to its end, as when another interrupt
     * comes within the slack, each costing {@code parkCpuNs} of CPU.
     */
    static ScriptedWaits slackLikeEndingEarly(
        final long slackNs, final int earlyEvery, final long seed, final long parkCpuNs)
    {
        final Random random = new Random(seed);
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkCpuNs = parkCpuNs;
        waits.parkDurationNs = requestNs ->
        {
            final long lateNs = requestNs + slackNs + 50_000;
            return random.nextInt(earlyEvery) == 0 ? 50_000 + (long)(random.nextDouble() * (lateNs - 50_000)) : lateNs;
        };
        return waits;
    }

    /**
     * Parks that last {@code floorNs} past their request and cost {@code parkCpuNs} of CPU.
     */
    static ScriptedWaits floorAndParkCpu(final long floorNs, final long parkCpuNs)
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> requestNs + floorNs;
        waits.parkCpuNs = parkCpuNs;
        return waits;
    }

    /**
     * Parks that last the request plus {@code floorNs} plus up to {@code jitterNs} more, at random.
     */
    static ScriptedWaits jittered(final long floorNs, final long jitterNs, final long parkCpuNs, final long seed)
    {
        final Random random = new Random(seed);
        final ScriptedWaits waits = floorAndParkCpu(floorNs, parkCpuNs);
        waits.parkDurationNs = requestNs -> Math.max(requestNs, 1) + floorNs + (long)(jitterNs * random.nextDouble());
        return waits;
    }

    /**
     * Windows-like parks: every park ends on the next 15.625 ms tick.
     */
    static ScriptedWaits windowsLike()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        final long tickNs = 15_625_000L;
        waits.parkDurationNs = requestNs -> tickNs - waits.nowNs % tickNs + (requestNs - 1) / tickNs * tickNs;
        return waits;
    }

    /**
     * Makes parks of more than 200 µs last up to 20 µs longer than they did, and, for 300 ms in every 600 ms, 5 µs
     * longer again: the shortest parks, whose spread a plan aims with, stray less than long ones, and the timer model,
     * updated when the strategy plans, catches up with a change late.
     *
     * @return this, for chaining.
     */
    ScriptedWaits straying(final long seed)
    {
        final Random random = new Random(seed);
        final LongUnaryOperator steady = parkDurationNs;
        parkDurationNs = requestNs -> steady.applyAsLong(requestNs) + (requestNs > 200_000 ?
            random.nextInt(20_000) + (nowNs / 300_000_000L % 2 == 0 ? 0 : 5_000) : 0);
        return this;
    }

    /**
     * @return a calibrated strategy with {@code preset}, seeded from {@code profile}, that waits on these.
     */
    CalibratedIdleStrategy calibrated(final TimerProfile profile, final IdlePreset preset)
    {
        return new CalibratedIdleStrategy(() -> profile, preset, preset.latencyWeight(), null, this);
    }

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
