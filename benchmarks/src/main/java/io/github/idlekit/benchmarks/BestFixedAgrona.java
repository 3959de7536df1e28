package io.github.idlekit.benchmarks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The best fixed Agrona setting for one workload, found as a user who knows the workload would tune Agrona's
 * strategies to it: a short cell of each of {@link #CANDIDATES}, and the lowest cost at the run's λ wins. A fixed
 * ladder tuned to the workload in hindsight is the strongest rival an adaptive strategy has, so
 * {@code compare --best-fixed} measures the winner again at full length beside the others: picked from short, noisy
 * cells, it won by luck as well as by merit, and only a second measurement is fair to both.
 */
final class BestFixedAgrona
{
    /**
     * The backoff's busy-spinning calls before it yields, each one {@code Thread.onSpinWait} of tens to a hundred
     * nanoseconds: from Agrona's default to about a millisecond of spinning, which covers every gap that spinning
     * through can pay for.
     */
    private static final long[] MAX_SPINS = { 10, 100, 1_000, 10_000 };

    /**
     * The backoff's longest park, which bounds how late work that comes after a long wait is seen: from a park of
     * about one Linux floor to one of ten milliseconds.
     */
    private static final long[] MAX_PARK_NS = { 100_000, 1_000_000, 10_000_000 };

    private static final long MAX_YIELDS = 5;
    private static final long MIN_PARK_NS = 1_000;

    /**
     * What the sweep tries: busy spinning, yielding, a park per idle call, the backoff as Agrona and Aeron ship it,
     * and the backoff over {@link #MAX_SPINS} × {@link #MAX_PARK_NS}.
     */
    static final List<String> CANDIDATES = candidates();

    /**
     * Each sweep cell lasts at least this many of the workload's mean gaps: enough to rank settings whose costs
     * differ by tens of percent, and a tenth of what a measured cell lasts.
     */
    static final long SWEEP_EVENTS = 100;

    /**
     * Each sweep cell warms up for at least this many mean gaps. Agrona's strategies learn nothing, so this only
     * lets the cell's threads start.
     */
    static final long SWEEP_WARMUP_EVENTS = 10;

    /**
     * A sweep cell lasts this part of a measured cell's duration and warm-up, or {@link #SWEEP_EVENTS} and
     * {@link #SWEEP_WARMUP_EVENTS} mean gaps if longer.
     */
    static final long SWEEP_SHARE_DIVISOR = 4;

    private BestFixedAgrona()
    {
    }

    private static List<String> candidates()
    {
        final List<String> names = new ArrayList<>(
            List.of("agrona-spin", "agrona-yield", "agrona-sleep-ns", "agrona-backoff", "aeron-backoff"));
        final String agronaDefault = StrategyCatalog.create("agrona-backoff").toString();
        for (final long maxSpins : MAX_SPINS)
        {
            for (final long maxParkNs : MAX_PARK_NS)
            {
                final String name = StrategyCatalog.backoffName(maxSpins, MAX_YIELDS, MIN_PARK_NS, maxParkNs);
                if (!StrategyCatalog.create(name).toString().equals(agronaDefault))
                {
                    names.add(name);
                }
            }
        }
        return List.copyOf(names);
    }

    /**
     * @return how long the sweep of {@code workload} lasts, warm-ups included.
     */
    static long sweepNs(final Workload workload, final long durationNs, final long warmupNs)
    {
        return CANDIDATES.size() * (cellWarmupNs(workload, warmupNs) + cellDurationNs(workload, durationNs));
    }

    /**
     * Runs a short cell of every candidate under {@code workload}.
     *
     * @param arrivals   when the cells' producer publishes.
     * @param durationNs the measured cells' duration, of which a sweep cell lasts a part.
     * @param warmupNs   the measured cells' warm-up, of which a sweep cell's is a part.
     * @param yardstick  the λ the candidates' costs are weighed at.
     * @param sweptCell  told of each sweep cell's result, as it ends.
     * @return the name of the candidate with the lowest cost at {@code yardstick}'s λ.
     */
    static String tune(
        final Workload workload,
        final Arrivals arrivals,
        final PrecisePacer pacer,
        final long durationNs,
        final long warmupNs,
        final long maxEvents,
        final Yardstick yardstick,
        final Consumer<CellResult> sweptCell) throws InterruptedException
    {
        final List<CellResult> results = new ArrayList<>();
        for (final String candidate : CANDIDATES)
        {
            final CellResult result = new LatencyCpuRun(candidate, workload, arrivals, pacer,
                cellWarmupNs(workload, warmupNs), cellDurationNs(workload, durationNs), maxEvents).run();
            sweptCell.accept(result);
            results.add(result);
        }
        return cheapest(results, yardstick).strategy();
    }

    /**
     * @return the result with the lowest cost at {@code yardstick}'s λ among those that measured any event.
     * @throws IllegalStateException when none did.
     */
    static CellResult cheapest(final List<CellResult> results, final Yardstick yardstick)
    {
        return results.stream()
            .filter(result -> result.events() > 0)
            .min(Comparator.comparingDouble(yardstick::cost))
            .orElseThrow(() -> new IllegalStateException("no sweep cell measured any event: " + results));
    }

    private static long cellWarmupNs(final Workload workload, final long warmupNs)
    {
        return Math.max(warmupNs / SWEEP_SHARE_DIVISOR, SWEEP_WARMUP_EVENTS * workload.meanGapNs());
    }

    private static long cellDurationNs(final Workload workload, final long durationNs)
    {
        return Math.max(durationNs / SWEEP_SHARE_DIVISOR, SWEEP_EVENTS * workload.meanGapNs());
    }
}
