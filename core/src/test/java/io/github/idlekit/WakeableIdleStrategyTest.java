package io.github.idlekit;

import org.agrona.concurrent.status.CountersManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WakeableIdleStrategyTest
{
    private static final long WAKE_LATENCY_NS = 30_000;
    private final ScriptedWaits waits = new ScriptedWaits();
    private final List<Thread> unparked = new ArrayList<>();

    @Test
    void wakesWhileTheWorkerRunsMakeNoSystemCallAndTheNextIdleCallPollsAgainAtOnce()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        strategy.idle(0);
        strategy.idle(1);

        for (int i = 0; i < 1_000; i++)
        {
            strategy.wake();
        }
        final int callsBefore = waits.calls.size();
        strategy.idle(0);
        final int callsOfTheWokenIdle = waits.calls.size() - callsBefore;
        strategy.idle(0);

        assertEquals(List.of(), unparked, "no unpark while the worker runs");
        assertEquals(0, callsOfTheWokenIdle, "the idle call after a wake returns without waiting");
        assertEquals(callsBefore + 1, waits.calls.size(), "the next one waits again");
    }

    @Test
    void aWorkerThatIsWokenSpinsLongerBeforeItYieldsThanOneNobodyWakes()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final long startNs = waits.nowNs;
        while (waits.count("yield") == 0 && waits.count("park") == 0)
        {
            strategy.idle(0);
        }

        final long spunNs = waits.count("spin") * waits.spinCostNs;
        assertTrue(spunNs >= WakeableIdleStrategy.SPIN_BEFORE_YIELD_NS || waits.count("yield") == 0,
            "first yield after " + spunNs + " ns of spinning, " + (waits.nowNs - startNs) + " ns in all");
    }

    @Test
    void aWakeDuringAParkUnparksTheWorkerOnceAndIsNotLearntAsATimerSample()
    {
        final WakeableIdleStrategy[] strategy = new WakeableIdleStrategy[1];
        waits.parkDurationNs = requestNs ->
        {
            strategy[0].wake();
            strategy[0].wake();
            return 1_000;
        };
        strategy[0] = new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final long floorBeforeNs = strategy[0].timer().floorNs();

        while (waits.count("park") < 200)
        {
            strategy[0].idle(0);
        }
        strategy[0].timer().update(waits.nowNs);

        assertEquals(200, unparked.size(), "one unpark per park, however many wakes: " + unparked.size());
        assertEquals(Thread.currentThread(), unparked.get(0));
        assertEquals(floorBeforeNs, strategy[0].timer().floorNs(), "woken parks of 1 µs say nothing of the timer");
    }

    @Test
    void itsPlansForWakesDoNotHangOnCountersAnotherProcessCanReset()
    {
        final WakeableIdleStrategy plain =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final ScriptedWaits registeredWaits = new ScriptedWaits();
        final WakeableIdleStrategy registered =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), registeredWaits, unparked::add);
        final CountersManager counters = CountersUnderTest.registered(registered.statistics(), "worker");
        final EpisodeSimulator plainRun = new EpisodeSimulator(waits);
        final EpisodeSimulator registeredRun = new EpisodeSimulator(registeredWaits);
        final SplittableRandom plainGaps = new SplittableRandom(7);
        final SplittableRandom registeredGaps = new SplittableRandom(7);

        for (int round = 0; round < 6; round++)
        {
            plainRun.runWoken(plain, () -> plainGaps.nextLong(5_000_000, 25_000_000), 100, WAKE_LATENCY_NS);
            registeredRun.runWoken(
                registered, () -> registeredGaps.nextLong(5_000_000, 25_000_000), 100, WAKE_LATENCY_NS);
            CountersUnderTest.resetAll(counters);
        }

        assertEquals(0, registered.statistics().wakes() + registered.statistics().wokenParks(),
            "an operator's tool reset the counters");
        assertTrue(plain.currentPlan().endsWith("then park every 100 ms"), plain.currentPlan());
        assertEquals(plain.currentPlan(), registered.currentPlan());
        assertEquals(waits.count("park"), registeredWaits.count("park"));
    }

    @Test
    void aWorkerWokenForEveryEventLearnsToParkOnceForTheMaximumInsteadOfPollingOnATimer()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final SplittableRandom random = new SplittableRandom(7);
        final EpisodeSimulator episodes = new EpisodeSimulator(waits);
        episodes.runWoken(strategy, () -> random.nextLong(5_000_000, 25_000_000), 400, WAKE_LATENCY_NS);
        final WakeCounts before = WakeCounts.of(strategy.statistics());
        episodes.reset().runWoken(strategy, () -> random.nextLong(5_000_000, 25_000_000), 200, WAKE_LATENCY_NS);

        final WakeCounts counted = WakeCounts.of(strategy.statistics()).since(before);
        assertTrue(strategy.currentPlan().endsWith("then park every 100 ms"), strategy.currentPlan());
        assertTrue(counted.parks <= 220, counted.parks + " parks in 200 episodes; " + strategy);
        assertTrue(episodes.latencyNs / 200 <= WAKE_LATENCY_NS + 1_000,
            "mean latency " + episodes.latencyNs / 200 + " ns; " + strategy);
        assertTrue(counted.wokenParks >= 190, "woken parks " + counted.wokenParks);
        assertEquals(counted.wokenParks, counted.unparks, "each woken park took one unpark");
        assertEquals(WAKE_LATENCY_NS * counted.wokenParks, counted.latencyNs, "latency summed per woken park");
        assertTrue(counted.wakes >= 199, "a wake per event: " + counted.wakes);
    }

    @Test
    void withoutWakesTheSameGapsArePolledOnATimerWithManyParks()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final SplittableRandom random = new SplittableRandom(7);
        final EpisodeSimulator episodes = new EpisodeSimulator(waits);
        episodes.run(strategy, () -> random.nextLong(5_000_000, 25_000_000), 400);
        final WakeCounts before = WakeCounts.of(strategy.statistics());
        episodes.reset().run(strategy, () -> random.nextLong(5_000_000, 25_000_000), 200);

        final WakeCounts counted = WakeCounts.of(strategy.statistics()).since(before);
        assertTrue(counted.parks > 400, counted.parks + " parks in 200 episodes; " + strategy);
        assertTrue(episodes.latencyNs / 200 > 3 * WAKE_LATENCY_NS,
            "a timer-polled worker notices late: " + episodes.latencyNs / 200 + " ns");
        assertEquals(0, counted.wokenParks);
    }

    @Test
    void aFewWakeUpsThatWaitedMillisecondsForACpuDoNotKeepTheWorkerSpinningThroughEveryGap()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final EpisodeSimulator episodes = new EpisodeSimulator(waits);
        episodes.runWoken(strategy, () -> 1_000_000, 200, WAKE_LATENCY_NS);
        // the JIT compiling beside the worker: ten wake-ups wait 4 ms for a CPU, and the next plan spins through
        // the 1 ms gaps, where it cannot see that wake-ups are quick again
        episodes.runWoken(strategy, () -> 1_000_000, 24, 4_000_000);
        assertTrue(strategy.schedule().spinBeforeFirstParkNs() >= 1_000_000, strategy.toString());
        episodes.runWoken(strategy, () -> 1_000_000, 200, WAKE_LATENCY_NS);
        final WakeCounts before = WakeCounts.of(strategy.statistics());
        episodes.reset().runWoken(strategy, () -> 1_000_000, 200, WAKE_LATENCY_NS);

        final WakeCounts counted = WakeCounts.of(strategy.statistics()).since(before);
        assertTrue(counted.wokenParks >= 190, "woken parks " + counted.wokenParks + " in 200 episodes; " + strategy);
        assertTrue(episodes.cpuPerEpisodeNs() < 50_000,
            "CPU per 1 ms episode " + episodes.cpuPerEpisodeNs() + " ns; " + strategy);
    }

    @Test
    void probingWakeUpsThatStaySlowCostsAboutASixtyFourthOfTheSpinning()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final EpisodeSimulator episodes = new EpisodeSimulator(waits);
        episodes.runWoken(strategy, () -> 1_000_000, 200, 4_000_000);
        final WakeCounts before = WakeCounts.of(strategy.statistics());
        episodes.reset().runWoken(strategy, () -> 1_000_000, 1_000, 4_000_000);

        // spinning through each 1 ms gap costs 1 ms; each probe about a 4 ms wake-up more
        final WakeCounts counted = WakeCounts.of(strategy.statistics()).since(before);
        assertTrue(counted.wokenParks >= 1, "no probe in 1,000 episodes; " + strategy);
        assertTrue(episodes.costPerEpisode(1) < 1_000_000 * (1 + 2.0 / CalibratedIdleStrategy.PROBE_DIVISOR),
            "cost per episode " + episodes.costPerEpisode(1) + " ns with " + counted.wokenParks + " probes; " +
            strategy);
    }

    @Test
    void aWorkerWokenForGapsShorterThanAWakeUpSpinsThroughThem()
    {
        final WakeableIdleStrategy strategy =
            new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        final EpisodeSimulator episodes = new EpisodeSimulator(waits);
        episodes.runWoken(strategy, () -> 10_000, 10_000, WAKE_LATENCY_NS);
        final WakeCounts before = WakeCounts.of(strategy.statistics());
        episodes.reset().runWoken(strategy, () -> 10_000, 1_000, WAKE_LATENCY_NS);

        final WakeCounts counted = WakeCounts.of(strategy.statistics()).since(before);
        assertTrue(counted.parks <= 10, counted.parks + " parks in 1,000 episodes of 10 µs; " + strategy);
        assertTrue(counted.wakes >= 999, "a wake per event, taken at the next idle call: " + counted.wakes);
    }

    @Test
    void aProducerThatCanRunOnlyOnceTheWorkerSleepsDoesNotTeachTheWorkerToSpinLonger()
    {
        final WakeableIdleStrategy[] strategy = new WakeableIdleStrategy[1];
        final boolean[] woken = new boolean[1];
        waits.parkCpuNs = 40_000;
        waits.parkDurationNs = requestNs ->
        {
            strategy[0].wake();
            woken[0] = true;
            return WAKE_LATENCY_NS;
        };
        strategy[0] = new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        for (int episode = 0; episode < 2_000; episode++)
        {
            woken[0] = false;
            while (!woken[0])
            {
                strategy[0].idle(0);
            }
            strategy[0].idle(1);
        }

        assertTrue(strategy[0].schedule().spinBeforeFirstParkNs() <= CalibratedIdleStrategy.MIN_SPIN_NS,
            "the plan spins before parking for work that comes only once it parks: " + strategy[0]);
    }

    @Test
    void aWakeEndsARealParkLongBeforeItsPeriod() throws InterruptedException
    {
        final long parkNs = TimeUnit.SECONDS.toNanos(30);
        final ThreadWaits system = SystemThreadWaits.INSTANCE;
        final ThreadWaits longParks = new ThreadWaits()
        {
            public long nanoTime()
            {
                return system.nanoTime();
            }

            public void onSpinWait()
            {
                system.onSpinWait();
            }

            public void yieldThread()
            {
                system.yieldThread();
            }

            public void parkNanos(final long nanos)
            {
                LockSupport.parkNanos(parkNs);
            }

            public long threadCpuNanos()
            {
                return 0;
            }
        };
        final WakeableIdleStrategy strategy = new WakeableIdleStrategy(TimerProfile::current, Duration.ofSeconds(30),
            longParks, LockSupport::unpark);
        final AtomicBoolean work = new AtomicBoolean();
        final AtomicLong noticedNs = new AtomicLong();
        final Thread worker = new Thread(() ->
        {
            while (!work.get())
            {
                strategy.idle(0);
            }
            noticedNs.set(System.nanoTime());
        }, "wakeable-worker");
        worker.start();
        final long wokenNs;
        try
        {
            while (strategy.statistics().phase() != IdlePhase.PARKING)
            {
                Thread.onSpinWait();
            }
            work.set(true);
            wokenNs = System.nanoTime();
            strategy.wake();
        }
        finally
        {
            worker.join(TimeUnit.SECONDS.toMillis(20));
        }

        assertTrue(noticedNs.get() != 0, "the worker noticed the work");
        assertTrue(noticedNs.get() - wokenNs < parkNs / 10,
            "noticed " + (noticedNs.get() - wokenNs) + " ns after the wake, parks last " + parkNs + " ns");
    }

    @Test
    void anInterruptedWorkerKeepsItsInterruptStatusAndStillParksAndIsWoken()
    {
        final WakeableIdleStrategy[] strategy = new WakeableIdleStrategy[1];
        final List<Long> parks = new ArrayList<>();
        waits.parkDurationNs = requestNs ->
        {
            parks.add(requestNs);
            strategy[0].wake();
            return 1_000;
        };
        strategy[0] = new WakeableIdleStrategy(() -> LINUX_LIKE, Duration.ofMillis(100), waits, unparked::add);
        Thread.currentThread().interrupt();
        try
        {
            while (parks.isEmpty())
            {
                strategy[0].idle(0);
            }
            assertTrue(Thread.currentThread().isInterrupted(), "interrupt status kept");
            assertEquals(1, unparked.size(), "the wake during the park unparked the worker once");
            assertEquals(1, strategy[0].statistics().wokenParks());
        }
        finally
        {
            Thread.interrupted();
        }
    }

    @Test
    void specRoundTripsAndBadMaxParkIsNamed()
    {
        final WakeableIdleStrategy strategy = (WakeableIdleStrategy)IdleStrategies.parse("wakeable:250ms");

        assertEquals("wakeable:250ms", strategy.alias());
        assertEquals("wakeable:100ms", IdleStrategies.parse("wakeable").alias());
        final IllegalArgumentException bad =
            assertThrows(IllegalArgumentException.class, () -> new WakeableIdleStrategy(Duration.ZERO));
        assertTrue(bad.getMessage().contains("maxPark"), bad.getMessage());
    }

    /**
     * The counters these tests compare, read at one moment.
     */
    private record WakeCounts(long parks, long wakes, long wokenParks, long latencyNs, long unparks)
    {
        static WakeCounts of(final IdleStatistics statistics)
        {
            return new WakeCounts(statistics.parks(), statistics.wakes(), statistics.wokenParks(),
                statistics.wakeLatencyNs(), statistics.wakeUnparks());
        }

        WakeCounts since(final WakeCounts earlier)
        {
            return new WakeCounts(parks - earlier.parks, wakes - earlier.wakes, wokenParks - earlier.wokenParks,
                latencyNs - earlier.latencyNs, unparks - earlier.unparks);
        }
    }
}
