package io.github.idlekit;

/**
 * The waiting primitives a strategy or a measurement uses, behind one seam so that tests can drive phase
 * transitions and calibration with a scripted clock instead of real time.
 */
interface ThreadWaits
{
    /**
     * @return a monotonic time in nanoseconds, as {@link System#nanoTime()}.
     */
    long nanoTime();

    /**
     * Hints the CPU that the caller is spinning, as {@link Thread#onSpinWait()}.
     */
    void onSpinWait();

    /**
     * Offers the core to another runnable thread, as {@link Thread#yield()}.
     */
    void yieldThread();

    /**
     * Blocks for about {@code nanos}, as {@link java.util.concurrent.locks.LockSupport#parkNanos(long)}.
     *
     * @param nanos the requested period.
     */
    void parkNanos(long nanos);

    /**
     * @return whether the last park ended because another thread woke the caller, not because its period passed:
     * such a park says nothing about the timer, so it is not learnt from. Always false for plain parks.
     */
    default boolean lastParkWasWoken()
    {
        return false;
    }

    /**
     * @return when the wake that ended the last park was made, on the {@link #nanoTime()} clock: about when the
     * work came. Meaningful only when {@link #lastParkWasWoken()}.
     */
    default long lastWakeNs()
    {
        return 0;
    }

    /**
     * @return the CPU time the calling thread has used, in nanoseconds, as
     * {@link java.lang.management.ThreadMXBean#getCurrentThreadCpuTime()}; -1 where the JVM cannot tell.
     */
    long threadCpuNanos();

    /**
     * @return the time the calling thread has spent runnable but not running (preempted, waiting for a CPU after a
     * wake-up, throttled by a CPU quota), in nanoseconds; -1 where the system does not say.
     */
    default long threadRunDelayNanos()
    {
        return -1;
    }

    /**
     * Parks for {@code nanos} even when the calling thread is interrupted, and leaves the interrupt status as it
     * was. A set interrupt flag makes every park return at once, so a worker would spin hot; instead the flag is
     * cleared for the park and set again after it. Setting it also made the park permit available, so an
     * interrupted park is issued twice: the first returns at once by consuming that permit, the second waits.
     *
     * @param nanos the requested period.
     */
    default void parkKeepingInterrupt(final long nanos)
    {
        if (Thread.interrupted())
        {
            parkNanos(nanos);
            parkNanos(nanos);
            Thread.currentThread().interrupt();
        }
        else
        {
            parkNanos(nanos);
        }
    }
}
