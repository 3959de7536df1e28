package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Behaviour on real threads and real timers. These run on shared 2-core machines whose cores may be busy with
 * other work, so every assertion compares two runs of the same test (spinning against parked, short parks against
 * long ones) instead of an absolute share of a core or an absolute latency.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RealThreadBehaviourTest
{
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long IDLE_WINDOW_NS = 300_000_000L;
    private static final long JOIN_TIMEOUT_MS = 30_000;
    /**
     * The allocation test's work arrives on every 8th call, or at the first call once this much real time has passed
     * without any. Work that only arrived by call count would make a preempted episode last as many parks as it has
     * calls left, and teach the strategy that episodes this long go on for whole parks.
     */
    private static final long LONGEST_GAP_NS = 20_000;

    @Test
    void parkedWorkerBurnsFarLessCpuThanASpinningOne() throws Exception
    {
        final double spinning = idleCpuShare(IdleStrategies.spin(), false);
        final double calibrated = idleCpuShare(new CalibratedIdleStrategy(IdlePreset.BALANCED), false);

        assertTrue(calibrated < spinning / 4, "calibrated " + calibrated + " vs spinning " + spinning);
    }

    @Test
    void interruptedWorkerIsNotHotAndKeepsItsFlag() throws Exception
    {
        final double spinning = idleCpuShare(IdleStrategies.spin(), true);
        final double interrupted = idleCpuShare(new CalibratedIdleStrategy(IdlePreset.LOW_CPU), true);

        assertTrue(interrupted < spinning / 4, "an interrupted worker must keep parking: CPU share " + interrupted +
            " vs spinning " + spinning);
    }

    @Test
    void parkedWorkerNoticesWorkLongBeforeALongParkWould() throws Exception
    {
        final TimerProfile profile = TimerProfile.current();
        final CalibratedIdleStrategy lowLatency = new CalibratedIdleStrategy(profile, IdlePreset.LOW_LATENCY);
        final long longParkNs = Math.max(20_000_000L, 20 * profile.parkFloorP90Ns());
        final IdleStrategy longParks = IdleStrategies.park(Duration.ofNanos(longParkNs), Duration.ofNanos(longParkNs));
        final long idleBeforePublishNs = 9 * profile.parkFloorNs();

        final long lowLatencyNs = WakeUpLatency.medianNs(lowLatency, profile, idleBeforePublishNs, 100, 31);
        final long longParksNs = WakeUpLatency.medianNs(longParks, profile, idleBeforePublishNs, 5, 31);

        assertTrue(lowLatencyNs * 3 < longParksNs,
            "median wake-up " + lowLatencyNs + " ns vs " + longParksNs + " ns with parks of " + longParkNs + " ns; " +
            profile);
    }

    @Test
    void idlingAllocatesNothing()
    {
        // This loop's work comes only after a call returns, so every yield and park is the test's time too, and on a
        // loaded machine a yield hands the CPU to a busy thread for a scheduler slice: the phased strategy here parks
        // once an episode and never yields (the calibrated one yields past its first microsecond, in the few
        // episodes that last that long), and the calibrated one parks for at most 100 µs (under load its CPU weight
        // would make it park for milliseconds). Only the calibrated one, which plans, idles millions of times.
        final CalibratedIdleStrategy calibrated =
            new CalibratedIdleStrategy(IdlePreset.BALANCED, Duration.ofNanos(100_000));
        final PhasedIdleStrategy phased = IdleStrategies.spin(6).thenPark(Duration.ofNanos(1), Duration.ofNanos(1000));
        CountersUnderTest.registered(phased.statistics(), "phased");
        final WakeableIdleStrategy wakeable = new WakeableIdleStrategy(Duration.ofMillis(1));
        final IdleStrategy wokenForEachItem = new IdleStrategy()
        {
            public void idle(final int workCount)
            {
                if (workCount > 0)
                {
                    wakeable.wake();
                }
                wakeable.idle(workCount);
            }

            public void idle()
            {
                wakeable.idle();
            }

            public void reset()
            {
                wakeable.reset();
            }
        };
        // While C2 compiles the planner (which runs at most every 50 ms, so at no fixed call count), HotSpot itself
        // allocates a few hundred bytes once on this thread (none with -Xint or with C1 alone), which is not the
        // strategy allocating: a window in which that happens is followed by another. An allocation per call or
        // per plan shows in every window.
        windowBytes(calibrated, phased, wokenForEachItem);
        windowBytes(calibrated, phased, wokenForEachItem);
        final long plansBefore = calibrated.statistics().plans();
        final List<Long> windows = new ArrayList<>();
        do
        {
            windows.add(windowBytes(calibrated, phased, wokenForEachItem));
        }
        while (windows.get(windows.size() - 1) != 0 && windows.size() < 4);

        assertEquals(0, windows.get(windows.size() - 1),
            "bytes allocated over windows of 2,400,000 idle calls: " + windows);
        assertTrue(calibrated.statistics().plans() > plansBefore, "the windows include plans: " + calibrated);
        assertTrue(allocatedBytes(new AllocatingIdleStrategy(), 1_000) >= 16_000,
            "the measurement sees an allocation when there is one");
    }

    private static long windowBytes(
        final IdleStrategy calibrated, final IdleStrategy phased, final IdleStrategy wokenForEachItem)
    {
        return allocatedBytes(calibrated, 2_000_000) + allocatedBytes(phased, 200_000) +
            allocatedBytes(wokenForEachItem, 200_000);
    }

    static long allocatedBytes(final IdleStrategy strategy, final int calls)
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)THREADS;
        final long before = threads.getCurrentThreadAllocatedBytes();
        long lastWorkNs = System.nanoTime();
        for (int i = 0; i < calls; i++)
        {
            final long nowNs = System.nanoTime();
            if ((i & 7) == 7 || nowNs - lastWorkNs >= LONGEST_GAP_NS)
            {
                strategy.idle(1);
                lastWorkNs = nowNs;
            }
            else
            {
                strategy.idle(0);
            }
        }
        for (int i = 0; i < 200; i++)
        {
            strategy.idle();
        }
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    /**
     * Runs {@code strategy} with no work on a fresh thread for {@link #IDLE_WINDOW_NS} and returns the share of
     * one core it used. With {@code interrupted}, the thread sets its own interrupt flag first and checks after
     * every idle call that the flag is still set.
     */
    private static double idleCpuShare(final IdleStrategy strategy, final boolean interrupted) throws Exception
    {
        final double[] share = { Double.NaN };
        final Thread worker = new Thread(() ->
        {
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
            final long cpuStartNs = THREADS.getCurrentThreadCpuTime();
            final long startNs = System.nanoTime();
            long nowNs = startNs;
            while (nowNs - startNs < IDLE_WINDOW_NS)
            {
                strategy.idle(0);
                if (interrupted && !Thread.currentThread().isInterrupted())
                {
                    return;
                }
                nowNs = System.nanoTime();
            }
            share[0] = (double)(THREADS.getCurrentThreadCpuTime() - cpuStartNs) / (nowNs - startNs);
        }, "idle-cpu-share");
        worker.setDaemon(true);
        worker.start();
        worker.join(JOIN_TIMEOUT_MS);
        assertTrue(!worker.isAlive(), "the worker did not finish its idle window");
        assertTrue(!Double.isNaN(share[0]), "the worker lost its interrupt flag");
        return share[0];
    }

    /**
     * Allocates 16 bytes or more per idle call and keeps the last array reachable, so escape analysis cannot
     * remove it: the positive control of the allocation test.
     */
    private static final class AllocatingIdleStrategy implements IdleStrategy
    {
        private byte[] last;

        public void idle(final int workCount)
        {
            last = new byte[1];
        }

        public void idle()
        {
            last = new byte[1];
        }

        public void reset()
        {
        }

        public String alias()
        {
            return "allocating" + last.length;
        }
    }
}
