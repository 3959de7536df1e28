package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;

import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Drives a strategy through idle episodes on a {@link ScriptedWaits} clock: each episode idles until its gap has
 * passed, then finds work. Adds up, as the cost model does, the CPU (time spun or yielded plus the CPU of each
 * park) and the latency (from the gap's end to the idle call that saw it).
 */
final class EpisodeSimulator
{
    static final long TIMER_FLOOR_NS = 60_000;

    /**
     * Agrona's default {@code BackoffIdleStrategy}: 10 spins, 5 yields, parks from 1 µs doubling to 1 ms.
     */
    static final IdlePlan AGRONA_DEFAULT_LADDER = new IdlePlan(10, 0, 5, 0, 1_000, 1_000_000, IdlePlan.DOUBLING, 0);

    private final ScriptedWaits waits;
    long cpuNs;
    long latencyNs;
    long episodes;

    EpisodeSimulator(final ScriptedWaits waits)
    {
        this.waits = waits;
    }

    /**
     * Runs {@code count} episodes with gaps from {@code gapsNs}.
     *
     * @return this, for chaining.
     */
    EpisodeSimulator run(final IdleStrategy strategy, final LongSupplier gapsNs, final int count)
    {
        for (int e = 0; e < count; e++)
        {
            final long gapNs = gapsNs.getAsLong();
            final long startNs = waits.nowNs;
            final long cpuBeforeNs = waits.cpuNs;
            do
            {
                strategy.idle(0);
            }
            while (waits.nowNs - startNs < gapNs);
            latencyNs += waits.nowNs - startNs - gapNs;
            cpuNs += waits.cpuNs - cpuBeforeNs;
            episodes++;
            strategy.idle(1);
        }
        return this;
    }

    /**
     * Runs {@code count} episodes with gaps from {@code gapsNs} whose producer calls {@link
     * WakeableIdleStrategy#wake()} when it publishes: a park that would last past the gap's end ends then, plus
     * {@code wakeLatencyNs} for the scheduler to run the worker again; other parks last at least {@value
     * #TIMER_FLOOR_NS} ns, as on Linux.
     *
     * @return this, for chaining.
     */
    EpisodeSimulator runWoken(
        final WakeableIdleStrategy strategy, final LongSupplier gapsNs, final int count, final long wakeLatencyNs)
    {
        final long[] arrivalNs = new long[1];
        final boolean[] woken = new boolean[1];
        waits.parkDurationNs = requestNs ->
        {
            final long timedNs = Math.max(requestNs, TIMER_FLOOR_NS);
            if (waits.nowNs + timedNs < arrivalNs[0])
            {
                return timedNs;
            }
            waits.nowNs = Math.max(waits.nowNs, arrivalNs[0]);
            strategy.wake();
            woken[0] = true;
            return wakeLatencyNs;
        };
        for (int e = 0; e < count; e++)
        {
            final long startNs = waits.nowNs;
            final long cpuBeforeNs = waits.cpuNs;
            arrivalNs[0] = startNs + gapsNs.getAsLong();
            woken[0] = false;
            do
            {
                strategy.idle(0);
            }
            while (waits.nowNs < arrivalNs[0]);
            if (!woken[0])
            {
                strategy.wake();
            }
            latencyNs += waits.nowNs - arrivalNs[0];
            cpuNs += waits.cpuNs - cpuBeforeNs;
            episodes++;
            strategy.idle(1);
        }
        return this;
    }

    /**
     * Runs {@code count} episodes of a feed that does not wait for the worker: work comes every {@code periodNs}
     * whatever the worker does, an episode takes all the work that came, and each item counts as an episode here,
     * its latency from when it came.
     *
     * @return this, for chaining.
     */
    EpisodeSimulator runOpenLoop(final IdleStrategy strategy, final long periodNs, final int count)
    {
        long dueNs = waits.nowNs + periodNs;
        for (int e = 0; e < count; e++)
        {
            final long cpuBeforeNs = waits.cpuNs;
            do
            {
                strategy.idle(0);
            }
            while (waits.nowNs < dueNs);
            int items = 0;
            for (; dueNs <= waits.nowNs; dueNs += periodNs)
            {
                latencyNs += waits.nowNs - dueNs;
                items++;
            }
            cpuNs += waits.cpuNs - cpuBeforeNs;
            episodes += items;
            strategy.idle(items);
        }
        return this;
    }

    /**
     * Runs {@code count} episodes of work that a thread woken by the same timer hands over {@code handOverNs} after
     * a tick: every park ends at the next multiple of {@code tickNs}, as under Windows' default timer, each item
     * comes the given number of ticks after the last was handled, and handling it takes the worker a time from
     * {@code workNs}, so that episodes start anywhere between ticks.
     *
     * @return this, for chaining.
     */
    EpisodeSimulator runHandedOverAfterTicks(final IdleStrategy strategy, final long tickNs, final long handOverNs,
        final LongSupplier ticksToWait, final LongSupplier workNs, final int count)
    {
        waits.endingParksAtTicks(tickNs);
        for (int e = 0; e < count; e++)
        {
            final long startNs = waits.nowNs;
            final long cpuBeforeNs = waits.cpuNs;
            final long arrivalNs = (startNs / tickNs + ticksToWait.getAsLong()) * tickNs + handOverNs;
            do
            {
                strategy.idle(0);
            }
            while (waits.nowNs < arrivalNs);
            latencyNs += waits.nowNs - arrivalNs;
            cpuNs += waits.cpuNs - cpuBeforeNs;
            episodes++;
            strategy.idle(1);
            final long handlingNs = workNs.getAsLong();
            waits.nowNs += handlingNs;
            waits.cpuNs += handlingNs;
        }
        return this;
    }

    EpisodeSimulator reset()
    {
        cpuNs = 0;
        latencyNs = 0;
        episodes = 0;
        return this;
    }

    /**
     * @return mean CPU per episode plus λ times mean latency per episode.
     */
    double costPerEpisode(final double latencyWeight)
    {
        return (cpuNs + latencyWeight * latencyNs) / (double)episodes;
    }

    double latencyPerEpisodeNs()
    {
        return latencyNs / (double)episodes;
    }

    double cpuPerEpisodeNs()
    {
        return cpuNs / (double)episodes;
    }

    /**
     * @return Agrona's default ladder through {@code waits}, measured over 100 episodes after 100 more, with gaps from
     * {@code gapsNs}.
     */
    static EpisodeSimulator agronaLadder(final ScriptedWaits waits, final LongSupplier gapsNs)
    {
        final PhasedIdleStrategy ladder = new PhasedIdleStrategy(AGRONA_DEFAULT_LADDER, waits);
        return new EpisodeSimulator(waits).run(ladder, gapsNs, 100).reset().run(ladder, gapsNs, 100);
    }

    /**
     * @return Agrona's default ladder through {@code waits}, measured over {@code count} episodes with gaps from
     * {@code gapsNs}.
     */
    static EpisodeSimulator agronaLadder(final ScriptedWaits waits, final LongSupplier gapsNs, final int count)
    {
        return new EpisodeSimulator(waits).run(new PhasedIdleStrategy(AGRONA_DEFAULT_LADDER, waits), gapsNs, count);
    }

    /**
     * Runs {@code count} episodes with gaps from {@code gapsNs}.
     *
     * @return how many of them took 5 ms of CPU or more: a gap of milliseconds spun through.
     */
    int gapsSpunThrough(final IdleStrategy strategy, final LongSupplier gapsNs, final int count)
    {
        int spunThrough = 0;
        for (int e = 0; e < count; e++)
        {
            final long cpuBeforeNs = cpuNs;
            run(strategy, gapsNs, 1);
            spunThrough += cpuNs - cpuBeforeNs >= 5_000_000 ? 1 : 0;
        }
        return spunThrough;
    }

    /**
     * Asserts that these episodes took no more CPU each than {@code ladder}'s and no more than
     * {@code latencyTolerance} times their latency.
     *
     * @param strategy what ran them, described if they did not.
     */
    void assertNoMoreCpuOrLatencyThan(
        final EpisodeSimulator ladder, final double latencyTolerance, final IdleStrategy strategy)
    {
        assertTrue(cpuPerEpisodeNs() <= ladder.cpuPerEpisodeNs() &&
            latencyPerEpisodeNs() <= latencyTolerance * ladder.latencyPerEpisodeNs(), "CPU " +
            cpuPerEpisodeNs() + ", latency " + latencyPerEpisodeNs() + " vs the ladder's " +
            ladder.cpuPerEpisodeNs() + ", " + ladder.latencyPerEpisodeNs() + "; " + strategy);
    }
}
