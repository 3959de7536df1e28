package io.github.idlekit.benchmarks;

import io.github.idlekit.IdlePreset;
import io.github.idlekit.IdleStatistics;
import io.github.idlekit.IdleStrategies;
import io.github.idlekit.ObservableIdleStrategy;
import io.github.idlekit.TimerProfile;
import io.github.idlekit.internal.Durations;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code probe} command: prints this machine's {@link TimerProfile}, what memory costs right after a park
 * ({@link ColdReadsAfterPark}), the thresholds each {@link IdlePreset} derives from the profile, and what each
 * preset's strategies do in one idle episode, the first thing to look at on a new machine or OS.
 */
final class Probe
{
    private static final Path TIMER_SLACK = Path.of("/proc/self/timerslack_ns");
    private static final long IDLE_EPISODE_NS = 100_000_000L;
    private static final int COLD_READ_PARKS = 32;

    private Probe()
    {
    }

    static void run(final PrintStream out)
    {
        out.println(machine());
        final String slack = timerSlack();
        if (null != slack)
        {
            out.println("timer slack inherited by new threads: " + slack + " ns");
        }
        out.println("timer profile: " + TimerProfile.current());
        out.println(new ColdReadsAfterPark().measure(COLD_READ_PARKS));
        out.println("presets:");
        for (final IdlePreset preset : IdlePreset.values())
        {
            out.printf("  %-12s %s%n", preset.specName(), preset.plan(TimerProfile.current()));
        }
        out.println("one idle episode of " + Durations.toHuman(IDLE_EPISODE_NS) + " on this thread, as each " +
            "strategy's statistics count it:");
        for (final IdlePreset preset : IdlePreset.values())
        {
            for (final String spec : new String[]{ "calibrated:" + preset.specName(), "fixed:" + preset.specName() })
            {
                out.printf("  %-24s %s%n", spec, idleOneEpisode((ObservableIdleStrategy)IdleStrategies.parse(spec)));
            }
        }
    }

    /**
     * Idles with no work for {@link #IDLE_EPISODE_NS}, then finds work.
     *
     * @return what the strategy's statistics counted.
     */
    private static IdleStatistics idleOneEpisode(final ObservableIdleStrategy strategy)
    {
        final long endNs = System.nanoTime() + IDLE_EPISODE_NS;
        while (System.nanoTime() - endNs < 0)
        {
            strategy.idle(0);
        }
        strategy.idle(1);
        return strategy.statistics();
    }

    /**
     * @return OS, CPU count and JVM in one line, to label results with.
     */
    static String machine()
    {
        return String.format("%s %s (%s), %d CPUs, %s %s", System.getProperty("os.name"),
            System.getProperty("os.version"), System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(),
            System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"));
    }

    static String timerSlack()
    {
        try
        {
            return Files.isReadable(TIMER_SLACK) ? Files.readString(TIMER_SLACK).trim() : null;
        }
        catch (final IOException ex)
        {
            return null;
        }
    }
}
