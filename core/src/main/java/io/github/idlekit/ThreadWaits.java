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
}
