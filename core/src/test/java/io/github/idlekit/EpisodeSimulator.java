package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;

import java.util.function.LongSupplier;

/**
 * Drives a strategy through idle episodes on a {@link ScriptedWaits} clock: each episode idles until its gap has
 * passed, then finds work. Adds up, as the cost model does, the CPU (time spun or yielded plus the CPU of each
 * park) and the latency (from the gap's end to the idle call that saw it).
 */
final class EpisodeSimulator
{
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
}
