package io.github.idlekit.benchmarks;

import io.github.idlekit.TimerProfile;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until a deadline without using any strategy under test: parks while the deadline is comfortably further
 * than what a park can overshoot (measured, so it stays precise under a 15.6 ms Windows-like timer), then spins on
 * {@code System.nanoTime} for the rest.
 */
final class PrecisePacer
{
    private final long spinMarginNs;

    PrecisePacer(final TimerProfile profile)
    {
        spinMarginNs = 2 * Math.max(profile.parkFloorP90Ns(), profile.parkOvershootNs()) + 20_000;
    }

    void waitUntil(final long deadlineNs)
    {
        long remainingNs;
        while ((remainingNs = deadlineNs - System.nanoTime()) > spinMarginNs)
        {
            LockSupport.parkNanos(remainingNs - spinMarginNs);
        }
        while (deadlineNs - System.nanoTime() > 0)
        {
            Thread.onSpinWait();
        }
    }
}
