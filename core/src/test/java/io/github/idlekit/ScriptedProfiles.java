package io.github.idlekit;

/**
 * Timer profiles for strategies on a {@link ScriptedWaits} clock, so that what they plan from does not depend on the
 * machine running the tests: {@link TimerProfile#current()} measures the scheduler's delays too on a loaded one.
 */
final class ScriptedProfiles
{
    /**
     * Linux's default timer: a park lasts its request plus the thread's 50 µs of timer slack and its wake-up.
     */
    static final TimerProfile LINUX_LIKE =
        new TimerProfile(75_000, 90_000, 60_000, 800, 40, 7_000, 64, TimerProfile.Source.MEASURED);

    /**
     * Windows' default timer: a park lasts until the next 15.625 ms tick.
     */
    static final TimerProfile WINDOWS_LIKE =
        new TimerProfile(15_625_000, 15_700_000, 15_625_000, 800, 40, 7_000, 3, TimerProfile.Source.MEASURED);

    private ScriptedProfiles()
    {
    }
}
