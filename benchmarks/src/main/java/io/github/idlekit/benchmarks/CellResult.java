package io.github.idlekit.benchmarks;

import org.HdrHistogram.Histogram;

/**
 * What one strategy did under one workload: the wake-up latency distribution (publish to observed) and the CPU
 * the consumer thread used over the measured window.
 *
 * @param strategy  the strategy's catalogue name.
 * @param workload  the workload's name.
 * @param events    events measured.
 * @param p50Ns     median latency.
 * @param p90Ns     90th percentile latency.
 * @param p99Ns     99th percentile latency.
 * @param p999Ns    99.9th percentile latency.
 * @param maxNs     largest latency.
 * @param meanNs    mean latency.
 * @param cpuNs     consumer thread CPU time over the window.
 * @param wallNs    the window's wall time.
 * @param idle      what the strategy's own statistics counted over the window, null for a strategy that keeps none
 *                  (Agrona's).
 * @param sleeps    the consumer thread's voluntary context switches over the window, -1 where unknown.
 * @param stolenShare the share of the machine's CPU time over the window that its hypervisor stole
 *                  ({@link MachineCpuTicks}), NaN where unknown.
 * @param compilingMs the JVM's JIT compilation time over the window ({@link CompilationTime}), -1 where unknown.
 */
record CellResult(
    String strategy,
    String workload,
    long events,
    long p50Ns,
    long p90Ns,
    long p99Ns,
    long p999Ns,
    long maxNs,
    double meanNs,
    long cpuNs,
    long wallNs,
    IdleCounts idle,
    long sleeps,
    double stolenShare,
    long compilingMs)
{
    /**
     * The weights of mean latency against CPU per event in the cost columns.
     */
    static final double[] LAMBDAS = { 0.1, 1, 10 };

    static CellResult of(
        final String strategy,
        final String workload,
        final Histogram latencies,
        final long cpuNs,
        final long wallNs,
        final IdleCounts idle,
        final long sleeps,
        final double stolenShare,
        final long compilingMs)
    {
        return new CellResult(strategy, workload, latencies.getTotalCount(),
            latencies.getValueAtPercentile(50), latencies.getValueAtPercentile(90),
            latencies.getValueAtPercentile(99), latencies.getValueAtPercentile(99.9),
            latencies.getMaxValue(), latencies.getMean(), cpuNs, wallNs, idle, sleeps, stolenShare, compilingMs);
    }

    /**
     * @return parks per event, NaN where the strategy keeps no statistics.
     */
    double parksPerEvent()
    {
        return null == idle || events == 0 ? Double.NaN : (double)idle.parks() / events;
    }

    /**
     * @return the consumer's sleeps (voluntary context switches) per event, NaN where unknown.
     */
    double sleepsPerEvent()
    {
        return sleeps < 0 || events == 0 ? Double.NaN : (double)sleeps / events;
    }

    /**
     * @return time spent spinning or yielding per event, NaN where the strategy keeps no statistics.
     */
    double busyWaitPerEventNs()
    {
        return null == idle || events == 0 ? Double.NaN : (double)idle.busyWaitNs() / events;
    }

    /**
     * @return consumer CPU time per event, in nanoseconds.
     */
    double cpuPerEventNs()
    {
        return events == 0 ? Double.NaN : (double)cpuNs / events;
    }

    /**
     * @return consumer CPU time as a share of wall time, 1.0 being one whole core.
     */
    double cpuShare()
    {
        return wallNs == 0 ? Double.NaN : (double)cpuNs / wallNs;
    }

    /**
     * A single figure to rank strategies by, for a reader who values one nanosecond of mean latency as much as
     * {@code lambda} nanoseconds of CPU: CPU per event + lambda × mean latency.
     *
     * @param lambda the weight of latency.
     * @return the cost in nanoseconds of CPU-equivalent per event.
     */
    double cost(final double lambda)
    {
        return cpuPerEventNs() + lambda * meanNs;
    }
}
