package io.github.idlekit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.function.LongSupplier;
import java.util.concurrent.TimeUnit;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static io.github.idlekit.ScriptedProfiles.WINDOWS_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where the thread is kept off its CPU, the calibrated strategy weighs its CPU by the threads that wanted it and
 * plans as with a lower latency weight; waits for a CPU after its own wake-ups do not count.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CpuWeightPlanningTest
{
    @Test
    void aThreadKeptOffItsCpuHalfTheTimeItWantsToRunPlansAsWithHalfItsLatencyWeight()
    {
        final double[] idleMachine = costsKeptOffTheCpu(1.0, 1, Gaps.exponential(100_000, 5));
        final double[] halfLambda = costsKeptOffTheCpu(0.5, 1, Gaps.exponential(100_000, 5));
        final double[] contended = costsKeptOffTheCpu(1.0, 2, Gaps.exponential(100_000, 5));

        assertEquals(1.0, idleMachine[2], 1e-9);
        assertEquals(0.5, contended[2], 0.02);
        assertTrue(contended[0] < 0.8 * idleMachine[0], "CPU per episode: contended " + contended[0] +
            " µs, on an idle machine " + idleMachine[0] + " µs");
        assertEquals(halfLambda[0], contended[0], 0.1 * halfLambda[0], "CPU per episode, λ/2 vs contended");
        assertEquals(halfLambda[1], contended[1], 0.2 * halfLambda[1], "latency per episode, λ/2 vs contended");
    }

    @Test
    void aStallBetweenAFreshStrategysFirstPlansDoesNotDecideItsCpuWeight()
    {
        final ScriptedWaits waits = ScriptedWaits.slackLike(15_625_000L);
        waits.runDelayNs = 0;
        final CalibratedIdleStrategy adaptive = waits.calibrated(WINDOWS_LIKE, IdlePreset.BALANCED);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        while (adaptive.statistics().plans() < 1)
        {
            simulator.run(adaptive, () -> 10_000_000L, 1);
        }
        // one episode's work kept from its CPU for 5 ms, as by a young JVM's compiler threads, among the few
        // milliseconds the thread spends out of parks before its second plan (b37c524, without a prior: λ/κ 0.78)
        waits.nowNs += 5_000_000;
        waits.runDelayNs += 5_000_000;
        while (adaptive.statistics().plans() < 2)
        {
            simulator.run(adaptive, () -> 10_000_000L, 1);
        }

        assertTrue(adaptive.planLatencyWeight() > 0.9, "λ/κ " + adaptive.planLatencyWeight() + " after " +
            simulator.episodes + " episodes");
    }

    @Test
    void waitsForACpuAfterWakeUpsDoNotWeighTheThreadsCpuWhileWaitsInItsWorkDo()
    {
        final double wokenLate = latencyWeightAfterRunDelays(50_000, 0);
        final double preempted = latencyWeightAfterRunDelays(0, 50_000);

        assertEquals(1.0, wokenLate, 0.1, "every wake-up waited 50 µs for a CPU");
        assertTrue(preempted < 0.8, "every episode's work was preempted for 50 µs: λ/κ " + preempted);
    }

    @Test
    void readingTheRunDelayAroundAParkIsNoPartOfTheParksCpu()
    {
        final ScriptedWaits waits = ScriptedWaits.linuxLike();
        waits.runDelayNs = 0;
        waits.runDelayReadCostNs = 50_000;
        final CalibratedIdleStrategy adaptive = waits.calibrated(LINUX_LIKE, IdlePreset.BALANCED);
        new EpisodeSimulator(waits).run(adaptive, () -> 2_000_000L, 500);

        assertTrue(waits.count("run delay") > 2 * adaptive.statistics().plans(), "read around parks, not only to plan");
        assertEquals(waits.parkCpuNs, adaptive.timer().parkCpuNs(), "each read of the run delay costs 50 µs");
    }

    /**
     * Runs 4,000 memoryless episodes (mean 100 µs) of a thread whose system reports its run delay: each park's
     * wake-up waits {@code wakeDelayNs} for a CPU, and each episode's 10 µs of work is kept off its CPU for
     * {@code workDelayNs}.
     *
     * @return the latency weight it then plans with, λ = 1 over κ.
     */
    private static double latencyWeightAfterRunDelays(final long wakeDelayNs, final long workDelayNs)
    {
        final ScriptedWaits waits = ScriptedWaits.linuxLike();
        waits.runDelayNs = 0;
        waits.wakeRunDelayNs = wakeDelayNs;
        final CalibratedIdleStrategy adaptive = new CalibratedIdleStrategy(() -> LINUX_LIKE, null, 1.0, null, waits);
        final LongSupplier gapsNs = Gaps.exponential(100_000, 5);
        for (int e = 0; e < 4_000; e++)
        {
            final long gapNs = gapsNs.getAsLong();
            final long startNs = waits.nowNs;
            do
            {
                adaptive.idle(0);
            }
            while (waits.nowNs - startNs < gapNs);
            adaptive.idle(1);
            waits.nowNs += 10_000 + workDelayNs;
            waits.cpuNs += 10_000;
            waits.runDelayNs += workDelayNs;
        }
        return adaptive.planLatencyWeight();
    }

    /**
     * Runs 6,000 episodes with parks that cost 40 µs of CPU, and after each the thread works 10 µs and is kept
     * off its CPU for {@code slowdown} − 1 times the CPU it used (preempted or throttled in proportion to its
     * running, as under fair sharing or a quota), so that it runs a share 1/{@code slowdown} of the time it wants.
     *
     * @return the mean CPU and latency per episode over the last 2,000, in µs, and the latency weight it plans with.
     */
    private static double[] costsKeptOffTheCpu(
        final double latencyWeight, final long slowdown, final LongSupplier gapsNs)
    {
        final ScriptedWaits waits = ScriptedWaits.linuxLike();
        waits.parkCpuNs = 40_000;
        final CalibratedIdleStrategy adaptive =
            new CalibratedIdleStrategy(() -> LINUX_LIKE, null, latencyWeight, null, waits);
        long cpuNs = 0;
        long latencyNs = 0;
        for (int e = 0; e < 6_000; e++)
        {
            final long gapNs = gapsNs.getAsLong();
            final long startNs = waits.nowNs;
            final long cpuBeforeNs = waits.cpuNs;
            do
            {
                adaptive.idle(0);
            }
            while (waits.nowNs - startNs < gapNs);
            if (e >= 4_000)
            {
                cpuNs += waits.cpuNs - cpuBeforeNs;
                latencyNs += waits.nowNs - startNs - gapNs;
            }
            adaptive.idle(1);
            final long workNs = 10_000;
            waits.nowNs += workNs + (slowdown - 1) * (waits.cpuNs - cpuBeforeNs + workNs);
            waits.cpuNs += workNs;
        }
        return new double[] { cpuNs / 2_000e3, latencyNs / 2_000e3, adaptive.planLatencyWeight() };
    }
}
