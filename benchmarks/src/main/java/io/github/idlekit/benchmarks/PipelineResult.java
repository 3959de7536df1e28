package io.github.idlekit.benchmarks;

/**
 * What one strategy did in the three-stage pipeline.
 *
 * @param strategy the strategy's catalogue name.
 * @param source   {@code saturated} or {@code bursty}.
 * @param items    items that reached the sink in the window.
 * @param cpuNs    CPU time of all three workers in the window.
 * @param wallNs   the window's wall time.
 * @param stolenShare the share of the machine's CPU time over the window that its hypervisor stole
 *                 ({@link MachineCpuTicks}), NaN where unknown.
 * @param compilingMs the JVM's JIT compilation time over the window ({@link CompilationTime}), -1 where unknown.
 */
record PipelineResult(
    String strategy, String source, long items, long cpuNs, long wallNs, double stolenShare, long compilingMs)
{
    /**
     * @return items per second through the sink.
     */
    double itemsPerSecond()
    {
        return items * 1e9 / wallNs;
    }

    /**
     * @return CPU of all workers in cores (1.0 = one core busy for the whole window).
     */
    double cores()
    {
        return (double)cpuNs / wallNs;
    }

    /**
     * @return CPU nanoseconds per item, NaN when no item passed.
     */
    double cpuPerItemNs()
    {
        return items == 0 ? Double.NaN : (double)cpuNs / items;
    }
}
