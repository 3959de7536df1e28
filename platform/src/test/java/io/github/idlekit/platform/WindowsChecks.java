package io.github.idlekit.platform;

import io.github.idlekit.TimerProfile;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The Windows checks, run by {@code platform/src/test/wine/run-windows-checks.sh} on a Windows JDK under Wine (or
 * on Windows): real JNA bindings of winmm, ntdll and kernel32, the bookkeeping around them and the recalibration
 * hook. Under Wine the values are known ({@code NtQueryTimerResolution} gives 156250/10000/10000), but Wine does
 * not reproduce Windows timing, so no timing is checked. Prints one line per check and ends with
 * {@code N passed, M failed}; exits 1 when any check failed.
 */
public final class WindowsChecks
{
    private final List<String> failures = new ArrayList<>();
    private int passed;

    private WindowsChecks()
    {
    }

    /**
     * Runs the checks.
     *
     * @param args ignored.
     */
    public static void main(final String[] args)
    {
        final WindowsChecks checks = new WindowsChecks();
        checks.run();
        System.out.println(checks.passed + " passed, " + checks.failures.size() + " failed");
        System.exit(checks.failures.isEmpty() ? 0 : 1);
    }

    private void run()
    {
        check("running on Windows", NativeSupport.IS_WINDOWS, NativeSupport.OS_NAME);

        final WindowsTimerCaps caps = WindowsTimerResolution.query();
        check("NtQueryTimerResolution: coarsest is the first out-parameter", caps.coarsest100ns() >= caps.finest100ns() &&
            caps.finest100ns() > 0, caps.toString());
        check("NtQueryTimerResolution: current within [finest, coarsest]",
            caps.current100ns() >= caps.finest100ns() && caps.current100ns() <= caps.coarsest100ns(), caps.toString());
        check("timeGetDevCaps: period range", caps.periodMinMs() >= 1 && caps.periodMaxMs() >= caps.periodMinMs(),
            caps.toString());

        final TimerProfile before = TimerProfile.current();
        final WindowsTimerResolution.Request first = WindowsTimerResolution.request(Duration.ofMillis(1));
        check("timeBeginPeriod(1) granted a resolution", first.grantedNs() > 0 && first.grantedNs() <= caps.coarsest100ns() * 100L,
            first.toString());
        check("a request recalibrates the timer profile", TimerProfile.current() != before, TimerProfile.current().toString());
        final WindowsTimerResolution.Request second = WindowsTimerResolution.request(Duration.ofMillis(1));
        check("two 1 ms requests hold one timeBeginPeriod",
            WindowsTimerResolution.describeHolds().startsWith("timeBeginPeriod holds {1=2}"), WindowsTimerResolution.describeHolds());
        first.close();
        first.close();
        check("close is idempotent and keeps the other hold",
            WindowsTimerResolution.describeHolds().startsWith("timeBeginPeriod holds {1=1}"), WindowsTimerResolution.describeHolds());
        second.close();
        check("the last close releases the period",
            WindowsTimerResolution.describeHolds().startsWith("timeBeginPeriod holds {}"), WindowsTimerResolution.describeHolds());

        final WindowsTimerResolution.Request fine = WindowsTimerResolution.request(Duration.ofNanos(500_000));
        check("NtSetTimerResolution(5000) succeeded and reports the actual resolution",
            fine.grantedNs() >= caps.finest100ns() * 100L && fine.grantedNs() <= 1_000_000, fine.toString());
        fine.close();
        check("NtSetTimerResolution released", WindowsTimerResolution.describeHolds().contains("NtSetTimerResolution holds {} (in force 0)"),
            WindowsTimerResolution.describeHolds());

        final WindowsTimerResolution.Request period = WindowsTimerResolution.request(Duration.ofMillis(2));
        final WindowsTimerResolution.Request finer = WindowsTimerResolution.request(Duration.ofNanos(600_000));
        final WindowsTimerResolution system = WindowsTimerResolution.system();
        check("a shutdown hook is registered", system.releasesAtExit(), "");
        system.releaseAll();
        check("the shutdown release undoes every hold",
            WindowsTimerResolution.describeHolds().startsWith("timeBeginPeriod holds {}, NtSetTimerResolution holds {} (in force 0)"),
            WindowsTimerResolution.describeHolds());
        String closeAfterHook = "";
        try
        {
            period.close();
            finer.close();
        }
        catch (final RuntimeException ex)
        {
            closeAfterHook = ex.toString();
        }
        check("requests closed after the shutdown release are no-ops", closeAfterHook.isEmpty() &&
            WindowsTimerResolution.describeHolds().startsWith("timeBeginPeriod holds {}, NtSetTimerResolution holds {} (in force 0)"),
            closeAfterHook + " " + WindowsTimerResolution.describeHolds());

        final boolean optedOut = WindowsTimerResolution.ignorePowerThrottling();
        check("SetProcessInformation(ProcessPowerThrottling) reported without throwing",
            WindowsTimerResolution.describeHolds().contains(optedOut ? "ignored (opted out)" : "opt-out refused"),
            WindowsTimerResolution.describeHolds());

        try (HighResolutionTimers.Enabled enabled = HighResolutionTimers.enable())
        {
            check("HighResolutionTimers.enable() requests 1 ms", enabled.description().contains("timeBeginPeriod(1)"),
                enabled.description());
        }
        final String report = HighResolutionTimers.describe();
        check("describe() reports the Windows timer", report.contains("windows: timer resolution") &&
            report.contains("jna: available"), report);
    }

    private void check(final String name, final boolean ok, final String detail)
    {
        System.out.println((ok ? "PASS " : "FAIL ") + name + (detail.isEmpty() ? "" : ": " + detail));
        if (ok)
        {
            passed++;
        }
        else
        {
            failures.add(name);
        }
    }
}
