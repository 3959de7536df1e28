package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * What reading a few kilobytes costs a thread right after a park, and again at once: the first is what an idle
 * strategy's bookkeeping per wake pays, the second tells a core that runs slowly just after a wake from one whose
 * cache lines were evicted. While a thread sleeps, whatever else runs on its core (on a VM, other guests too) evicts
 * its lines, and a core left idle for milliseconds may wake into a deep idle state or a low clock; after a park of
 * a coarse timer's tick both can make the first microseconds of work cost several times what they cost after a
 * short park, so per-wake work costs more CPU there than its instructions suggest.
 */
final class ColdReadsAfterPark
{
    /**
     * Cache lines read per sample, about what recording one episode that ended during a long park touches.
     */
    static final int LINES = 64;

    /**
     * Reads made before measuring, so that the reads measured run compiled, as a strategy's do.
     */
    private static final int COMPILING_READS = 50_000;

    private static final int LONGS_PER_LINE = 8;

    private final long[] memory = new long[LINES * LONGS_PER_LINE];
    private long sink;

    /**
     * Parks {@code parks} times for the shortest period, reading the lines right after each park and again at once.
     *
     * @param parks samples to take, positive.
     * @return the median of each.
     */
    Result measure(final int parks)
    {
        if (parks <= 0)
        {
            throw new IllegalArgumentException("parks must be positive: " + parks);
        }
        final long[] coldNs = new long[parks];
        final long[] warmNs = new long[parks];
        for (int i = 0; i < COMPILING_READS; i++)
        {
            readLines();
        }
        for (int i = 0; i < parks; i++)
        {
            LockSupport.parkNanos(1);
            final long startNs = System.nanoTime();
            readLines();
            final long coldEndNs = System.nanoTime();
            readLines();
            coldNs[i] = coldEndNs - startNs;
            warmNs[i] = System.nanoTime() - coldEndNs;
        }
        return new Result(parks, median(coldNs), median(warmNs), sink);
    }

    private void readLines()
    {
        long sum = sink;
        for (int i = 0; i < memory.length; i += LONGS_PER_LINE)
        {
            sum += memory[i]++;
        }
        sink = sum;
    }

    private static long median(final long[] values)
    {
        Arrays.sort(values);
        return values[values.length / 2];
    }

    /**
     * Medians of one measurement.
     *
     * @param parks       samples taken.
     * @param afterParkNs reading the lines right after a park.
     * @param againNs     reading them again at once.
     * @param checksum    what the reads summed, so that the JIT cannot drop them.
     */
    record Result(int parks, long afterParkNs, long againNs, long checksum)
    {
        @Override
        public String toString()
        {
            return LINES + " cache lines read right after a park: " + Durations.toHuman(afterParkNs) + ", " +
                Durations.toHuman(againNs) + " when read again at once (medians of " + parks + " parks)";
        }
    }
}
