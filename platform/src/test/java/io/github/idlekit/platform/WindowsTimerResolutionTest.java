package io.github.idlekit.platform;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

        final PlatformUnavailableException ex =
            assertThrows(PlatformUnavailableException.class, () -> resolution.acquire(2_000_000));

        assertEquals("timeBeginPeriod(2) returned 97 (97 = TIMERR_NOCANDO)", ex.getMessage());
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
        if (!NativeSupport.IS_WINDOWS)
        {
            final PlatformUnavailableException ex =
                assertThrows(PlatformUnavailableException.class, WindowsTimerResolution::query);
            assertTrue(ex.getMessage().startsWith("timer resolution exists on Windows only"), ex.getMessage());
        }
    }
}
