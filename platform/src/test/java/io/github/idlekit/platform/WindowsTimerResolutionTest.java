package io.github.idlekit.platform;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

class WindowsTimerResolutionTest
{
    private final FakeWindowsTimerApi api = new FakeWindowsTimerApi();
    private final AtomicInteger recalibrations = new AtomicInteger();
    private final WindowsTimerResolution resolution = new WindowsTimerResolution(api, recalibrations::incrementAndGet, false);

    @Test
    void millisecondRequestsAreReferenceCounted()
    {
        final WindowsTimerResolution.Request first = resolution.acquire(1_000_000);
        final WindowsTimerResolution.Request second = resolution.acquire(1_500_000);
        assertEquals(List.of("timeBeginPeriod(1)"), api.calls);
        assertEquals(1_000_000, first.grantedNs());

        first.close();
        first.close();
        assertEquals(List.of("timeBeginPeriod(1)"), api.calls, "still held by the second request");

        second.close();
        assertEquals(List.of("timeBeginPeriod(1)", "timeEndPeriod(1)"), api.calls);
        assertEquals(4, recalibrations.get(), "two requests and two releases, not the repeated close");
    }

    @Test
    void finerRequestsUseNtSetTimerResolutionWithTheFinestHeldInForce()
    {
        final WindowsTimerResolution.Request coarser = resolution.acquire(800_000);
        final WindowsTimerResolution.Request finer = resolution.acquire(500_000);
        assertEquals(500_000, finer.grantedNs());

        finer.close();
        coarser.close();

        assertEquals(List.of(
            "NtSetTimerResolution(8000, true)",
            "NtSetTimerResolution(5000, true)",
            "NtSetTimerResolution(8000, true)",
            "NtSetTimerResolution(8000, false)"), api.calls);
    }

    @Test
    void refusedRequestThrowsAndHoldsNothing()
    {
        api.timeBeginPeriodResult = 97;

        final PlatformCallException ex =
            assertThrows(PlatformCallException.class, () -> resolution.acquire(2_000_000));

        assertEquals("timeBeginPeriod(2) failed: error 97 (0x61)", ex.getMessage());
        assertEquals(97, ex.errorCode());
        api.timeBeginPeriodResult = 0;
        resolution.acquire(2_000_000);
        assertEquals(List.of("timeBeginPeriod(2)", "timeBeginPeriod(2)"), api.calls, "a fresh hold calls again");
    }

    @Test
    void refusedFineRequestRestoresTheFinestStillHeld()
    {
        resolution.acquire(900_000);
        api.ntStatus = 0xC000000D;

        assertThrows(PlatformUnavailableException.class, () -> resolution.acquire(500_000));

        api.ntStatus = 0;
        assertTrue(resolution.holds().contains("NtSetTimerResolution holds {9000=1} (in force 9000)"),
            resolution.holds());
    }

    @Test
    void shutdownReleaseUndoesEverythingStillHeld()
    {
        resolution.acquire(1_000_000);
        resolution.acquire(1_000_000);
        resolution.acquire(4_000_000);
        resolution.acquire(500_000);
        api.calls.clear();

        resolution.releaseAll();

        assertEquals(List.of("timeEndPeriod(1)", "timeEndPeriod(4)", "NtSetTimerResolution(5000, false)"), api.calls);
        assertTrue(resolution.holds().startsWith("timeBeginPeriod holds {}, NtSetTimerResolution holds {}"));
    }

    @Test
    void powerThrottlingRefusalIsReportedNotThrown()
    {
        api.powerThrottlingError = 87;

        assertFalse(resolution.optOutOfPowerThrottling());

        assertTrue(resolution.holds().endsWith("opt-out refused, error 87"), resolution.holds());
    }

    @Test
    void capsComeFromBothQueries()
    {
        final WindowsTimerCaps caps = resolution.caps();

        assertEquals(new WindowsTimerCaps(156_250, 5_000, 156_250, 1, 1_000_000), caps);
        assertEquals(15_625_000, caps.currentNs());
    }

    @Test
    void offWindowsThePublicApiSaysSo()
    {
        assumeFalse(NativeSupport.IS_WINDOWS, "checks the refusal off Windows");

        final PlatformUnavailableException ex =
            assertThrows(PlatformUnavailableException.class, WindowsTimerResolution::query);
        assertTrue(ex.getMessage().startsWith("timer resolution exists on Windows only"), ex.getMessage());
    }

    @Test
    void requestClosedAfterTheShutdownReleaseIsANoOp()
    {
        final WindowsTimerResolution.Request period = resolution.acquire(1_000_000);
        final WindowsTimerResolution.Request fine = resolution.acquire(500_000);
        resolution.releaseAll();
        api.calls.clear();
        final int recalibrationsBefore = recalibrations.get();

        period.close();
        fine.close();

        assertEquals(List.of(), api.calls, "nothing is released twice");
        assertEquals(recalibrationsBefore, recalibrations.get());
        final WindowsTimerResolution.Request later = resolution.acquire(1_000_000);
        later.close();
        assertEquals(List.of("timeBeginPeriod(1)", "timeEndPeriod(1)"), api.calls, "a new request works as before");
    }

    @Test
    void aFailureAtAnyStepLeavesNothingHeld()
    {
        final String[][] steps = {
            { "timeBeginPeriod", "1000000" },
            { "NtQueryTimerResolution", "1000000" },
            { "NtSetTimerResolution(4000, true)", "400000" },
            { "NtQueryTimerResolution", "500000" },
        };
        for (final String[] step : steps)
        {
            final FakeWindowsTimerApi failing = new FakeWindowsTimerApi();
            final WindowsTimerResolution subject = new WindowsTimerResolution(failing, () -> { }, false);
            final WindowsTimerResolution.Request held = subject.acquire(500_000);
            failing.failingCall = step[0];
            final String what = step[0] + " failing during acquire(" + step[1] + ")";

            assertThrows(PlatformCallException.class, () -> subject.acquire(Long.parseLong(step[1])), what);

            failing.failingCall = "";
            assertTrue(subject.holds().startsWith("timeBeginPeriod holds {}, NtSetTimerResolution holds {5000=1}"),
                what + ": " + subject.holds());
            held.close();
            assertTrue(subject.holds().startsWith("timeBeginPeriod holds {}, NtSetTimerResolution holds {}"),
                what + ": " + subject.holds());
            final long begunWithoutThrowing =
                count(failing.calls, "timeBeginPeriod") - (step[0].equals("timeBeginPeriod") ? 1 : 0);
            assertEquals(begunWithoutThrowing, count(failing.calls, "timeEndPeriod"), what + ": " + failing.calls);
        }
    }

    @Test
    void recalibrationRunsOutsideTheLockOncePerChange()
    {
        final AtomicInteger underLock = new AtomicInteger();
        final AtomicInteger changes = new AtomicInteger();
        final WindowsTimerResolution[] subject = new WindowsTimerResolution[1];
        subject[0] = new WindowsTimerResolution(api, () ->
        {
            changes.incrementAndGet();
            if (Thread.holdsLock(subject[0]))
            {
                underLock.incrementAndGet();
            }
        }, false);

        subject[0].acquire(1_000_000).close();
        subject[0].acquire(500_000).close();

        assertEquals(4, changes.get());
        assertEquals(0, underLock.get(), "recalibrations run while holding the lock");
    }

    private static long count(final List<String> calls, final String prefix)
    {
        return calls.stream().filter(call -> call.startsWith(prefix)).count();
    }
}
