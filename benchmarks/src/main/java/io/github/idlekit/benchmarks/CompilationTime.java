package io.github.idlekit.benchmarks;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The time the JVM's JIT compilers have spent compiling, summed over their threads: in a young JVM they compile a
 * strategy's code on the CPUs its worker and producer need, so a cell measured while they work measures them too.
 */
final class CompilationTime
{
    private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();
    private static final boolean REPORTED = null != COMPILER && COMPILER.isCompilationTimeMonitoringSupported();

    private CompilationTime()
    {
    }

    /**
     * @return milliseconds spent compiling since the JVM started, or -1 where the JVM does not report it.
     */
    static long totalMs()
    {
        return REPORTED ? COMPILER.getTotalCompilationTime() : -1;
    }

    /**
     * @return milliseconds spent compiling since {@code totalMs()} returned {@code fromMs}, or -1 where unknown.
     */
    static long sinceMs(final long fromMs)
    {
        return fromMs < 0 ? -1 : totalMs() - fromMs;
    }

    /**
     * @return {@code compilingMs} as a table shows it, {@code -} where unknown.
     */
    static String toColumn(final long compilingMs)
    {
        return compilingMs < 0 ? "-" : compilingMs + "ms";
    }
}
