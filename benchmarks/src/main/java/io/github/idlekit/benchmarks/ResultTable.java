package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Prints comparison results as a text table grouped by workload, and as CSV with raw nanoseconds.
 */
final class ResultTable
{
    private static final String ROW = "%-22s %8s %9s %9s %9s %9s %9s %10s %6s %8s %9s %6s %7s %10s %10s %10s %9s%n";

    private ResultTable()
    {
    }

    /**
     * @param legend what latency and CPU mean in these results.
     */
    static void print(final List<CellResult> results, final Yardstick yardstick, final String legend,
        final PrintStream out)
    {
        final double[] ratios = yardstick.ratios(results);
        String workload = null;
        for (final CellResult result : results)
        {
            if (!result.workload().equals(workload))
            {
                workload = result.workload();
                out.println();
                out.println("workload " + workload);
                out.printf(ROW, "strategy", "events", "p50", "p90", "p99", "p99.9", "max", "CPU/event", "CPU",
                    "parks/ev", "sleeps/ev", "steal", "JIT", "cost λ=0.1", "cost λ=1", "cost λ=10", "÷baseline");
            }
            final int index = results.indexOf(result);
            out.printf(ROW, result.strategy(), result.events(),
                human(result.p50Ns()), human(result.p90Ns()), human(result.p99Ns()), human(result.p999Ns()),
                human(result.maxNs()), human(result.cpuPerEventNs()),
                String.format(Locale.ROOT, "%.1f%%", 100 * result.cpuShare()),
                Double.isNaN(result.parksPerEvent()) ? "-" : String.format(Locale.ROOT, "%.2f", result.parksPerEvent()),
                Double.isNaN(result.sleepsPerEvent()) ? "-" : String.format(Locale.ROOT, "%.2f", result.sleepsPerEvent()),
                Double.isNaN(result.stolenShare()) ? "-" :
                    String.format(Locale.ROOT, "%.1f%%", 100 * result.stolenShare()),
                CompilationTime.toColumn(result.compilingMs()),
                human(result.cost(CellResult.LAMBDAS[0])), human(result.cost(CellResult.LAMBDAS[1])),
                human(result.cost(CellResult.LAMBDAS[2])),
                Double.isNaN(ratios[index]) ? "-" : String.format(Locale.ROOT, "%.2f", ratios[index]));
        }
        out.println();
        out.println(legend + "; parks/ev: parks per event, from the strategies' own statistics (idlekit's only); " +
            "sleeps/ev: the consumer thread's voluntary context switches per event (Linux; every strategy's parks, " +
            "and any other blocking); steal: the share of the machine's CPU time its hypervisor gave elsewhere " +
            "during the cell (Linux), which delays every strategy's threads; JIT: the time the JVM's compilers " +
            "spent compiling during the cell, on the CPUs the cell's threads need (a strategy's first seconds); " +
            "cost: CPU per event + λ × mean latency; ÷baseline: cost at " + yardstick.label() + " over " +
            yardstick.baseline() + "'s in the same workload");
        printSummary(results, ratios, strategy -> true,
            "cost at " + yardstick.label() + " against " + yardstick.baseline() + ", over all workloads above:", out);
    }

    /**
     * Per strategy that {@code included} accepts, the geometric mean and the largest of its cost ratios, under
     * {@code heading}; nothing where no cell has a ratio.
     */
    private static void printSummary(
        final List<CellResult> results,
        final double[] ratios,
        final Predicate<String> included,
        final String heading,
        final PrintStream out)
    {
        final Map<String, double[]> byStrategy = new LinkedHashMap<>();
        for (int i = 0; i < ratios.length; i++)
        {
            if (!Double.isNaN(ratios[i]) && included.test(results.get(i).strategy()))
            {
                final double[] sums = byStrategy.computeIfAbsent(results.get(i).strategy(), name -> new double[3]);
                sums[0] += Math.log(ratios[i]);
                sums[1]++;
                sums[2] = Math.max(sums[2], ratios[i]);
            }
        }
        if (byStrategy.isEmpty())
        {
            return;
        }
        out.println();
        out.println(heading);
        for (final Map.Entry<String, double[]> entry : byStrategy.entrySet())
        {
            final double[] sums = entry.getValue();
            out.printf(Locale.ROOT, "  %-22s geomean %.2f, worst %.2f%n", entry.getKey(), Math.exp(sums[0] / sums[1]),
                sums[2]);
        }
    }

