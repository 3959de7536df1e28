package io.github.idlekit.benchmarks;

import io.github.idlekit.TimerProfile;
import io.github.idlekit.internal.Durations;
import io.github.idlekit.platform.LinuxTimerSlack;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code compare} command: every strategy under every workload, side by side, as a table on stdout, CSV and
 * JSON files that record where they were measured, and an SVG chart of latency against CPU; a line per cell on
 * stderr while it runs.
 */
final class Compare
{
    static final String FULL_WORKLOADS = "fixed-10us,fixed-100us,fixed-1ms,fixed-10ms,fixed-100ms," +
        "exp-10us,exp-100us,exp-1ms,exp-10ms,exp-100ms,burst-16x10ms";
    static final String QUICK_WORKLOADS = "fixed-10us,fixed-100us,fixed-1ms,fixed-10ms,exp-1ms,burst-16x10ms";

    /**
     * Every cell warms up for at least this many events, so that a strategy that learns its workload is measured
     * once it has seen some of it, as it would be in a long-running process; re-learning is measured by the
     * phase-change workload.
     */
    static final long WARMUP_EVENTS = 100;

    /**
     * Every cell but a phase change or a quick run lasts at least this many events' worth of its mean gap: a cell of
     * 10 ms gaps would otherwise see two hundred events, and a few wake-ups a scheduler tick late would move its
     * mean latency, and its cost ratio, by tens of percent from one run to the next.
     */
    static final long MIN_EVENTS = 1_000;

    private static final Set<String> VALUE_OPTIONS =
        Set.of("--workloads", "--strategies", "--duration", "--warmup", "--events", "--out", "--slack", "--baseline",
            "--lambda", "--against", "--forks");
    private static final Set<String> FLAG_OPTIONS =
        Set.of("--quick", "--verbose", "--quiet", "--best-fixed", "--open-loop");

    private Compare()
    {
    }

    private static long cellWarmupNs(final long warmupNs, final Workload workload)
    {
        return Math.max(warmupNs, WARMUP_EVENTS * workload.meanGapNs());
    }

    private static long cellDurationNs(final long durationNs, final Workload workload, final boolean quick)
    {
        return quick || workload.phased() ? durationNs : Math.max(durationNs, MIN_EVENTS * workload.meanGapNs());
    }

    private static void sweepProgress(
        final CellResult swept, final Yardstick yardstick, final boolean verbose, final PrintStream progress)
    {
        if (verbose)
        {
            progress.println("  " + swept.workload() + " " + swept.strategy() + ": cost at " + yardstick.label() + " " +
                Durations.toHuman(yardstick.cost(swept)) + " (" + swept.events() + " events)");
        }
    }

    static void printUsage(final PrintStream out)
    {
        out.println("compare [--quick] [--workloads " + QUICK_WORKLOADS + "] [--strategies 'a;b;spec']");
        out.println("        [--duration 2s] [--warmup 200ms] [--events 1000000] [--out compare-results] [--forks N]");
        out.println("   --warmup: per cell, and at least " + WARMUP_EVENTS +
            " events' worth of the workload's mean gap");
        out.println("   --duration: per cell, and at least " + MIN_EVENTS +
            " events' worth of the workload's mean gap (except for --quick and phase changes)");
        out.println("   workloads: fixed-<gap>, periodic-<gap>, exp-<mean gap>, lognormal-<median gap>, " +
            "uniform-<gap>..<gap>, burst-<n>x<gap>, phases-<duration>:<workload>/..., trace:<file of gaps in ns, " +
            "one per line>; default: " + FULL_WORKLOADS);
        out.println("   strategies: " + String.join(";", StrategyCatalog.names()) + " (the default), " +
            String.join(";", StrategyCatalog.baselineNames()) + ", any idlekit spec, or the " +
            "class name of an IdleStrategy with a public no-arg constructor (e.g. com.acme.MyIdle)");
        out.println("   --quick: the workloads above, 0.7 s per cell, under 60 s in all");
        out.println("   --slack 1us: Linux only, run every thread with this timer slack (idlekit-platform)");
        out.println("   --verbose: after each cell, the strategy's state on stderr (what an adaptive one learnt)");
        out.println("   --baseline agrona-backoff: the strategy the ÷baseline column and the summary compare against");
        out.println("   --lambda 1: λ of the ÷baseline column, the summary and --best-fixed (cost = CPU per event + " +
            "λ × mean latency); judge a preset at its own: low-latency 10, balanced 1, low-cpu 0.1");
        out.println("   --against old/compare.json: after the run, each cell's changes against an earlier run");
        out.println("   --forks 3: the whole run in that many fresh JVMs, one after another (the strategies in " +
            "reverse order in every second one), then each cell's median and range of the cost ratio");
        out.println("   --open-loop: publish each event a gap after the last was due, whatever the consumer does (a " +
            "feed); by default a gap after the consumer found the last, so that it idles through the whole gap");
        out.println("   --quiet: no progress lines on stderr");
        out.println("   --best-fixed: per workload (phase changes aside), first tune Agrona to it: a short cell of " +
            "each of " + BestFixedAgrona.CANDIDATES.size() + " fixed settings (spin, yield, sleep, backoffs " +
            "agrona-backoff:<max spins>,<max yields>,<min park>,<max park>), then measure the cheapest beside the " +
            "strategies, and compare every strategy with it");
    }

