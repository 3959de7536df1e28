package io.github.idlekit.benchmarks;

/**
 * Cells made up for tests of what is computed from them: costs, ratios, the cheapest.
 */
final class Cells
{
    private Cells()
    {
    }

    /**
     * @return a cell of {@code events} events over one second, with that CPU per event and mean latency.
     */
    static CellResult cell(final String strategy, final String workload, final long events,
        final long cpuPerEventNs, final double meanLatencyNs)
    {
        return new CellResult(strategy, workload, events, 0, 0, 0, 0, 0, meanLatencyNs, events * cpuPerEventNs,
            1_000_000_000L, null, -1, Double.NaN, -1);
    }
}
