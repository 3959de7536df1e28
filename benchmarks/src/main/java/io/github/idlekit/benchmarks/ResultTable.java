package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints comparison results as a text table grouped by workload, and as CSV with raw nanoseconds.
 */
final class ResultTable
{
    private static final String ROW = "%-22s %8s %9s %9s %9s %9s %9s %10s %6s %10s %10s %10s%n";

    private ResultTable()
    {
    }

    static void print(final List<CellResult> results, final PrintStream out)
    {
        String workload = null;
        for (final CellResult result : results)
        {
            if (!result.workload().equals(workload))
            {
                workload = result.workload();
                out.println();
                out.println("workload " + workload);
                out.printf(ROW, "strategy", "events", "p50", "p90", "p99", "p99.9", "max", "CPU/event", "CPU",
                    "cost λ=0.1", "cost λ=1", "cost λ=10");
            }
            out.printf(ROW, result.strategy(), result.events(),
                human(result.p50Ns()), human(result.p90Ns()), human(result.p99Ns()), human(result.p999Ns()),
                human(result.maxNs()), human(result.cpuPerEventNs()),
                String.format(Locale.ROOT, "%.1f%%", 100 * result.cpuShare()),
                human(result.cost(CellResult.LAMBDAS[0])), human(result.cost(CellResult.LAMBDAS[1])),
                human(result.cost(CellResult.LAMBDAS[2])));
        }
        out.println();
        out.println("latency: publish to observed by the consumer; CPU: consumer thread CPU time, per event and as a " +
            "share of one core; cost: CPU per event + λ × mean latency");
    }

    static String csv(final List<CellResult> results)
    {
        final StringBuilder csv = new StringBuilder(
            "workload,strategy,events,p50_ns,p90_ns,p99_ns,p999_ns,max_ns,mean_ns,cpu_ns,wall_ns," +
            "cpu_per_event_ns,cpu_share,cost_lambda_0.1,cost_lambda_1,cost_lambda_10\n");
        for (final CellResult r : results)
        {
            csv.append(String.format(Locale.ROOT, "%s,\"%s\",%d,%d,%d,%d,%d,%d,%.1f,%d,%d,%.1f,%.4f,%.1f,%.1f,%.1f%n",
                r.workload(), r.strategy(), r.events(), r.p50Ns(), r.p90Ns(), r.p99Ns(), r.p999Ns(), r.maxNs(),
                r.meanNs(), r.cpuNs(), r.wallNs(), r.cpuPerEventNs(), r.cpuShare(),
                r.cost(CellResult.LAMBDAS[0]), r.cost(CellResult.LAMBDAS[1]), r.cost(CellResult.LAMBDAS[2])));
        }
        return csv.toString();
    }

    private static String human(final double nanos)
    {
        return Double.isNaN(nanos) ? "-" : Durations.toHuman(nanos).replace(" ", "");
    }
}
