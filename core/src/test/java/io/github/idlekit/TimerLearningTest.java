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
 * The calibrated strategy learns its own thread's timer from its own parks, with no {@code recalibrate()}: a finer or
 * coarser timer than its profile's, a timer that changes while it runs, and parks whose CPU changes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TimerLearningTest
{
    @Test
    void learnsItsOwnThreadsFloorWithoutRecalibration()
    {
        final ScriptedWaits waits = new ScriptedWaits();
        waits.parkDurationNs = requestNs -> requestNs + 6_000;
        final CalibratedIdleStrategy strategy = waits.calibrated(LINUX_LIKE, IdlePreset.BALANCED);

        new EpisodeSimulator(waits).run(strategy, () -> 3_000_000L, 40);

        assertEquals(6_000, strategy.timer().floorNs(), 1_000, strategy.toString());
    }

    @Test
    void aPlanThatSpinsThroughEveryGapFindsOutThatItsTimerBecameFiner()
    {
        final ScriptedWaits waits = ScriptedWaits.quantised(15_625_000L);
        final CalibratedIdleStrategy adaptive = waits.calibrated(WINDOWS_LIKE, IdlePreset.BALANCED);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        simulator.run(adaptive, () -> 3_000_000L, 3_000);
        final String coarse = adaptive.toString();
        final long coarseSpinNs = adaptive.schedule().spinBeforeFirstParkNs();
        // another process raises the timer resolution to 1 ms
        waits.parkDurationNs = ScriptedWaits.quantised(1_000_000L).parkDurationNs;
        simulator.reset().run(adaptive, () -> 3_000_000L, 1_000).reset().run(adaptive, () -> 3_000_000L, 200);

        assertTrue(coarseSpinNs > 3_000_000, "under a 15.6 ms tick 3 ms gaps are spun through: " + coarse);
        assertEquals(1_000_000, adaptive.timer().floorNs(), 50_000, adaptive.toString());
        assertTrue(simulator.cpuPerEpisodeNs() < 100_000, "CPU per episode " + simulator.cpuPerEpisodeNs() +
            " ns under a 1 ms timer: " + adaptive);
    }

    @Test
    void aTimerThatBecomesCoarseAgainIsPlannedForWithinAHundredEpisodes()
    {
        final ScriptedWaits waits = ScriptedWaits.quantised(1_000_000L);
        final CalibratedIdleStrategy adaptive = waits.calibrated(WINDOWS_LIKE, IdlePreset.BALANCED);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        simulator.run(adaptive, () -> 3_000_000L, 1_000);
        final String fine = adaptive.toString();
        // the process that had raised the timer resolution to 1 ms ends, and the tick is 15.6 ms again
        waits.parkDurationNs = ScriptedWaits.quantised(15_625_000L).parkDurationNs;
        simulator.reset().run(adaptive, () -> 3_000_000L, 100).reset().run(adaptive, () -> 3_000_000L, 200);

        assertTrue(fine.contains("park until"), "under a 1 ms tick 3 ms gaps are parked through: " + fine);
        // the parks that show the change were asked for with requests of up to 2 ms, so the floor first reads less
        // than a tick: shortest parks, rare while the plan spins, bring it to the tick later
        assertTrue(adaptive.timer().floorNs() > 15_625_000 / 2, adaptive.toString());
        assertTrue(simulator.costPerEpisode(1) < 3_500_000, "cost per 3 ms gap " + simulator.costPerEpisode(1) +
            " ns under a 15.6 ms tick: " + adaptive);
    }

    @Test
    void aStrategySeededWithACoarseTimerWhoseParksTurnOutFineParksAboutOncePerGap()
    {
        // a Windows tick in the profile, Linux-like parks on the thread (another process raised the resolution
        // before the strategy was made, or a virtual thread under a configured profile)
        final ScriptedWaits waits = ScriptedWaits.linuxLike();
        final CalibratedIdleStrategy adaptive = waits.calibrated(WINDOWS_LIKE, IdlePreset.BALANCED);
        final double parksPerEpisode = parksPerGapOnceLearnt(adaptive, waits);

        assertEquals(57_000, adaptive.timer().floorNs(), 5_000, adaptive.toString());
        assertTrue(parksPerEpisode < 2, parksPerEpisode + " parks per 3 ms gap, each lasting its request and " +
            "57 µs: " + adaptive);
    }

    @Test
    void aChangeOfTimerIsTakenFromTheParksThatShowItNotFromTheLastOfThem()
    {
        // as above, but the eighth park, the last of the row that shows the change, waited 5 ms for a CPU
        final ScriptedWaits waits = ScriptedWaits.linuxLike();
        final long[] parks = { 0 };
        waits.parkDurationNs = requestNs -> ++parks[0] == ParkTimerModel.CHANGED_AFTER ? 5_000_000 : requestNs + 57_000;
        final CalibratedIdleStrategy adaptive = waits.calibrated(WINDOWS_LIKE, IdlePreset.BALANCED);
        final double parksPerEpisode = parksPerGapOnceLearnt(adaptive, waits);

        assertTrue(parksPerEpisode < 2, parksPerEpisode + " parks per 3 ms gap: " + adaptive);
    }

    /**
     * @return the parks per episode of 3 ms gaps that {@code adaptive} makes over 200 episodes, after 200 to learn.
     */
    private static double parksPerGapOnceLearnt(final CalibratedIdleStrategy adaptive, final ScriptedWaits waits)
    {
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        simulator.run(adaptive, () -> 3_000_000L, 200);
        final long parksBefore = adaptive.statistics().parks();
        simulator.run(adaptive, () -> 3_000_000L, 200);
        return (adaptive.statistics().parks() - parksBefore) / 200.0;
    }

    @Test
    void probingATimerThatStaysCoarseCostsAboutASixtyFourthOfTheSpinning()
    {
        final ScriptedWaits waits = ScriptedWaits.quantised(15_625_000L);
        final CalibratedIdleStrategy adaptive = waits.calibrated(WINDOWS_LIKE, IdlePreset.BALANCED);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        simulator.run(adaptive, () -> 3_000_000L, 1_000).reset().run(adaptive, () -> 3_000_000L, 5_000);

        assertTrue(simulator.latencyPerEpisodeNs() > 0, "no probe in 5,000 episodes: " + adaptive);
        assertTrue(simulator.costPerEpisode(1) < 3_000_000 * (1 + 2.0 / CalibratedIdleStrategy.PROBE_DIVISOR),
            "cost per episode " + simulator.costPerEpisode(1) + " ns: " + adaptive);
    }

    @Test
    void parksThatLookedDearAreRelearntOnceCheapThoughThePlanStoppedParking()
    {
        final ScriptedWaits waits = ScriptedWaits.linuxLike();
        final CalibratedIdleStrategy adaptive = waits.calibrated(LINUX_LIKE, IdlePreset.BALANCED);
        final LongSupplier exponential1ms = Gaps.exponential(1_000_000, 3);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        simulator.run(adaptive, exponential1ms, 1_000);
        waits.parkCpuNs = 800_000;
        waits.parkDurationNs = requestNs -> Math.max(requestNs, 1_000_000);
        simulator.run(adaptive, exponential1ms, 300);
        final String dear = adaptive.toString();
        final long dearSpinNs = adaptive.schedule().spinBeforeFirstParkNs();
        waits.parkCpuNs = 7_000;
        waits.parkDurationNs = requestNs -> requestNs + 57_000;
        simulator.run(adaptive, exponential1ms, 2_000);

        assertTrue(dearSpinNs > 2_000_000, "dear parks made the plan spin: " + dear);
        assertTrue(adaptive.timer().parkCpuNs() < 50_000 && adaptive.timer().floorNs() < 150_000,
            "relearnt: " + adaptive);
        assertTrue(adaptive.schedule().spinBeforeFirstParkNs() < 100_000, adaptive.toString());
    }
}
