package io.github.idlekit.benchmarks;

import io.aeron.driver.MediaDriverVersion;
import io.aeron.driver.ThreadingMode;
import io.github.idlekit.TimerProfile;
import io.github.idlekit.internal.Durations;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code aeron} command: round-trip latency and process CPU of an Aeron ping/pong over UDP loopback, every
 * agent idling with the strategy under test (see {@link AeronPingPong}), as a table, CSV, JSON and a chart.
 */
final class AeronCommand
{
    static final String DEFAULT_WORKLOADS = "fixed-1ms,exp-1ms";
    static final String DEFAULT_STRATEGIES =
        "idlekit-low-latency;idlekit-balanced;idlekit-low-cpu;agrona-backoff;aeron-backoff;agrona-sleep-ns";

    /**
     * How long each stand-in strategy runs Aeron before the first cell, and the longest that warm-up may last (see
     * {@link AeronPingPong#warmUpJit}); shorter with {@code --quick}.
     */
    static final long WARM_UP_SLOT_NS = 1_000_000_000L;
    static final long MAX_WARM_UP_NS = 12_000_000_000L;
    static final long QUICK_WARM_UP_SLOT_NS = 200_000_000L;
    static final long QUICK_MAX_WARM_UP_NS = 0;

    private static final Set<String> VALUE_OPTIONS = Set.of(
        "--workloads", "--strategies", "--duration", "--warmup", "--out", "--baseline", "--lambda", "--threading",
        "--forks");
    private static final Set<String> FLAG_OPTIONS = Set.of("--quick", "--verbose", "--quiet");

    private AeronCommand()
    {
    }

    static void printUsage(final PrintStream out)
    {
        out.println("aeron [--quick] [--workloads " + DEFAULT_WORKLOADS + "] [--strategies '" + DEFAULT_STRATEGIES +
            "']");
        out.println("      [--threading dedicated|shared-network|shared] [--duration 5s] [--warmup 1s]" +
            " [--baseline agrona-backoff] [--lambda 1] [--out aeron-results] [--forks N]");
        out.println("   an embedded media driver, ping and pong over UDP loopback, every agent idling with the " +
            "strategy; --quick: 2 s per cell");
        out.println("   a strategy <path>/<conductors>, e.g. idlekit-balanced/idlekit-low-cpu, gives the conductors " +
            "and the async executor, off the round trip's path, the second");
        out.println("   --verbose: after each cell, the idlekit agents' counters as the driver's counters file " +
            "shows them (AeronStat), each agent's strategy as it describes itself (an adaptive one's plan), then " +
            "each second's round trips, mean round trip and steal share");
        out.println("   --forks 3: as compare's, the whole run in that many fresh JVMs, then each cell's median and " +
            "range of the cost ratio");
    }

    static void run(final String[] args, final PrintStream out) throws IOException, InterruptedException
    {
        run(args, out, System.err);
    }

    static void run(final String[] args, final PrintStream out, final PrintStream progress)
        throws IOException, InterruptedException
    {
        final Arguments arguments = new Arguments("aeron", args, VALUE_OPTIONS, FLAG_OPTIONS);
        final boolean quick = arguments.flag("--quick");
        final boolean verbose = arguments.flag("--verbose");
        final boolean quiet = arguments.flag("--quiet");
        final List<Workload> workloads = Workload.parseList(arguments.value("--workloads", DEFAULT_WORKLOADS));
        final List<String> strategies = new ArrayList<>(
            StrategyCatalog.parseList(arguments.value("--strategies", DEFAULT_STRATEGIES), AeronPingPong::check));
        final Yardstick yardstick = Yardstick.of(arguments, AeronPingPong::check);
        if (!strategies.contains(yardstick.baseline()))
        {
            strategies.add(yardstick.baseline());
        }
        final ThreadingMode threading = threadingMode(arguments.value("--threading", "dedicated"));
        final long durationNs = arguments.nanos("--duration", quick ? "2s" : "5s");
        final long warmupNs = arguments.nanos("--warmup", quick ? "500ms" : "1s");
        final Path outDir = Path.of(arguments.value("--out", "aeron-results"));
        final long forks = arguments.positiveLong("--forks", 0);
        if (forks > 0)
        {
            ComparisonForks.run("aeron", args, forks, workloads, strategies, yardstick, outDir, quiet, out, progress);
            return;
        }

        final TimerProfile profile = TimerProfile.current();
        final String context = Probe.machine() + "; Aeron " + MediaDriverVersion.VERSION + ", " +
            threading.name().toLowerCase(Locale.ROOT) + " threading; " + profile;
        out.println("aeron: " + workloads.size() + " workloads x " + strategies.size() + " strategies, " +
            Durations.toHuman(durationNs) + " per cell");
        out.println(context);

        final PrecisePacer pacer = new PrecisePacer(profile);
        if (!quiet)
        {
            progress.println("aeron: warming the JIT up on Aeron's code with stand-in strategies");
        }
        AeronPingPong.warmUpJit(threading, pacer, quick ? QUICK_WARM_UP_SLOT_NS : WARM_UP_SLOT_NS,
            quick ? QUICK_MAX_WARM_UP_NS : MAX_WARM_UP_NS);
        final List<CellResult> results = new ArrayList<>();
        final int cells = workloads.size() * strategies.size();
        for (final Workload workload : workloads)
        {
            final long cellWarmupNs = Math.max(warmupNs, Compare.WARMUP_EVENTS * workload.meanGapNs());
            for (final String strategy : strategies)
            {
                if (!quiet)
                {
                    progress.println("aeron: cell " + (results.size() + 1) + " of " + cells + ", " +
                        workload.name() + ", " + strategy);
                }
                final AeronPingPong run =
                    new AeronPingPong(strategy, workload, threading, pacer, cellWarmupNs, durationNs);
                results.add(run.run());
                if (verbose)
                {
                    for (final String counter : run.idleCounters())
                    {
                        progress.println("  " + counter);
                    }
                    for (final String state : run.agentStates())
                    {
                        progress.println("  " + state);
                    }
                    for (final String second : run.seconds())
                    {
                        progress.println("  " + second);
                    }
                }
            }
        }

        ResultTable.print(results, yardstick, "latency: ping's send to pong's arrival back at ping (round trip); " +
            "CPU: the whole process (driver, client, ping, pong) less ping's pacing, per round trip and in cores",
            out);
        Files.createDirectories(outDir);
        final ResultFiles files = new ResultFiles("aeron " + String.join(" ", args), profile, yardstick);
        final Path csv = outDir.resolve("aeron.csv");
        final Path json = outDir.resolve("aeron.json");
        final Path svg = outDir.resolve("aeron.svg");
        Files.writeString(csv, files.csv(results));
        Files.writeString(json, files.json(results));
        Files.writeString(svg, new SvgChart(context, yardstick).render(results));
        out.println("wrote " + csv + ", " + json + " and " + svg);
    }

    private static ThreadingMode threadingMode(final String name)
    {
        switch (name.trim())
        {
            case "dedicated":
                return ThreadingMode.DEDICATED;
            case "shared-network":
                return ThreadingMode.SHARED_NETWORK;
            case "shared":
                return ThreadingMode.SHARED;
            default:
                throw new IllegalArgumentException(
                    "aeron --threading: '" + name + "'; expected dedicated, shared-network or shared");
        }
    }
}
