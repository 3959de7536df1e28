package io.github.idlekit.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine's CPU time so far, as Linux counts it in the first line of {@code /proc/stat}, in clock ticks: all of
 * it, and the part that was stolen, when a hypervisor ran something else while this virtual machine's CPUs wanted
 * to run. A stolen stretch delays whichever thread was due then, parked or running, so a cell measured while the
 * host stole much is slower for reasons no strategy controls; the result tables print each cell's share.
 *
 * @param totalTicks  every CPU's user, nice, system, idle, iowait, irq, softirq and steal time, added up.
 * @param stolenTicks the steal time among them.
 */
record MachineCpuTicks(long totalTicks, long stolenTicks)
{
    private static final Path STAT = Path.of("/proc/stat");
    private static final String ALL_CPUS = "cpu ";
    private static final int STEAL_FIELD = 8;

    /**
     * @return the machine's ticks now, or null where the OS does not say (not Linux).
     */
    static MachineCpuTicks now()
    {
        try
        {
            final List<String> lines = Files.readAllLines(STAT);
            return lines.isEmpty() ? null : parse(lines.get(0));
        }
        catch (final IOException | RuntimeException ex)
        {
            return null;
        }
    }

    /**
     * @param line the first line of {@code /proc/stat}: {@code cpu} and at least eight tick counts, the eighth the
     *             steal time (guest time, where given after it, is already counted in user and nice time).
     * @throws IllegalArgumentException naming the line when it is not of that form.
     */
    static MachineCpuTicks parse(final String line)
    {
        final String[] fields = line.trim().split("\\s+");
        if (!line.startsWith(ALL_CPUS) || fields.length <= STEAL_FIELD)
        {
            throw new IllegalArgumentException("/proc/stat line '" + line + "': expected 'cpu' and at least " +
                STEAL_FIELD + " tick counts");
        }
        long total = 0;
        for (int i = 1; i <= STEAL_FIELD; i++)
        {
            total += Long.parseLong(fields[i]);
        }
        return new MachineCpuTicks(total, Long.parseLong(fields[STEAL_FIELD]));
    }

    /**
     * @return the share of the machine's CPU time since {@code earlier} that was stolen; NaN where either is
     * unknown (null) or no tick passed.
     */
    static double stolenShare(final MachineCpuTicks earlier, final MachineCpuTicks later)
    {
        if (null == earlier || null == later || later.totalTicks <= earlier.totalTicks)
        {
            return Double.NaN;
        }
        return (double)(later.stolenTicks - earlier.stolenTicks) / (later.totalTicks - earlier.totalTicks);
    }
}