    /**
     * Prints the best fixed Agrona setting of each workload, then, for each of {@code strategies}, the geometric
     * mean and the largest of its cost ratios against that setting's cell in the same workload.
     *
     * @param bestFixed  the best fixed setting's strategy name, by workload name, chosen at {@code yardstick}'s λ.
     * @param strategies the strategies to compare with it.
     */
    static void printAgainstBestFixed(
        final List<CellResult> results,
        final Map<String, String> bestFixed,
        final List<String> strategies,
        final Yardstick yardstick,
        final PrintStream out)
    {
        out.println();
        out.println("best fixed Agrona setting of each workload: the lowest cost at " + yardstick.label() + " of " +
            BestFixedAgrona.CANDIDATES.size() + " settings in short cells, measured again above:");
        bestFixed.forEach((workload, strategy) -> out.printf(Locale.ROOT, "  %-22s %s%n", workload, strategy));
        printSummary(results, yardstick.ratios(results, bestFixed::get), strategies::contains,
            "cost at " + yardstick.label() + " against the best fixed Agrona setting of each workload:", out);
    }

    static String csv(final List<CellResult> results, final Yardstick yardstick)
    {
        final double[] ratios = yardstick.ratios(results);
        final StringBuilder csv = new StringBuilder(
            "workload,strategy,events,p50_ns,p90_ns,p99_ns,p999_ns,max_ns,mean_ns,cpu_ns,wall_ns," +
            "cpu_per_event_ns,cpu_share,cost_lambda_0.1,cost_lambda_1,cost_lambda_10,cost_ratio_to_baseline," +
            "parks_per_event,busy_wait_ns_per_event,overshoot_ns_per_park,sleeps_per_event," +
            "steal_share,jit_ms\n");
        for (int i = 0; i < ratios.length; i++)
        {
            final CellResult r = results.get(i);
            csv.append(String.format(Locale.ROOT,
                "%s,\"%s\",%d,%d,%d,%d,%d,%d,%.1f,%d,%d,%.1f,%.4f,%.1f,%.1f,%.1f,%.4f,%s,%s,%s,%s,%s,%s%n",
                r.workload(), r.strategy(), r.events(), r.p50Ns(), r.p90Ns(), r.p99Ns(), r.p999Ns(), r.maxNs(),
                r.meanNs(), r.cpuNs(), r.wallNs(), r.cpuPerEventNs(), r.cpuShare(),
                r.cost(CellResult.LAMBDAS[0]), r.cost(CellResult.LAMBDAS[1]), r.cost(CellResult.LAMBDAS[2]),
                ratios[i], csvNumber(r.parksPerEvent()), csvNumber(r.busyWaitPerEventNs()),
                csvNumber(null == r.idle() ? Double.NaN : r.idle().overshootPerParkNs()), csvNumber(r.sleepsPerEvent()),
                csvNumber(r.stolenShare()), r.compilingMs() < 0 ? "" : Long.toString(r.compilingMs())));
        }
        return csv.toString();
    }

    /**
     * @return the figure with four decimals, or an empty field for NaN (no statistics, no parks, no such cell).
     */
    static String csvNumber(final double value)
    {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.4f", value);
    }

    private static String human(final double nanos)
    {
        return Double.isNaN(nanos) ? "-" : Durations.toHuman(nanos).replace(" ", "");
    }
}
