package io.github.idlekit;

/**
 * A point in a strategy's waiting, from which to count what its waiting has cost in CPU since: the spin and yield
 * time, and each park at what a park costs now, since the measured park CPU moves while the JVM warms up.
 */
final class WaitingMark
{
    private long busyNs;
    private long parks;

    /**
     * Marks the strategy's running totals now.
     *
     * @param busyNs the spin and yield time so far.
     * @param parks  the parks so far.
     */
    void set(final long busyNs, final long parks)
    {
        this.busyNs = busyNs;
        this.parks = parks;
    }

    /**
     * @param busyNs    the spin and yield time so far.
     * @param parks     the parks so far.
     * @param parkCpuNs what one park costs in CPU.
     * @return the CPU spent waiting since the mark.
     */
    long cpuSinceNs(final long busyNs, final long parks, final long parkCpuNs)
    {
        return busyNs - this.busyNs + (parks - this.parks) * parkCpuNs;
    }
}
