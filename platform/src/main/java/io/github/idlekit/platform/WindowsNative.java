package io.github.idlekit.platform;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * JNA bindings of the Windows timer calls; jna-platform maps none of them. A query that fails throws
 * {@link PlatformCallException}; calls whose result the caller interprets return it.
 */
final class WindowsNative implements WindowsTimerApi
{
    static final int PROCESS_POWER_THROTTLING = 4;
    static final int PROCESS_POWER_THROTTLING_CURRENT_VERSION = 1;
    static final int PROCESS_POWER_THROTTLING_IGNORE_TIMER_RESOLUTION = 0x4;
    static final int UNKNOWN_ERROR = -1;
    private static final int TIMECAPS_SIZE = 8;
    private static final int POWER_THROTTLING_STATE_SIZE = 12;

    /**
     * winmm.dll.
     */
    interface Winmm extends Library
    {
        int timeBeginPeriod(int periodMs);

        int timeEndPeriod(int periodMs);

        int timeGetDevCaps(int[] timeCaps, int size);
    }

    /**
     * ntdll.dll.
     */
    interface Ntdll extends Library
    {
        int NtQueryTimerResolution(int[] coarsest, int[] finest, int[] current);

        int NtSetTimerResolution(int desired, byte set, int[] current);
    }

    /**
     * kernel32.dll.
     */
    interface Kernel32 extends Library
    {
        Pointer GetCurrentProcess();

        int SetProcessInformation(Pointer process, int informationClass, int[] information, int size)
            throws LastErrorException;
    }

    static final WindowsNative INSTANCE = new WindowsNative();

    private final Winmm winmm = Native.load("winmm", Winmm.class);
    private final Ntdll ntdll = Native.load("ntdll", Ntdll.class);
    private final Kernel32 kernel32 = Native.load("kernel32", Kernel32.class);

    private WindowsNative()
    {
    }

    public int[] queryTimerResolution()
    {
        final int[] coarsest = new int[1];
        final int[] finest = new int[1];
        final int[] current = new int[1];
        final int status = ntdll.NtQueryTimerResolution(coarsest, finest, current);
        if (status != 0)
        {
            throw new PlatformCallException("NtQueryTimerResolution", status, null);
        }
        return new int[]{ coarsest[0], finest[0], current[0] };
    }

    public int[] timeGetDevCaps()
    {
        final int[] caps = new int[2];
        final int result = winmm.timeGetDevCaps(caps, TIMECAPS_SIZE);
        if (result != 0)
        {
            throw new PlatformCallException("timeGetDevCaps", result, null);
        }
        return caps;
    }

    public int timeBeginPeriod(final int periodMs)
    {
        return winmm.timeBeginPeriod(periodMs);
    }

    public int timeEndPeriod(final int periodMs)
    {
        return winmm.timeEndPeriod(periodMs);
    }

    public int ntSetTimerResolution(final int desired100ns, final boolean set, final int[] actual)
    {
        return ntdll.NtSetTimerResolution(desired100ns, (byte)(set ? 1 : 0), actual);
    }

    public int ignoreTimerResolutionThrottling()
    {
        final int[] state = {
            PROCESS_POWER_THROTTLING_CURRENT_VERSION, PROCESS_POWER_THROTTLING_IGNORE_TIMER_RESOLUTION, 0 };
        try
        {
            final int succeeded = kernel32.SetProcessInformation(
                kernel32.GetCurrentProcess(), PROCESS_POWER_THROTTLING, state, POWER_THROTTLING_STATE_SIZE);
            return succeeded != 0 ? 0 : UNKNOWN_ERROR;
        }
        catch (final LastErrorException ex)
        {
            return ex.getErrorCode();
        }
    }
}
