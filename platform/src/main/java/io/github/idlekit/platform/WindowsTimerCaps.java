package io.github.idlekit.platform;

/**
 * The system timer as Windows reports it: {@code NtQueryTimerResolution}'s coarsest, finest and current resolution
 * (100 ns units, typically 156250, 5000 and 156250 = 15.625 ms, 0.5 ms, 15.625 ms) and the period range
 * {@code timeGetDevCaps} gives {@code timeBeginPeriod} (typically 1 to 1000000 ms).
 *
 * @param coarsest100ns the coarsest resolution, in 100 ns units.
 * @param finest100ns   the finest resolution, in 100 ns units.
 * @param current100ns  the resolution in effect for this process now, in 100 ns units.
 * @param periodMinMs   the smallest period {@code timeBeginPeriod} accepts.
 * @param periodMaxMs   the largest period {@code timeBeginPeriod} accepts.
 */
public record WindowsTimerCaps(int coarsest100ns, int finest100ns, int current100ns, int periodMinMs, int periodMaxMs)
{
    /**
     * @return the resolution in effect now, in nanoseconds.
     */
    public long currentNs()
    {
        return current100ns * 100L;
    }

    /**
     * @return the current, coarsest and finest resolution and the {@code timeBeginPeriod} range.
     */
    public String toString()
    {
        return String.format("timer resolution %.3f ms (coarsest %.3f ms, finest %.3f ms), timeBeginPeriod %d..%d ms",
            current100ns / 1e4, coarsest100ns / 1e4, finest100ns / 1e4, periodMinMs, periodMaxMs);
    }
}
