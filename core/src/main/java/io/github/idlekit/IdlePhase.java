package io.github.idlekit;

/**
 * What an idlekit strategy's worker is doing, as {@link IdleStatistics#phase()} reports it to other threads.
 */
public enum IdlePhase
{
    /**
     * The last call found work (or reset the strategy): the worker is running its duty cycle.
     */
    WORKING,

    /**
     * Busy-waiting with {@code Thread.onSpinWait}: the lowest latency, a whole core's CPU.
     */
    SPINNING,

    /**
     * Busy-waiting with {@code Thread.yield}: a whole core's CPU while nothing else wants the core, which any
     * runnable thread may take.
     */
    YIELDING,

    /**
     * In or between {@code LockSupport.parkNanos} calls: little CPU, but work waits until the park ends.
     */
    PARKING;

    private static final IdlePhase[] PHASES = values();

    static IdlePhase ofOrdinal(final int ordinal)
    {
        return PHASES[ordinal];
    }
}
