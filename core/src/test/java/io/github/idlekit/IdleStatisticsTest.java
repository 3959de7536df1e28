package io.github.idlekit;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdleStatisticsTest
{

    private final ScriptedWaits waits = new ScriptedWaits();

    @Test
    void phasedStrategyCountsEachPhaseAndTheParksOvershoot()
    {
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(3, 0, 2, 0, 1_000, 8_000, IdlePlan.DOUBLING, 0), waits);
        final List<IdlePhase> phasesInPark = new ArrayList<>();
        waits.parkDurationNs = requestNs ->
        {
            phasesInPark.add(strategy.statistics().phase());
            return requestNs + 50_000;
        };

        strategy.idle(0);
        final IdlePhase afterFirstCall = strategy.statistics().phase();
        for (int i = 1; i < 9; i++)
        {
            strategy.idle(0);
        }
        strategy.idle(1);

        final IdleStatistics statistics = strategy.statistics();
        assertEquals(IdlePhase.SPINNING, afterFirstCall);
        assertEquals(List.of(IdlePhase.PARKING, IdlePhase.PARKING, IdlePhase.PARKING, IdlePhase.PARKING),
            phasesInPark);
        assertEquals(IdlePhase.WORKING, statistics.phase());
        assertEquals(1, statistics.episodes());
        assertEquals(3 * waits.spinCostNs, statistics.spinNs(), "three spins, each timed at the next call");
        assertEquals(2 * waits.yieldCostNs, statistics.yieldNs());
        assertEquals(4, statistics.parks());
        assertEquals(1_000 + 2_000 + 4_000 + 8_000 + 4 * 50_000, statistics.parkedNs());
        assertEquals(4 * 50_000, statistics.parkOvershootNs());
        assertEquals(0, statistics.plans());
    }

    @Test
    void calibratedStrategyAccountsForItsIdleTimeAndItsPlans()
    {
        waits.parkDurationNs = requestNs -> requestNs + 60_000;
        final CalibratedIdleStrategy strategy = new CalibratedIdleStrategy(
            () -> LINUX_LIKE, IdlePreset.BALANCED, IdlePreset.BALANCED.latencyWeight(), null, waits);
        final EpisodeSimulator simulator = new EpisodeSimulator(waits);
        final long startNs = waits.nowNs;

        simulator.run(strategy, () -> 400_000, 400);

        final IdleStatistics statistics = strategy.statistics();
        final long idleNs = waits.nowNs - startNs;
        final long accountedNs = statistics.spinNs() + statistics.yieldNs() + statistics.parkedNs();
        assertEquals(400, statistics.episodes());
        assertEquals(waits.count("park"), statistics.parks());
        assertEquals(60_000 * statistics.parks(), statistics.parkOvershootNs());
        assertTrue(accountedNs <= idleNs && accountedNs >= idleNs - 400 * waits.yieldCostNs,
            "idle " + idleNs + " ns, accounted " + accountedNs + " ns: only each episode's last call is missing");
        assertTrue(statistics.plans() > 0, statistics.toString());
        assertEquals(strategy.schedule().toString(), strategy.currentPlan());
        assertEquals(IdlePhase.WORKING, statistics.phase());
    }

    @Test
    void registeredCountersShowTheTotalsFromTheNextEpisodeOn()
    {
        final CountersManager counters = CountersUnderTest.newManager();
        final PhasedIdleStrategy strategy = new PhasedIdleStrategy(
            new IdlePlan(2, 0, 0, 0, 1_000, 1_000, IdlePlan.DOUBLING, 0), waits);
        for (int i = 0; i < 4; i++)
        {
            strategy.idle(0);
        }
        strategy.idle(1);

        strategy.statistics().registerIn(counters, "sender");
        final Map<String, Integer> ids = new HashMap<>();
        counters.forEach((counterId, typeId, keyBuffer, label) ->
        {
            assertEquals(IdleStatistics.COUNTER_TYPE_ID, typeId);
            ids.put(label, counterId);
        });
        final long parksBefore = counters.getCounterValue(ids.get("idle sender: parks"));
        strategy.idle(0);
        strategy.idle(0);
        strategy.idle(0);

        final IdleStatistics statistics = strategy.statistics();
        assertEquals(11, ids.size(), ids.toString());
        assertEquals(0, parksBefore, "not moved before the worker's next episode");
        assertEquals(2, counters.getCounterValue(ids.get("idle sender: idle episodes")));
        assertEquals(3, counters.getCounterValue(ids.get("idle sender: parks")));
        assertEquals(statistics.parks(), counters.getCounterValue(ids.get("idle sender: parks")));
        assertEquals(statistics.spinNs(), counters.getCounterValue(ids.get("idle sender: spin ns")));
        assertEquals(statistics.parkedNs(), counters.getCounterValue(ids.get("idle sender: parked ns")));
        final IllegalStateException twice = assertThrows(IllegalStateException.class,
            () -> statistics.registerIn(counters, "receiver"));
        assertTrue(twice.getMessage().contains("label=receiver"), twice.getMessage());
    }

    @Test
    void aCountersManagerWithoutRoomForThemAllIsLeftWithNoneOfThem()
    {
        final int room = 5;
        final CountersManager counters = new CountersManager(
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(
                room * CountersReader.METADATA_LENGTH, BitUtil.CACHE_LINE_LENGTH)),
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(
                room * CountersReader.COUNTER_LENGTH, BitUtil.CACHE_LINE_LENGTH)));
        final IdleStatistics statistics = new PhasedIdleStrategy(
            new IdlePlan(2, 0, 0, 0, 1_000, 1_000, IdlePlan.DOUBLING, 0), waits).statistics();

        assertThrows(IllegalStateException.class, () -> statistics.registerIn(counters, "sender"));

        final int[] allocated = { 0 };
        counters.forEach((counterId, label) -> allocated[0]++);
        assertEquals(0, allocated[0]);
        assertEquals(room, counters.maxCounterId() + 1, "the manager really had room for " + room);
    }

    @Test
    void anotherThreadSeesAParkedWorkerAndThenAWorkingOne() throws InterruptedException
    {
        final PhasedIdleStrategy strategy = (PhasedIdleStrategy)IdleStrategies.parse("park:2ms");
        final IdleStatistics statistics = strategy.statistics();
        final AtomicBoolean stop = new AtomicBoolean();
        final Thread worker = new Thread(() ->
        {
            while (!stop.get())
            {
                strategy.idle(0);
            }
            strategy.idle(1);
        }, "statistics-worker");
        worker.start();
        try
        {
            while (statistics.parks() < 3 || statistics.phase() != IdlePhase.PARKING)
            {
                Thread.onSpinWait();
            }
        }
        finally
        {
            stop.set(true);
            worker.join(10_000);
        }

        assertEquals(IdlePhase.WORKING, statistics.phase());
        assertEquals(1, statistics.episodes());
        assertTrue(statistics.parkedNs() > 0);
    }
}
