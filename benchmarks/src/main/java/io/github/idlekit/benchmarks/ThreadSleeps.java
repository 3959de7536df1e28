package io.github.idlekit.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How many times the calling thread has gone to sleep: its voluntary context switches, which Linux counts per thread
 * in {@code /proc/thread-self/status}. Every park that sleeps is one, whatever the strategy, so this counts the parks
 * of strategies that keep no statistics (Agrona's), and any other blocking besides.
 */
final class ThreadSleeps
{
    private static final Path STATUS = Path.of("/proc/thread-self/status");
    private static final String FIELD = "voluntary_ctxt_switches:";

    private ThreadSleeps()
    {
    }

    /**
     * @return the calling thread's voluntary context switches so far, or -1 where the OS does not say (not Linux).
     */
    static long ofCurrentThread()
    {
        try
        {
            for (final String line : Files.readAllLines(STATUS))
            {
                if (line.startsWith(FIELD))
                {
                    return Long.parseLong(line.substring(FIELD.length()).trim());
                }
            }
            return -1;
        }
        catch (final IOException | RuntimeException ex)
        {
            return -1;
        }
    }
}
