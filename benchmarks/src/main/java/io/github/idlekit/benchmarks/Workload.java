package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;
import org.agrona.collections.LongArrayList;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * When the producer publishes: the idle gap it leaves after the consumer handled the previous event. A fixed
 * gap shows one point of a strategy's backoff ladder; periodic gaps with jitter are timers and heartbeats;
 * exponential gaps (a Poisson arrival process) mix them the way independent clients do; lognormal gaps have the
 * heavy tail of request traffic; bursts are runs of back-to-back events separated by long gaps, the shape of market
 * data and batch arrivals; phases switch between workloads while one strategy instance keeps running, to show how
 * fast it follows a change; a trace replays gaps recorded from the user's own system, the workload no synthetic
 * one stands in for.
 *
 * <p>Names: {@code fixed-100us}, {@code periodic-1ms} (±{@value #JITTER_PERCENT}% uniform jitter),
 * {@code exp-1ms}, {@code lognormal-1ms} (median 1 ms, σ = 1), {@code uniform-5ms..25ms} (any gap between the two
 * equally likely: a producer with its own unpredictable pace), {@code burst-16x10ms} (16 back-to-back events,
 * then 10 ms), {@code phases-2s:fixed-10us/fixed-10ms/fixed-100us/exp-1ms} (each phase for 2 s, in turn),
 * {@code trace:gaps.txt} (the file's gaps in order, one per line in whole nanoseconds, 0 for back-to-back,
 * {@code #} starting a comment; from its start again when a run outlasts it).
 */
final class Workload
{
    static final int JITTER_PERCENT = 10;
    private static final double LOGNORMAL_SIGMA = 1.0;

    private enum Kind
    {
        FIXED, PERIODIC, EXPONENTIAL, LOGNORMAL, UNIFORM, BURST, PHASES, TRACE
    }

    private static final String TRACE_PREFIX = "trace:";

    private final String name;
    private final Kind kind;
    private final long gapNs;
    private final long longestGapNs;
    private final int burstLength;
    private final List<Workload> phases;
    private final long[] traceGapsNs;

    private Workload(
        final String name, final Kind kind, final long gapNs, final int burstLength, final List<Workload> phases)
    {
        this(name, kind, gapNs, gapNs, burstLength, phases, null);
    }

    private Workload(
        final String name,
        final Kind kind,
        final long gapNs,
        final long longestGapNs,
        final int burstLength,
        final List<Workload> phases,
        final long[] traceGapsNs)
    {
        this.name = name;
        this.kind = kind;
        this.gapNs = gapNs;
        this.longestGapNs = longestGapNs;
        this.burstLength = burstLength;
        this.phases = phases;
        this.traceGapsNs = traceGapsNs;
    }

    static Workload parse(final String name)
    {
        final String trimmed = name.trim();
        if (trimmed.startsWith("phases-"))
        {
            return parsePhases(trimmed);
        }
        if (trimmed.startsWith(TRACE_PREFIX))
        {
            return readTrace(trimmed);
        }
        for (final Kind kind : new Kind[]{ Kind.FIXED, Kind.PERIODIC, Kind.EXPONENTIAL, Kind.LOGNORMAL })
        {
            final String prefix = prefix(kind);
            if (trimmed.startsWith(prefix))
            {
                return new Workload(trimmed, kind,
                    Durations.parsePositiveNanos("workload", trimmed.substring(prefix.length())), 1, List.of());
            }
        }
        final int dots = trimmed.indexOf("..");
        if (trimmed.startsWith("uniform-") && dots > 8)
        {
            final long shortestNs = Durations.parsePositiveNanos("workload", trimmed.substring(8, dots));
            final long longestNs = Durations.parsePositiveNanos("workload", trimmed.substring(dots + 2));
            if (longestNs <= shortestNs)
            {
                throw new IllegalArgumentException("workload: '" + name + "' needs its longer gap second");
            }
            return new Workload(trimmed, Kind.UNIFORM, shortestNs, longestNs, 1, List.of(), null);
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
            return new Workload(trimmed, Kind.BURST,
                Durations.parsePositiveNanos("workload", trimmed.substring(x + 1)), length, List.of());
        }
        throw new IllegalArgumentException("workload: unknown '" + name + "'; expected fixed-<gap>, " +
            "periodic-<gap>, exp-<mean gap>, lognormal-<median gap>, uniform-<gap>..<gap>, burst-<n>x<gap>, " +
            "phases-<duration>:<workload>/<workload>... or trace:<file of gaps in ns>");
    }

    static List<Workload> parseList(final String list)
    {
        final List<Workload> workloads = new ArrayList<>();
        for (final String name : list.split(","))
        {
            if (!name.isBlank())
            {
                final Workload workload = parse(name);
                if (workloads.stream().anyMatch(other -> other.name.equals(workload.name)))
                {
                    throw new IllegalArgumentException("workloads: '" + list + "' names " + workload.name + " twice");
                }
                workloads.add(workload);
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
     * @param elapsedNs  time since the run started, which selects the phase of a phased workload.
     * @param random     the run's random source.
     * @return the idle gap before it, 0 for back-to-back.
     */
    long gapBeforeNs(final long eventIndex, final long elapsedNs, final SplittableRandom random)
    {
        switch (kind)
        {
            case FIXED:
                return gapNs;
            case PERIODIC:
                return gapNs + Math.round(gapNs * JITTER_PERCENT / 100.0 * (2 * random.nextDouble() - 1));
            case EXPONENTIAL:
                return Math.round(-Math.log(1.0 - random.nextDouble()) * gapNs);
            case LOGNORMAL:
                return Math.round(gapNs * Math.exp(LOGNORMAL_SIGMA * gaussian(random)));
            case UNIFORM:
                return random.nextLong(gapNs, longestGapNs + 1);
            case BURST:
                return eventIndex % burstLength == 0 ? gapNs : 0;
            case TRACE:
                return traceGapsNs[(int)(eventIndex % traceGapsNs.length)];
            default:
                return phases.get(phaseAt(elapsedNs)).gapBeforeNs(eventIndex, elapsedNs, random);
        }
    }

    /**
     * @return whether the workload switches between phases.
     */
    boolean phased()
    {
        return kind == Kind.PHASES;
    }

    /**
     * @param elapsedNs time since the run started.
     * @return the index of the phase in force then, 0 for a workload without phases.
     */
    int phaseAt(final long elapsedNs)
    {
        return kind == Kind.PHASES ? (int)(elapsedNs / gapNs % phases.size()) : 0;
    }

    /**
     * @return the name of phase {@code index}, or the workload's own name for one without phases.
     */
    String phaseName(final int index)
    {
        return kind == Kind.PHASES ? phases.get(index).name : name;
    }

    /**
     * @return the mean gap between events, for sizing runs.
     */
    long meanGapNs()
    {
        switch (kind)
        {
            case BURST:
                return gapNs / burstLength;
            case LOGNORMAL:
                return Math.round(gapNs * Math.exp(LOGNORMAL_SIGMA * LOGNORMAL_SIGMA / 2));
            case UNIFORM:
                return (gapNs + longestGapNs) / 2;
            case PHASES:
                return phases.stream().mapToLong(Workload::meanGapNs).max().orElse(gapNs);
            default:
                return gapNs;
        }
    }

    private static Workload parsePhases(final String name)
    {
        final int colon = name.indexOf(':');
        if (colon < 0)
        {
            throw new IllegalArgumentException("workload: '" + name + "' needs phases-<duration>:<workload>/...");
        }
        final long phaseNs = Durations.parsePositiveNanos("workload phase", name.substring(7, colon));
        if (name.contains(TRACE_PREFIX))
        {
            throw new IllegalArgumentException("workload: '" + name + "' has a trace as a phase; a trace's path " +
                "may hold the '/' that separates phases, so a trace runs on its own");
        }
        final List<Workload> phases = new ArrayList<>();
        for (final String phase : name.substring(colon + 1).split("/"))
        {
            final Workload workload = parse(phase);
            if (workload.kind == Kind.PHASES)
            {
                throw new IllegalArgumentException("workload: '" + name + "' nests phases");
            }
            phases.add(workload);
        }
        return new Workload(name, Kind.PHASES, phaseNs, 1, List.copyOf(phases));
    }

    /**
     * Reads a trace's gaps, so that a bad file fails before any cell runs.
     *
     * @param name {@code trace:<path>}.
     */
    private static Workload readTrace(final String name)
    {
        final Path path = Path.of(name.substring(TRACE_PREFIX.length()));
        final LongArrayList gapsNs = new LongArrayList();
        long totalNs = 0;
        try (BufferedReader reader = Files.newBufferedReader(path))
        {
            String line;
            for (int number = 1; (line = reader.readLine()) != null; number++)
            {
                final int hash = line.indexOf('#');
                final String token = (hash < 0 ? line : line.substring(0, hash)).trim();
                if (!token.isEmpty())
                {
                    final long gapNs = traceGap(name, number, token);
                    if (gapNs > Long.MAX_VALUE - totalNs)
                    {
                        throw new IllegalArgumentException("workload " + name + ": line " + number +
                            ": the gaps up to it add up to more than " + Long.MAX_VALUE + " ns");
                    }
                    totalNs += gapNs;
                    gapsNs.addLong(gapNs);
                }
            }
        }
        catch (final IOException ex)
        {
            final String why = null == ex.getMessage() || ex.getMessage().equals(path.toString()) ?
                ex.getClass().getSimpleName() : ex.getClass().getSimpleName() + ": " + ex.getMessage();
            throw new IllegalArgumentException("workload " + name + ": cannot read '" + path + "' (" + why + ")", ex);
        }
        if (totalNs == 0)
        {
            throw new IllegalArgumentException("workload " + name + ": '" + path + "' holds " +
                (gapsNs.isEmpty() ? "no gap" : "only gaps of 0") + "; it needs at least one gap above 0 ns");
        }
        final long meanGapNs = Math.max(1, Math.round((double)totalNs / gapsNs.size()));
        return new Workload(name, Kind.TRACE, meanGapNs, meanGapNs, 1, List.of(), gapsNs.toLongArray());
    }

    private static long traceGap(final String name, final int lineNumber, final String token)
    {
        final long gapNs;
        try
        {
            gapNs = Long.parseLong(token);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("workload " + name + ": line " + lineNumber + ": '" + token +
                "' is not a gap in whole nanoseconds", ex);
        }
        if (gapNs < 0)
        {
            throw new IllegalArgumentException("workload " + name + ": line " + lineNumber + ": '" + token +
                "' is a negative gap");
        }
        return gapNs;
    }

    private static String prefix(final Kind kind)
    {
        switch (kind)
        {
            case FIXED:
                return "fixed-";
            case PERIODIC:
                return "periodic-";
            case EXPONENTIAL:
                return "exp-";
            default:
                return "lognormal-";
        }
    }

    private static double gaussian(final SplittableRandom random)
    {
        final double u = 1.0 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
