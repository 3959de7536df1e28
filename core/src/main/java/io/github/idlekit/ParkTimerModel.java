package io.github.idlekit;

import java.util.Arrays;

/**
 * What this thread's parks really last, learnt from its own parks: a park requested for r lasts about
 * max(F, r + o), where F is the floor (what the shortest park lasts) and o the overshoot. On Linux both come from
 * the thread's own timer slack, which differs per thread; on a virtual thread from the scheduler's timer; on
 * Windows from the process's timer resolution, which another process may change. So the startup
 * {@link TimerProfile} only seeds the model, and each park's measured duration replaces a seed value until the
 * thread's own parks speak for themselves, within {@value #SAMPLES} parks.
 *
 * <p>Estimates are medians of small rings of recent samples, computed when the strategy re-plans, so one
 * descheduled park moves nothing. Where the thread's parks are mostly long, floor samples come only from the
 * strategy's occasional probes; the overshoot of the long parks then bounds the floor from above, because where
 * the timer is not quantised a park of r lasts about r plus the overshoot, so the shortest lasts about the
 * overshoot (never less than the shortest park seen, which keeps a quantised timer's floor at its tick).
 * Allocation-free after construction; one instance per thread.
 */
final class ParkTimerModel
{
    static final int SAMPLES = 32;
    static final int CPU_SAMPLES = 8;
    static final long SHORTEST_REQUEST_NS = 1;

    private final long[] floorSamples = new long[SAMPLES];
    private final long[] overshootSamples = new long[SAMPLES];
    private final long[] cpuSamples = new long[CPU_SAMPLES];
    private final long[] scratch = new long[SAMPLES];
    private int nextCpu;
    private long parkCpuNs;
    private int nextFloor;
    private int nextOvershoot;
    private long floorNs;
    private long floorSpreadNs;
    private long overshootNs;

    ParkTimerModel(final TimerProfile seed)
    {
        Arrays.fill(floorSamples, seed.parkFloorNs());
        Arrays.fill(overshootSamples, seed.parkOvershootNs());
        Arrays.fill(cpuSamples, seed.parkCpuNs());
        update();
    }

    /**
     * Records one park: a request of {@value #SHORTEST_REQUEST_NS} ns measures the floor, longer ones the
     * overshoot.
     */
    void record(final long requestNs, final long actualNs)
    {
        if (requestNs <= SHORTEST_REQUEST_NS)
        {
            floorSamples[nextFloor] = actualNs;
            nextFloor = (nextFloor + 1) % SAMPLES;
        }
        else
        {
            overshootSamples[nextOvershoot] = Math.max(0, actualNs - requestNs);
            nextOvershoot = (nextOvershoot + 1) % SAMPLES;
        }
    }

    /**
     * Records the CPU time one park cost the thread (a JVM warming up pays far more per park than a warm one).
     */
    void recordCpu(final long cpuNs)
    {
        if (cpuNs >= 0)
        {
            cpuSamples[nextCpu] = cpuNs;
            nextCpu = (nextCpu + 1) % CPU_SAMPLES;
        }
    }

    /**
     * Recomputes the estimates from the samples; called when the strategy re-plans, off the work-found path.
     */
    void update()
    {
        System.arraycopy(overshootSamples, 0, scratch, 0, SAMPLES);
        Arrays.sort(scratch);
        overshootNs = scratch[SAMPLES / 2];
        System.arraycopy(floorSamples, 0, scratch, 0, SAMPLES);
        Arrays.sort(scratch);
        floorNs = Math.max(1, Math.min(scratch[SAMPLES / 2], Math.max(overshootNs, scratch[0])));
        floorSpreadNs = Math.max(0, scratch[SAMPLES * 3 / 4] - floorNs);
        System.arraycopy(cpuSamples, 0, scratch, 0, CPU_SAMPLES);
        Arrays.sort(scratch, 0, CPU_SAMPLES);
        parkCpuNs = scratch[CPU_SAMPLES / 2];
    }

    /**
     * @return the median duration of the shortest park.
     */
    long floorNs()
    {
        return floorNs;
    }

    /**
     * @return the median CPU time one park costs this thread.
     */
    long parkCpuNs()
    {
        return parkCpuNs;
    }

    /**
     * @return how much later than the median a park typically ends (the upper quartile minus the median).
     */
    long spreadNs()
    {
        return floorSpreadNs;
    }

    /**
     * @return the request that makes a park last about {@code actualNs}: no park is shorter than the floor.
     */
    long requestFor(final long actualNs)
    {
        return Math.max(SHORTEST_REQUEST_NS, actualNs - overshootNs);
    }
}
