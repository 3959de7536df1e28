package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.time.Duration;

/**
 * The builder stage after a bounded yield phase (or a start without one): say how it parks. Created by
 * {@link SpinStage#thenYield(Duration)}, {@link IdleStrategies#yielding(Duration)} and their count forms.
 */
public final class YieldStage
{
    private final long spinCount;
    private final long spinNs;
    private final long yieldCount;
    private final long yieldNs;

    YieldStage(final long spinCount, final long spinNs, final long yieldCount, final long yieldNs)
    {
        this.spinCount = spinCount;
        this.spinNs = spinNs;
        this.yieldCount = yieldCount;
        this.yieldNs = yieldNs;
    }

    /**
     * Park after the earlier phases, doubling the period from {@code minPark} to {@code maxPark}. The periods are
     * requested as given; the OS makes each last at least its park floor (see {@link TimerProfile}).
     *
     * @param minPark the first park period, positive.
     * @param maxPark the longest park period, at least {@code minPark}.
     * @return the strategy.
     */
    public PhasedIdleStrategy thenPark(final Duration minPark, final Duration maxPark)
    {
        return thenPark(minPark, maxPark, IdlePlan.DOUBLING);
    }

    /**
     * Park after the earlier phases, growing the period by {@code growth} per park from {@code minPark} to
     * {@code maxPark}; see {@link IdlePlan} for what the growth factor bounds.
     *
     * @param minPark the first park period, positive.
     * @param maxPark the longest park period, at least {@code minPark}.
     * @param growth  the factor from one period to the next, above 1 and at most 16.
     * @return the strategy.
     */
    public PhasedIdleStrategy thenPark(final Duration minPark, final Duration maxPark, final double growth)
    {
        final long minParkNs = Durations.requirePositiveNanos("minPark", minPark);
        final long maxParkNs = Durations.requirePositiveNanos("maxPark", maxPark);
        return new PhasedIdleStrategy(
            new IdlePlan(spinCount, spinNs, yieldCount, yieldNs, minParkNs, maxParkNs, growth, 0));
    }

    /**
     * Park for a fixed {@code period} after the earlier phases.
     *
     * @param period the park period, positive.
     * @return the strategy.
     */
    public PhasedIdleStrategy thenPark(final Duration period)
    {
        return thenPark(period, period);
    }
}
