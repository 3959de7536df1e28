package io.github.idlekit;

import java.util.Random;
import java.util.function.LongSupplier;

/** Prints, per scripted scenario, a digest of every wait the strategy made: equal output, equal behaviour. */
public final class TraceDiff
{
    public static void main(final String[] args)
    {
        final long[] floors = {60_000, 15_625_000};
        final double[] lambdas = {0.1, 1, 10};
        final String[] loads = {"fixed-10us", "fixed-100us", "fixed-1ms", "fixed-10ms", "exp-10us", "exp-100us",
            "exp-1ms", "exp-10ms", "burst", "lognormal", "phases", "regular-jitter"};
        int scenario = 0;
        for (final long floorNs : floors)
        {
            for (final double lambda : lambdas)
            {
                for (final String load : loads)
                {
                    for (final int delay : new int[] {0, 1})
                    {
                        run(++scenario, floorNs, lambda, load, delay == 1);
                    }
                }
            }
        }
    }

    private static void run(final int scenario, final long floorNs, final double lambda, final String load,
        final boolean runDelay)
    {
        final Random random = new Random(scenario * 7919L);
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkCpuNs = floorNs > 1_000_000 ? 60_000 : 25_000;
        waits.parkDurationNs = r -> Math.max(r, floorNs) + random.nextInt((int)(floorNs / 8));
        if (runDelay)
        {
            waits.runDelayNs = 0;
            waits.wakeRunDelayNs = 3_000;
            waits.runDelayReadCostNs = 2_000;
        }
        final TimerProfile profile = new TimerProfile(
            floorNs, floorNs + floorNs / 5, floorNs, 800, 40, 7_000, floorNs > 1_000_000 ? 3 : 64,
            TimerProfile.Source.MEASURED);
        final CalibratedIdleStrategy strategy = new CalibratedIdleStrategy(() -> profile, null, lambda, null, waits);
        final Random gaps = new Random(scenario);
        final long[] episode = {0};
        final LongSupplier gapsNs = () -> gap(load, gaps, episode[0]++);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        final int count = floorNs > 1_000_000 ? 1500 : 6000;
        final StringBuilder plans = new StringBuilder();
        for (int block = 0; block < 6; block++)
        {
            simulator.run(strategy, gapsNs, count / 6);
            plans.append(strategy.currentPlan()).append(" | ");
        }
        long hash = 17;
        for (final String call : waits.calls)
        {
            hash = hash * 31 + call.hashCode();
        }
        for (final long request : waits.parkRequests)
        {
            hash = hash * 31 + request;
        }
        System.out.printf("%d %d %s %s %b calls=%d hash=%x cpu=%d lat=%d learnt=%d%n  %s%n  %s%n", scenario, floorNs,
            lambda, load, runDelay, waits.calls.size(), hash, simulator.cpuNs, simulator.latencyNs,
            strategy.episodesLearnt(), plans, strategy.statistics());
    }

    private static long gap(final String load, final Random random, final long episode)
    {
        switch (load)
        {
            case "fixed-10us": return 10_000;
            case "fixed-100us": return 100_000;
            case "fixed-1ms": return 1_000_000;
            case "fixed-10ms": return 10_000_000;
            case "exp-10us": return exp(random, 10_000);
            case "exp-100us": return exp(random, 100_000);
            case "exp-1ms": return exp(random, 1_000_000);
            case "exp-10ms": return exp(random, 10_000_000);
            case "burst": return episode % 16 == 15 ? 10_000_000 : 5_000;
            case "lognormal": return (long)(1_000_000 * Math.exp(random.nextGaussian()));
            case "regular-jitter": return 2_000_000 + random.nextInt(100_000);
            default:
                final long phase = (episode / 400) % 4;
                return phase == 0 ? 10_000 : phase == 1 ? 10_000_000 : phase == 2 ? 100_000 : exp(random, 1_000_000);
        }
    }

    private static long exp(final Random random, final long meanNs)
    {
        return (long)(-meanNs * Math.log(1 - random.nextDouble()));
    }
}
