package io.github.idlekit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WakeableIdleStrategyTest
{
    private final ScriptedWaits waits = new ScriptedWaits();
    private final List<Thread> unparked = new ArrayList<>();

    @Test
    void wakesWhileTheWorkerRunsMakeNoSystemCallAndTheNextIdleCallPollsAgainAtOnce()
    {
        final WakeableIdleStrategy strategy = new WakeableIdleStrategy(Duration.ofMillis(100), waits, unparked::add);
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
    void aWakeDuringAParkUnparksTheWorkerOnceAndIsNotLearntAsATimerSample()
    {
        final WakeableIdleStrategy[] strategy = new WakeableIdleStrategy[1];
        waits.parkDurationNs = requestNs ->
        {
            strategy[0].wake();
            strategy[0].wake();
            return 1_000;
        };
        strategy[0] = new WakeableIdleStrategy(Duration.ofMillis(100), waits, unparked::add);
        final long floorBeforeNs = strategy[0].timer().floorNs();

        while (waits.count("park") < 200)
        {
            strategy[0].idle(0);
        }
        strategy[0].timer().update();

        assertEquals(200, unparked.size(), "one unpark per park, however many wakes: " + unparked.size());
        assertEquals(Thread.currentThread(), unparked.get(0));
        assertEquals(floorBeforeNs, strategy[0].timer().floorNs(), "woken parks of 1 µs say nothing of the timer");
    }

    @Test
    void aWakeEndsARealParkLongBeforeItsPeriod() throws InterruptedException
    {
        final long parkNs = TimeUnit.SECONDS.toNanos(30);
        final ThreadWaits longParks = new ThreadWaits()
        {
            public long nanoTime()
            {
                return System.nanoTime();
            }

            public void onSpinWait()
            {
                Thread.onSpinWait();
            }

            public void yieldThread()
            {
                Thread.yield();
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
        final WakeableIdleStrategy strategy = new WakeableIdleStrategy(Duration.ofSeconds(30), longParks,
            LockSupport::unpark);
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
    void specRoundTripsAndBadMaxParkIsNamed()
    {
        final WakeableIdleStrategy strategy = (WakeableIdleStrategy)IdleStrategies.parse("wakeable:250ms");

        assertEquals("wakeable:250ms", strategy.alias());
        assertEquals("wakeable:100ms", IdleStrategies.parse("wakeable").alias());
        final IllegalArgumentException bad =
            assertThrows(IllegalArgumentException.class, () -> new WakeableIdleStrategy(Duration.ZERO));
        assertTrue(bad.getMessage().contains("maxPark"), bad.getMessage());
    }
}
