package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Behaviour on real threads and real timers. Bounds are wide and comparisons relative, because these run on
 * shared 2-core VMs whose scheduling is noisy.
 */
class RealThreadBehaviourTest
{
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long IDLE_WINDOW_NS = 300_000_000L;

    @Test
    void parkedWorkerBurnsFarLessCpuThanASpinningOne() throws Exception
    {
        final double spinning = idleCpuShare(IdleStrategies.spin(), false);
        final double calibrated = idleCpuShare(new CalibratedIdleStrategy(IdlePreset.BALANCED), false);

        assertTrue(spinning > 0.5, "a spinning worker should use most of a core: " + spinning);
        assertTrue(calibrated < spinning / 4, "calibrated " + calibrated + " vs spinning " + spinning);
    }

    @Test
    void interruptedWorkerIsNotHotAndKeepsItsFlag() throws Exception
    {
        final double interrupted = idleCpuShare(new CalibratedIdleStrategy(IdlePreset.LOW_CPU), true);

        assertTrue(interrupted < 0.25, "an interrupted worker must keep parking, CPU share " + interrupted);
    }

    @Test
    void parkedWorkerNoticesWorkWithinAFewParkFloors() throws Exception
    {
        final TimerProfile profile = TimerProfile.current();
        final CalibratedIdleStrategy strategy = new CalibratedIdleStrategy(profile, IdlePreset.LOW_LATENCY);
        final long idleBeforePublishNs = 4 * strategy.plan().spinNs() + 2 * strategy.plan().yieldNs() +
            5 * profile.parkFloorNs();
        final long medianNs = WakeUpLatency.medianNs(strategy, profile, idleBeforePublishNs, 200, 31);
        assertTrue(medianNs < 4 * profile.parkFloorP90Ns() + 2_000_000L,
            "median wake-up " + medianNs + " ns with " + profile);
    }

    @Test
    void idlingAllocatesNothing()
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)THREADS;
        final CalibratedIdleStrategy calibrated = new CalibratedIdleStrategy(IdlePreset.BALANCED);
        final PhasedIdleStrategy phased = IdleStrategies.spin(4).thenYield(4).thenPark(
            Duration.ofNanos(1), Duration.ofNanos(1000));
        final IdleStrategy[] strategies = { calibrated, phased };
        runIdleCalls(strategies, 1_000_000);

        final long baseline = threads.getCurrentThreadAllocatedBytes();
        final long noop = threads.getCurrentThreadAllocatedBytes() - baseline;
        final long before = threads.getCurrentThreadAllocatedBytes();
        runIdleCalls(strategies, 1_000_000);
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertEquals(noop, allocated, "bytes allocated over 2,000,000 idle calls");
    }

    private static void runIdleCalls(final IdleStrategy[] strategies, final int calls)
    {
        for (final IdleStrategy strategy : strategies)
        {
            for (int i = 0; i < calls; i++)
            {
                strategy.idle((i & 7) == 7 ? 1 : 0);
            }
            for (int i = 0; i < 200; i++)
            {
                strategy.idle();
            }
        }
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
        });
        worker.start();
        worker.join();
        assertTrue(!Double.isNaN(share[0]), "the worker lost its interrupt flag");
        return share[0];
    }
}
