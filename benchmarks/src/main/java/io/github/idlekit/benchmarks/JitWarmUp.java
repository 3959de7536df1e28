package io.github.idlekit.benchmarks;

import java.io.IOException;

/**
 * Repeats a warm-up round until the JIT has stopped compiling: a method's compilation may finish well after the
 * calls that asked for it, so one round is not enough, and how many are is what the JVM's total compilation time
 * tells.
 */
final class JitWarmUp
{
    /**
     * One round of warm-up work.
     */
    interface Round
    {
        void run() throws IOException, InterruptedException;
    }

    private JitWarmUp()
    {
    }

    /**
     * Runs {@code round} at least once, then again while the JIT's compilation time grew during the last round and
     * {@code maxNs} has not passed; once only where the JVM does not report that time.
     */
    static void repeat(final long maxNs, final Round round) throws IOException, InterruptedException
    {
        final long endNs = System.nanoTime() + maxNs;
        long compilingMs;
        do
        {
            compilingMs = CompilationTime.totalMs();
            round.run();
        }
        while (compilingMs >= 0 && System.nanoTime() - endNs < 0 && CompilationTime.sinceMs(compilingMs) != 0);
    }
}
