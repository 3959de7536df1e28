package io.github.idlekit.platform;

import java.util.ArrayList;
import java.util.List;

/**
 * Records the Windows calls made and answers like Windows would, with a scriptable refusal (a result code) and a
 * scriptable failure (the binding throws for calls starting with {@link #failingCall}).
 */
final class FakeWindowsTimerApi implements WindowsTimerApi
{
    final List<String> calls = new ArrayList<>();
    int current100ns = 156_250;
    int timeBeginPeriodResult = 0;
    int ntStatus = 0;
    int powerThrottlingError = 0;
    String failingCall = "";

    private void failIf(final String call)
    {
        if (call.startsWith(failingCall) && !failingCall.isEmpty())
        {
            throw new PlatformCallException(call, 5, null);
        }
    }

    public int[] queryTimerResolution()
    {
        failIf("NtQueryTimerResolution");
        return new int[]{ 156_250, 5_000, current100ns };
    }

    public int[] timeGetDevCaps()
    {
        return new int[]{ 1, 1_000_000 };
    }

    public int timeBeginPeriod(final int periodMs)
    {
        calls.add("timeBeginPeriod(" + periodMs + ")");
        failIf("timeBeginPeriod");
        if (timeBeginPeriodResult == 0)
        {
            current100ns = Math.min(current100ns, periodMs * 10_000);
        }
        return timeBeginPeriodResult;
    }

    public int timeEndPeriod(final int periodMs)
    {
        calls.add("timeEndPeriod(" + periodMs + ")");
        current100ns = 156_250;
        return 0;
    }

    public int ntSetTimerResolution(final int desired100ns, final boolean set, final int[] actual)
    {
        calls.add("NtSetTimerResolution(" + desired100ns + ", " + set + ")");
        failIf("NtSetTimerResolution(" + desired100ns + ", " + set + ")");
        if (ntStatus == 0)
        {
            current100ns = set ? Math.max(5_000, desired100ns) : 156_250;
        }
        actual[0] = current100ns;
        return ntStatus;
    }

    public int ignoreTimerResolutionThrottling()
    {
        calls.add("SetProcessInformation(ProcessPowerThrottling)");
        return powerThrottlingError;
    }
}
