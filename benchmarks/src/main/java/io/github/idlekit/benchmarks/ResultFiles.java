package io.github.idlekit.benchmarks;

import io.github.idlekit.TimerProfile;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a {@code compare} run leaves: {@code compare.csv} (one row per cell, after {@code #} lines that
 * record where it ran) and {@code compare.json} (the same, one cell per line), so that a run can be compared
 * with a later one, on this machine or another, with {@code compare --against}.
 */
final class ResultFiles
{
    private static final Pattern FIELD =
        Pattern.compile("\"([a-z0-9_.]+)\": (\"((?:[^\"\\\\]|\\\\.)*)\"|[-0-9.eE]+|NaN|null)");

    private final Map<String, String> context = new LinkedHashMap<>();
    private final Yardstick yardstick;

    /**
     * @param command   the command line, as the user typed it after the jar.
     * @param profile   the timer profile the run used.
     * @param yardstick what the cost ratios are: the baseline they are against, and the λ they are at.
     */
    ResultFiles(final String command, final TimerProfile profile, final Yardstick yardstick)
    {
        this.yardstick = yardstick;
        final String version = ResultFiles.class.getPackage().getImplementationVersion();
        context.put("command", command);
        context.put("project_version", null == version ? "unknown (not run from benchmarks.jar)" : version);
        context.put("jvm_vendor", System.getProperty("java.vm.vendor"));
        context.put("jvm_version", System.getProperty("java.runtime.version"));
        context.put("jvm_flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        context.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " +
            System.getProperty("os.arch"));
        context.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        context.put("timer_profile", profile.toString());
        context.put("timer_slack_ns", null == Probe.timerSlack() ? "n/a" : Probe.timerSlack());
        context.put("baseline", yardstick.baseline());
        context.put("latency_weight", Double.toString(yardstick.latencyWeight()));
    }

    /**
     * Records one more fact about the run, written at the head of both files.
     */
    void addContext(final String key, final String value)
    {
        context.put(key, value);
    }

    String csv(final List<CellResult> results)
    {
        final StringBuilder csv = new StringBuilder(1024);
        for (final Map.Entry<String, String> entry : context.entrySet())
        {
            csv.append("# ").append(entry.getKey()).append(": ").append(entry.getValue()).append('\n');
        }
        return csv.append(ResultTable.csv(results, yardstick)).toString();
    }

    String json(final List<CellResult> results)
    {
        final double[] ratios = yardstick.ratios(results);
        final StringBuilder json = new StringBuilder(4096).append("{\n");
        for (final Map.Entry<String, String> entry : context.entrySet())
        {
            json.append("  \"").append(entry.getKey()).append("\": \"").append(escape(entry.getValue()))
                .append("\",\n");
        }
        json.append("  \"cells\": [\n");
        for (int i = 0; i < results.size(); i++)
        {
            final CellResult r = results.get(i);
            json.append(String.format(Locale.ROOT,
                "    {\"workload\": \"%s\", \"strategy\": \"%s\", \"events\": %d, \"p50_ns\": %d, " +
                "\"p90_ns\": %d, \"p99_ns\": %d, \"p999_ns\": %d, \"max_ns\": %d, \"mean_ns\": %.1f, " +
                "\"cpu_per_event_ns\": %.1f, \"cpu_share\": %.4f, \"cost_lambda_1\": %.1f, " +
                "\"cost_ratio_to_baseline\": %.4f, \"sleeps_per_event\": %s, \"steal_share\": %s, \"jit_ms\": %s, " +
                "\"idle\": %s}%s%n",
                escape(r.workload()), escape(r.strategy()), r.events(), r.p50Ns(), r.p90Ns(), r.p99Ns(), r.p999Ns(),
                r.maxNs(), r.meanNs(), r.cpuPerEventNs(), r.cpuShare(), r.cost(1), ratios[i],
                Double.isNaN(r.sleepsPerEvent()) ? "null" : String.format(Locale.ROOT, "%.4f", r.sleepsPerEvent()),
                Double.isNaN(r.stolenShare()) ? "null" : String.format(Locale.ROOT, "%.4f", r.stolenShare()),
                r.compilingMs() < 0 ? "null" : Long.toString(r.compilingMs()), idleJson(r.idle()),
                i + 1 < results.size() ? "," : ""));
        }
        return json.append("  ]\n}\n").toString();
    }

    /**
     * @return the counts as a JSON object, or {@code null} for a strategy that keeps no statistics.
     */
    private static String idleJson(final IdleCounts idle)
    {
        return null == idle ? "null" : String.format(Locale.ROOT,
            "{\"episodes\": %d, \"spin_ns\": %d, \"yield_ns\": %d, \"parks\": %d, \"parked_ns\": %d, " +
            "\"park_overshoot_ns\": %d, \"plans\": %d}", idle.episodes(), idle.spinNs(), idle.yieldNs(), idle.parks(),
            idle.parkedNs(), idle.overshootNs(), idle.plans());
    }

    /**
     * Prints, for every cell of this run that the old run also has, how p50, p99, CPU per event and cost changed.
     *
     * @param oldJson a {@code compare.json} written by an earlier run.
     */
    static void printChanges(final Path oldJson, final List<CellResult> results, final PrintStream out)
        throws IOException
    {
        final Map<String, Map<String, String>> old = readCells(oldJson);
        out.println();
        out.println("changes against " + oldJson + " (old -> new, new/old):");
        final String row = "%-18s %-22s %26s %26s %26s %26s%n";
        out.printf(row, "workload", "strategy", "p50", "p99", "CPU/event", "cost λ=1");
        for (final CellResult r : results)
        {
            final Map<String, String> before = old.get(r.workload() + "|" + r.strategy());
            if (null == before)
            {
                out.printf(row, r.workload(), r.strategy(), "(not in the old run)", "", "", "");
                continue;
            }
            out.printf(row, r.workload(), r.strategy(), change(before, "p50_ns", r.p50Ns()),
                change(before, "p99_ns", r.p99Ns()), change(before, "cpu_per_event_ns", r.cpuPerEventNs()),
                change(before, "cost_lambda_1", r.cost(1)));
        }
    }

    /**
     * @return each cell of a {@code compare.json}, keyed by {@code workload|strategy}, with its fields as text.
     * @throws IllegalArgumentException naming the file when it holds no cells.
     */
    static Map<String, Map<String, String>> readCells(final Path json) throws IOException
    {
        final Map<String, Map<String, String>> cells = new LinkedHashMap<>();
        for (final String line : Files.readAllLines(json))
        {
            if (!line.trim().startsWith("{\"workload\""))
            {
                continue;
            }
            final Map<String, String> fields = new LinkedHashMap<>();
            final Matcher matcher = FIELD.matcher(line);
            while (matcher.find())
            {
                fields.put(matcher.group(1), null != matcher.group(3) ? unescape(matcher.group(3)) : matcher.group(2));
            }
            cells.put(fields.get("workload") + "|" + fields.get("strategy"), fields);
        }
        if (cells.isEmpty())
        {
            throw new IllegalArgumentException("compare --against: '" + json + "' holds no compare cells");
        }
        return cells;
    }

    private static String change(final Map<String, String> before, final String field, final double now)
    {
        final double was = Double.parseDouble(before.getOrDefault(field, "NaN"));
        return String.format(Locale.ROOT, "%s -> %s, %.2f", human(was), human(now), now / was);
    }

    private static String human(final double nanos)
    {
        return Double.isNaN(nanos) ? "-" : io.github.idlekit.internal.Durations.toHuman(nanos).replace(" ", "");
    }

    private static String escape(final String text)
    {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static String unescape(final String text)
    {
        return text.replace("\\\"", "\"").replace("\\\\", "\\");
    }
}
