package io.github.idlekit.benchmarks;

import io.github.idlekit.IdlePreset;
import io.github.idlekit.TimerProfile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code probe} command: prints this machine's {@link TimerProfile} and the thresholds each
 * {@link IdlePreset} derives from it, the first thing to look at on a new machine or OS.
 */
final class Probe
{
    private static final Path TIMER_SLACK = Path.of("/proc/self/timerslack_ns");

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
        out.println("presets:");
        for (final IdlePreset preset : IdlePreset.values())
        {
            out.printf("  %-12s %s%n", preset.specName(), preset.plan(TimerProfile.current()));
        }
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
