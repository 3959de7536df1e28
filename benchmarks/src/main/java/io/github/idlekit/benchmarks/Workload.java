package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * When the producer publishes: the idle gap it leaves after the consumer handled the previous event. A fixed
 * gap shows one point of a strategy's backoff ladder; exponential gaps (a Poisson arrival process) mix them the
 * way independent clients do; bursts are runs of back-to-back events separated by long gaps, the shape of market
 * data and batch arrivals.
 *
 * <p>Names: {@code fixed-100us}, {@code exp-1ms}, {@code burst-16x10ms} (16 back-to-back events, then 10 ms).
 */
final class Workload
{
    private enum Kind
    {
        FIXED, EXPONENTIAL, BURST
    }

    private final String name;
    private final Kind kind;
    private final long gapNs;
    private final int burstLength;

    private Workload(final String name, final Kind kind, final long gapNs, final int burstLength)
    {
        this.name = name;
        this.kind = kind;
        this.gapNs = gapNs;
        this.burstLength = burstLength;
    }

    static Workload parse(final String name)
    {
        final String trimmed = name.trim();
        if (trimmed.startsWith("fixed-"))
        {
            return new Workload(trimmed, Kind.FIXED, Durations.parsePositiveNanos("workload", trimmed.substring(6)), 1);
        }
        if (trimmed.startsWith("exp-"))
        {
            return new Workload(
                trimmed, Kind.EXPONENTIAL, Durations.parsePositiveNanos("workload", trimmed.substring(4)), 1);
        }
        final int x = trimmed.indexOf('x');
        if (trimmed.startsWith("burst-") && x > 6)
        {
            final int length;
            try
            {
                length = Integer.parseInt(trimmed.substring(6, x));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("workload: '" + name + "' has a bad burst length", ex);
            }
            if (length < 1)
            {
                throw new IllegalArgumentException("workload: '" + name + "' has a bad burst length");
            }
            return new Workload(
                trimmed, Kind.BURST, Durations.parsePositiveNanos("workload", trimmed.substring(x + 1)), length);
        }
        throw new IllegalArgumentException(
            "workload: unknown '" + name + "'; expected fixed-<gap>, exp-<mean gap> or burst-<n>x<gap>");
    }

    static List<Workload> parseList(final String list)
    {
        final List<Workload> workloads = new ArrayList<>();
        for (final String name : list.split(","))
        {
            if (!name.isBlank())
            {
                workloads.add(parse(name));
            }
        }
        if (workloads.isEmpty())
        {
            throw new IllegalArgumentException("workloads: '" + list + "' names no workload");
        }
        return workloads;
    }

    String name()
    {
        return name;
    }

    /**
     * @param eventIndex the index of the event about to be published, from 0.
     * @param random     the run's random source.
     * @return the idle gap before it, 0 for back-to-back.
     */
    long gapBeforeNs(final long eventIndex, final SplittableRandom random)
    {
        switch (kind)
        {
            case FIXED:
                return gapNs;
            case EXPONENTIAL:
                return Math.round(-Math.log(1.0 - random.nextDouble()) * gapNs);
            default:
                return eventIndex % burstLength == 0 ? gapNs : 0;
        }
    }

    /**
     * @return the mean gap between events, for sizing runs.
     */
    long meanGapNs()
    {
        return kind == Kind.BURST ? gapNs / burstLength : gapNs;
    }
}
