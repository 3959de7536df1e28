package io.github.idlekit.benchmarks;

import io.github.idlekit.TimerProfile;
import io.github.idlekit.internal.Durations;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code pipeline} command: throughput and total worker CPU of a source → stage → sink pipeline for every
 * strategy, with a saturated and a bursty source.
 */
final class Pipeline
{
    private static final Set<String> VALUE_OPTIONS = Set.of("--strategies", "--duration", "--warmup", "--sources");
    private static final Set<String> FLAG_OPTIONS = Set.of("--quick");
    private static final String ROW = "%-10s %-22s %14s %8s %11s %6s %7s%n";

    private Pipeline()
    {
    }

    static void printUsage(final PrintStream out)
    {
        out.println("pipeline [--quick] [--sources saturated,bursty] [--strategies 'a;b;spec'] [--duration 2s] " +
            "[--warmup 300ms]");
    }

    static void run(final String[] args, final PrintStream out) throws InterruptedException
    {
        final Arguments arguments = new Arguments("pipeline", args, VALUE_OPTIONS, FLAG_OPTIONS);
        final boolean quick = arguments.flag("--quick");
        final List<String> strategies =
            StrategyCatalog.parseList(arguments.value("--strategies", String.join(";", StrategyCatalog.names())));
        final long durationNs = arguments.nanos("--duration", quick ? "500ms" : "2s");
        final long warmupNs = arguments.nanos("--warmup", quick ? "200ms" : "300ms");
        final List<Boolean> burstiness = new ArrayList<>();
        for (final String source : arguments.value("--sources", "saturated,bursty").split(","))
        {
            switch (source.trim())
            {
                case "saturated":
                    burstiness.add(false);
                    break;
                case "bursty":
                    burstiness.add(true);
                    break;
                default:
                    throw new IllegalArgumentException(
                        "pipeline --sources: unknown '" + source + "'; expected saturated or bursty");
            }
        }

        final TimerProfile profile = TimerProfile.current();
        out.println("pipeline: source -> stage -> sink over 1024-slot SPSC queues, 3 workers on " +
            Runtime.getRuntime().availableProcessors() + " CPUs, " + Durations.toHuman(durationNs) + " per run");
        out.println(Probe.machine() + "; " + profile);
        out.printf(ROW, "source", "strategy", "items/s", "CPU", "CPU/item", "steal", "JIT");
        final PrecisePacer pacer = new PrecisePacer(profile);
        for (final boolean bursty : burstiness)
        {
            for (final String strategy : strategies)
            {
                final PipelineResult result = new PipelineRun(strategy, bursty, pacer, warmupNs, durationNs).run();
                out.printf(ROW, result.source(), result.strategy(),
                    String.format(Locale.ROOT, "%,.0f", result.itemsPerSecond()),
                    String.format(Locale.ROOT, "%.2f", result.cores()),
                    Double.isNaN(result.cpuPerItemNs()) ? "-" : Durations.toHuman(result.cpuPerItemNs()),
                    Double.isNaN(result.stolenShare()) ? "-" :
                        String.format(Locale.ROOT, "%.1f%%", 100 * result.stolenShare()),
                    CompilationTime.toColumn(result.compilingMs()));
            }
        }
        out.println("CPU: all three workers, in cores; steal: the share of the machine's CPU time its hypervisor " +
            "gave elsewhere during the run (Linux); JIT: the time the JVM's compilers spent compiling during it; " +
            "bursty: " + PipelineRun.BURST_ITEMS + " items then " + PipelineRun.BURST_PAUSE_US + " µs pause");
    }
}
