package io.github.idlekit.platform;

/**
 * The Windows timer calls, behind one seam so that the reference counting of {@link WindowsTimerResolution} can
 * be tested on any OS and the bindings on Windows (or Wine).
 */
interface WindowsTimerApi
{
    /**
     * {@code NtQueryTimerResolution}: coarsest, finest and current resolution in 100 ns units.
     *
     * @return {@code {coarsest, finest, current}}.
     * @throws PlatformCallException when the call fails.
     */
    int[] queryTimerResolution();

    /**
     * {@code timeGetDevCaps}: the minimum and maximum period {@code timeBeginPeriod} accepts, in ms.
     *
     * @return {@code {periodMin, periodMax}}.
     * @throws PlatformCallException when the call fails.
     */
    int[] timeGetDevCaps();

    /**
     * @param periodMs the period.
     * @return 0 (TIMERR_NOERROR) or 97 (TIMERR_NOCANDO).
     */
    int timeBeginPeriod(int periodMs);

    /**
     * @param periodMs the period given to the matching {@link #timeBeginPeriod(int)}.
     * @return 0 (TIMERR_NOERROR) or 97 (TIMERR_NOCANDO).
     */
    int timeEndPeriod(int periodMs);

    /**
     * {@code NtSetTimerResolution}.
     *
     * @param desired100ns the resolution wanted, in 100 ns units.
     * @param set          true to request, false to release this process's request.
     * @param actual       receives the resolution now in effect.
     * @return the NTSTATUS, 0 on success.
     */
    int ntSetTimerResolution(int desired100ns, boolean set, int[] actual);

    /**
     * {@code SetProcessInformation(ProcessPowerThrottling)} with
     * {@code PROCESS_POWER_THROTTLING_IGNORE_TIMER_RESOLUTION} in the control mask and not in the
     * state mask: the process's timer resolution requests are honoured even when its windows are hidden
     * (Windows 11).
     *
     * @return 0 on success, else the Win32 error code.
     */
    int ignoreTimerResolutionThrottling();
}
