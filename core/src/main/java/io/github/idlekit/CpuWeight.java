package io.github.idlekit;

/**
 * What a nanosecond of a thread's CPU is worth, as a multiple of one on an idle machine, from the share of the time
 * it wanted to run that it ran. A thread that wants to run and does not was preempted by another runnable thread,
 * yielded to one, or was throttled by a CPU quota (its process used up its period's share). Where it ran only a
 * share r of that time, other runnable threads wanted its CPU, 1/r − 1 of them for each it had under fair sharing,
 * and each nanosecond it runs, spinning or waking from a park, is a nanosecond each of them waits: its producer
 * perhaps, or under a quota every thread of its process. So its CPU costs κ = 1/r, and where CPUs are not scarce κ
 * is 1.
 *
 * <p>Where the system counts the time the thread waited for a CPU while runnable (Linux's run delay, see
 * {@link RunQueueDelay}), the time it wanted is its CPU time plus that delay, less the part of it that followed its
 * parks' wake-ups: a woken thread waits for a CPU that another holds for a moment (threads that wake one another in a
 * chain all do), which is part of the park, as it is for a park's measured length, and no sign that spinning would
 * take a CPU others need. Elsewhere it is the time out of parks
 * (working, spinning, yielding, planning), read against its CPU-time clock, a park's own CPU (entering it, waking
 * from it) counted as wanted; that also counts as a stall any time the worker blocks outside the strategy (a
 * pacing sleep, blocking I/O in its work), which the run delay does not.
 *
 * <p>Measured rather than read from {@code Runtime.availableProcessors()}, which follows a quota or CPU set but
 * cannot tell whether the process's other threads leave the spinner's CPU free. Where the thread has no CPU-time
 * clock (a virtual thread), κ stays 1. Updated when the strategy plans; allocation-free; one instance per thread.
 */
final class CpuWeight
{
    /**
     * κ is estimated from about this much of the thread's latest time out of parks (each update's worth fading in
     * place of the oldest): a few of a CPU quota's 100 ms periods, so that one throttled period, or one time slice
     * lost to another thread, moves it but does not decide it.
     */
    static final double MEMORY_NS = 200_000_000.0;

    /**
     * The largest κ: a few long stalls in little time out of parks say that the CPUs are contended, not by how many
     * threads.
     */
    static final double MAX_WEIGHT = 16;

    /**
     * A fresh κ starts from this much time out of parks, all of it run, which fades like any other. Between a fresh
     * strategy's first plans its thread may spend only milliseconds out of parks, where one stall (the JIT
     * compiler's threads in a young JVM, one time slice lost) would otherwise decide κ; and a κ that makes the plan
     * park gathers new time out of parks too slowly to correct itself for tens of seconds.
     */
    static final double PRIOR_NS = MEMORY_NS / 4;

    /**
     * The run delay that follows a park's wake-up is the mean of about this many of the latest samples.
     */
    static final int WAKE_RUN_DELAY_SAMPLES = 8;

    private boolean started;
    private long wallAtNs;
    private long cpuAtNs;
    private long parkedAtNs;
    private long parksAt;
    private long runDelayAtNs = -1;
    private double wantedNs = PRIOR_NS;
    private double stalledNs;
    private double weight = 1;
    private long wakeRunDelayNs;
    private int wakeRunDelaySamples;

    /**
     * Takes in the run delay that followed one park's wake-up: a wait for a CPU that is part of the park, and no
     * sign that the thread's spinning would keep others from a CPU.
     *
     * @param runDelayNs the thread's run delay from just before the park to just after it.
     */
    void sampleWakeRunDelay(final long runDelayNs)
    {
        wakeRunDelaySamples = Math.min(WAKE_RUN_DELAY_SAMPLES, wakeRunDelaySamples + 1);
        wakeRunDelayNs += (Math.max(0, runDelayNs) - wakeRunDelayNs) / wakeRunDelaySamples;
    }

    /**
     * Takes in the time since the last update.
     *
     * @param nowNs     the clock now.
     * @param cpuNs     the thread's CPU time now, or -1 where it has no CPU-time clock.
     * @param parkedNs  the time it has spent in parks, from before each to after it, in all.
     * @param parks     the parks it has made in all.
     * @param parkCpuNs what one park costs it in CPU.
     * @param runDelayNs the time it has spent runnable but not running, in all, or -1 where unknown; the part of it
     *                   that follows each park's wake-up (see {@link #sampleWakeRunDelay}) is left out.
     */
    void update(
        final long nowNs,
        final long cpuNs,
        final long parkedNs,
        final long parks,
        final long parkCpuNs,
        final long runDelayNs)
    {
        if (cpuNs < 0)
        {
            weight = 1;
            return;
        }
        if (started)
        {
            final long ranNs = cpuNs - cpuAtNs;
            final long delayedNs = runDelayNs >= 0 && runDelayAtNs >= 0 ?
                Math.max(0, runDelayNs - runDelayAtNs - (parks - parksAt) * wakeRunDelayNs) : -1;
            final long sinceNs = delayedNs >= 0 ?
                ranNs + delayedNs : nowNs - wallAtNs - (parkedNs - parkedAtNs) + (parks - parksAt) * parkCpuNs;
            if (sinceNs > 0)
            {
                wantedNs += sinceNs;
                stalledNs += Math.max(0, sinceNs - ranNs);
            }
            if (wantedNs > MEMORY_NS)
            {
                stalledNs *= MEMORY_NS / wantedNs;
                wantedNs = MEMORY_NS;
            }
            final double runningShare = 1 - stalledNs / wantedNs;
            weight = 1 / Math.max(runningShare, 1 / MAX_WEIGHT);
        }
        started = true;
        wallAtNs = nowNs;
        cpuAtNs = cpuNs;
        parkedAtNs = parkedNs;
        parksAt = parks;
        runDelayAtNs = runDelayNs;
    }

    /**
     * @return κ: CPU nanoseconds one nanosecond of this thread's CPU is worth.
     */
    double weight()
    {
        return weight;
    }
}