    static void run(final String[] args, final PrintStream out) throws IOException, InterruptedException
    {
        run(args, out, System.err);
    }

    /**
     * @param progress where a line per cell goes while the run lasts (stderr, so that stdout stays the table).
     */
    static void run(final String[] args, final PrintStream out, final PrintStream progress)
        throws IOException, InterruptedException
    {
        final Arguments arguments = new Arguments("compare", args, VALUE_OPTIONS, FLAG_OPTIONS);
        final boolean quick = arguments.flag("--quick");
        final boolean verbose = arguments.flag("--verbose");
        final boolean quiet = arguments.flag("--quiet");
        final boolean bestFixed = arguments.flag("--best-fixed");
        final Arrivals arrivals = arguments.flag("--open-loop") ? Arrivals.OPEN_LOOP : Arrivals.CLOSED_LOOP;
        final String against = arguments.value("--against", null);
        final long forks = arguments.positiveLong("--forks", 0);
        if (forks > 0 && null != against)
        {
            throw new IllegalArgumentException("compare --against: compares one run with another; run it on a " +
                "fork's compare.json, not with --forks");
        }
        if (null != against)
        {
            ResultFiles.readCells(Path.of(against));
        }
        final String slack = arguments.value("--slack", null);
        final long slackNs = null == slack ? 0 : arguments.nanos("--slack", slack);
        if (slackNs > LinuxTimerSlack.MAX_SLACK_NS)
        {
            throw new IllegalArgumentException("compare --slack: '" + slack + "' is above the largest slack, " +
                Durations.toHuman(LinuxTimerSlack.MAX_SLACK_NS));
        }
        final List<Workload> workloads =
            Workload.parseList(arguments.value("--workloads", quick ? QUICK_WORKLOADS : FULL_WORKLOADS));
        final List<String> strategies = new ArrayList<>(
            StrategyCatalog.parseList(arguments.value("--strategies", String.join(";", StrategyCatalog.names()))));
        final long durationNs = arguments.nanos("--duration", quick ? "700ms" : "2s");
        final long warmupNs = arguments.nanos("--warmup", quick ? "100ms" : "200ms");
        final long maxEvents = arguments.positiveLong("--events", 1_000_000);
        final Yardstick yardstick = Yardstick.of(arguments, StrategyCatalog::create);
        if (!strategies.contains(yardstick.baseline()))
        {
            strategies.add(yardstick.baseline());
        }
        final Path outDir = Path.of(arguments.value("--out", "compare-results"));
        if (forks > 0)
        {
            ComparisonForks.run("compare", args, forks, workloads, strategies, yardstick, outDir, quiet, out, progress);
            return;
        }
        if (null != slack)
        {
            LinuxTimerSlack.set(slackNs);
            TimerProfile.recalibrate();
        }

        final TimerProfile profile = TimerProfile.current();
        final String context = Probe.machine() + (null == slack ? "" : "; timer slack " + slack) +
            (arrivals == Arrivals.OPEN_LOOP ? "; open loop" : "") + "; " + profile;
        out.println("compare: " + workloads.size() + " workloads x " + strategies.size() + " strategies, " +
            Durations.toHuman(durationNs) + " per cell" +
            (quick ? "" : " (at least " + MIN_EVENTS + " mean gaps)"));
        out.println(context);

        final PrecisePacer pacer = new PrecisePacer(profile);
        EventConsumer.warmUpJit();
        LatencyCpuRun.warmUpJit(arrivals, pacer);
        final List<CellResult> results = new ArrayList<>();
        final List<String> readaptation = new ArrayList<>();
        final Map<String, String> bestFixedOf = new LinkedHashMap<>();
        int cells = workloads.size() * strategies.size();
        long leftNs = 0;
        for (final Workload workload : workloads)
        {
            final boolean tuned = bestFixed && !workload.phased();
            cells += tuned ? 1 : 0;
            leftNs += (strategies.size() + (tuned ? 1 : 0)) *
                (cellWarmupNs(warmupNs, workload) + cellDurationNs(durationNs, workload, quick)) +
                (tuned ? BestFixedAgrona.sweepNs(workload, durationNs, warmupNs) : 0);
        }
        for (final Workload workload : workloads)
        {
            final long cellWarmupNs = cellWarmupNs(warmupNs, workload);
            final long cellDurationNs = cellDurationNs(durationNs, workload, quick);
            final List<String> cellStrategies = new ArrayList<>(strategies);
            if (bestFixed && !workload.phased())
            {
                if (!quiet)
                {
                    progress.println("compare: tuning Agrona to " + workload.name() + ", " +
                        BestFixedAgrona.CANDIDATES.size() + " fixed settings, about " +
                        Durations.toHuman(leftNs) + " left");
                }
                final String best = BestFixedAgrona.tune(workload, arrivals, pacer, durationNs, warmupNs, maxEvents,
                    yardstick, swept -> sweepProgress(swept, yardstick, verbose, progress));
                leftNs -= BestFixedAgrona.sweepNs(workload, durationNs, warmupNs);
                bestFixedOf.put(workload.name(), best);
                if (!cellStrategies.contains(best))
                {
                    cellStrategies.add(best);
                }
                else
                {
                    cells--;
                    leftNs -= cellWarmupNs + cellDurationNs;
                }
            }
            for (final String strategy : cellStrategies)
            {
                if (!quiet)
                {
                    progress.println("compare: cell " + (results.size() + 1) + " of " + cells + ", " +
                        workload.name() + ", " + strategy + ", about " +
                        Durations.toHuman(leftNs) + " left");
                }
                final LatencyCpuRun run =
                    new LatencyCpuRun(strategy, workload, arrivals, pacer, cellWarmupNs, cellDurationNs, maxEvents);
                results.add(run.run());
                leftNs -= cellWarmupNs + cellDurationNs;
                if (workload.phased())
                {
                    readaptation.add(String.format("  %-22s %s", strategy, run.stretches().stream()
                        .map(Readaptation.Stretch::toString).collect(Collectors.joining(", "))));
                }
                if (verbose)
                {
                    progress.println(workload.name() + " " + strategy + ": " + run.finalState());
                }
            }
        }

        ResultTable.print(results, yardstick, "latency: publish to observed by the consumer" +
            (arrivals == Arrivals.OPEN_LOOP ? " (open loop: each event a gap after the last was due)" : "") +
            "; CPU: consumer thread CPU time, per event and as a share of one core", out);
        if (!bestFixedOf.isEmpty())
        {
            ResultTable.printAgainstBestFixed(results, bestFixedOf, strategies, yardstick, out);
        }
        if (!readaptation.isEmpty())
        {
            out.println();
            out.println("re-adaptation in the phased workloads: per phase, events until the mean cost " +
                "(CPU + latency) of the next " + Readaptation.WINDOW + " is within " + Readaptation.TOLERANCE +
                " x the phase's second-half mean + " + Durations.toHuman(Readaptation.SLACK_NS) +
                ", / events in the phase (that mean):");
            readaptation.forEach(out::println);
        }
        Files.createDirectories(outDir);
        final ResultFiles files = new ResultFiles("compare " + String.join(" ", args), profile, yardstick);
        if (!bestFixedOf.isEmpty())
        {
            files.addContext("best_fixed", bestFixedOf.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining("; ")));
        }
        final Path csv = outDir.resolve("compare.csv");
        final Path json = outDir.resolve("compare.json");
        final Path svg = outDir.resolve("compare.svg");
        Files.writeString(csv, files.csv(results));
        Files.writeString(json, files.json(results));
        Files.writeString(svg, new SvgChart(context, yardstick).render(results));
        out.println("wrote " + csv + ", " + json + " and " + svg);
        if (null != against)
        {
            ResultFiles.printChanges(Path.of(against), results, out);
        }
    }
}
