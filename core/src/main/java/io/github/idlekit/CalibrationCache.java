package io.github.idlekit;

import java.util.function.Supplier;

/**
 * Holds the current {@link TimerProfile}: calibrates once on first use, however many threads ask at once, and
 * again on {@link #refresh()}. Readers after the first pay one volatile read; calibration and refresh are
 * serialised by a lock that readers never take once a profile exists.
 */
final class CalibrationCache
{
    private final Supplier<TimerProfile> calibration;
    private final Object lock = new Object();
    private volatile TimerProfile current;

    CalibrationCache(final Supplier<TimerProfile> calibration)
    {
        this.calibration = calibration;
    }

    TimerProfile get()
    {
        final TimerProfile profile = current;
        return null != profile ? profile : calibrateOnce();
    }

    TimerProfile refresh()
    {
        synchronized (lock)
        {
            final TimerProfile profile = calibration.get();
            current = profile;
            return profile;
        }
    }

    private TimerProfile calibrateOnce()
    {
        synchronized (lock)
        {
            TimerProfile profile = current;
            if (null == profile)
            {
                profile = calibration.get();
                current = profile;
            }
            return profile;
        }
    }
}
