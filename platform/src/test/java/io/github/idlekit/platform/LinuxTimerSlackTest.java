package io.github.idlekit.platform;

import io.github.idlekit.TimerProfile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Real timer slack on Linux. Each test works on fresh threads so that the test runner's threads keep their slack.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LinuxTimerSlackTest
{
    @BeforeAll
    static void linuxOnly()
    {
        assumeTrue(NativeSupport.IS_LINUX, "Linux only");
    }

    @Test
    void setAndGetRoundTripAsTheKernelReportsIt() throws Exception
    {
        final long[] observed = FreshThread.call(() ->
        {
            final int tid = LinuxTimerSlack.currentThreadId();
            final long before = LinuxTimerSlack.get();
            LinuxTimerSlack.set(12_345);
            final long set = LinuxTimerSlack.get();
            final long proc = LinuxTimerSlack.readFromProc(tid);
            LinuxTimerSlack.reset();
            return new long[]{ before, set, proc, LinuxTimerSlack.readFromProc(tid) };
        });

        assertEquals(12_345, observed[1]);
        assertEquals(12_345, observed[2]);
        assertTrue(observed[3] > 0, "reset restores a default: " + Arrays.toString(observed));
    }

    @Test
    void threadFactoryThreadsCarryTheirSlack() throws Exception
    {
        final ThreadFactory factory = LinuxTimerSlack.threadFactory(Executors.defaultThreadFactory(), 1_000);
        final ExecutorService pool = Executors.newFixedThreadPool(2, factory);
        try
        {
            final Future<Long> viaPrctl = pool.submit(LinuxTimerSlack::get);
            final Future<Long> viaProc = pool.submit(() -> LinuxTimerSlack.readFromProc(LinuxTimerSlack.currentThreadId()));

            assertEquals(1_000, viaPrctl.get());
            assertEquals(1_000, viaProc.get());
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    @Test
    void finerSlackGivesAClearlyLowerFloor() throws Exception
    {
        final long coarseNs = FreshThread.call(() ->
        {
            LinuxTimerSlack.set(LinuxTimerSlack.DEFAULT_SLACK_NS);
            return TimerProfile.measure(Duration.ofMillis(50)).parkFloorNs();
        });
        final long fineNs = FreshThread.call(() ->
        {
            LinuxTimerSlack.set(1_000);
            return TimerProfile.measure(Duration.ofMillis(50)).parkFloorNs();
        });

        // The slack is the latest the kernel may fire a thread's timer: 49 µs less of it shortens every park by
        // up to that much, whatever the wake-up itself costs on this machine. (That a parked worker then also
        // notices work sooner holds only while a core is free: on a saturated machine a thread that wakes every
        // few tens of microseconds loses its claim to preempt the busy ones, so that is measured by
        // `compare --slack`, not asserted here.)
        assertTrue(fineNs + 25_000 < coarseNs, "floor with 1 µs slack " + fineNs + " vs 50 µs slack " + coarseNs);
    }

    @Test
    void badSlackIsNamed()
    {
        assertEquals("slackNs must be positive: 0",
            assertThrows(IllegalArgumentException.class, () -> LinuxTimerSlack.set(0)).getMessage());
        assertEquals("slackNs must be positive: -1",
            assertThrows(IllegalArgumentException.class,
                () -> LinuxTimerSlack.threadFactory(Executors.defaultThreadFactory(), -1)).getMessage());
        assertEquals("slackNs must be at most 4294967295 ns, the most prctl(PR_GET_TIMERSLACK) reports back: " +
            "4294967296", assertThrows(IllegalArgumentException.class,
                () -> LinuxTimerSlack.set(LinuxTimerSlack.MAX_SLACK_NS + 1)).getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> LinuxTimerSlack.threadFactory(Executors.defaultThreadFactory(), Long.MAX_VALUE));
        final long slackNs = LinuxTimerSlack.get();
        assertEquals("precision must be at most 4294967295 ns, the most prctl(PR_GET_TIMERSLACK) reports back: " +
            "86400000000000", assertThrows(IllegalArgumentException.class,
                () -> HighResolutionTimers.enable(Duration.ofDays(1))).getMessage());
        assertEquals(slackNs, LinuxTimerSlack.get());
    }
}
