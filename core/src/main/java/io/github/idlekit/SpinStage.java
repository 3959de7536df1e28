package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.time.Duration;

/**
 * The builder stage after a bounded spin phase: say what follows it. Created by
 * {@link IdleStrategies#spin(Duration)} or {@link IdleStrategies#spin(long)}.
 */
public final class SpinStage
{
    private final long spinCount;
    private final long spinNs;

    SpinStage(final long spinCount, final long spinNs)
    {
        this.spinCount = spinCount;
        this.spinNs = spinNs;
    }

    /**
     * Yield for {@code duration} after spinning.
     *
     * @param duration positive time spent yielding.
     * @return the plan so far.
     */
    public YieldStage thenYield(final Duration duration)
    {
        return new YieldStage(spinCount, spinNs, 0, Durations.requirePositiveNanos("yield", duration));
    }

    /**
     * Yield for {@code count} idle calls after spinning.
     *
     * @param count positive number of yields.
     * @return the plan so far.
     */
    public YieldStage thenYield(final long count)
    {
        return new YieldStage(spinCount, spinNs, IdleStrategies.requirePositiveCount("yield", count), 0);
    }

    /**
     * Yield for ever after spinning, for a thread that must not block but should let others use its core.
     *
     * @return the strategy.
     */
    public PhasedIdleStrategy thenYield()
    {
        return new PhasedIdleStrategy(
            new IdlePlan(spinCount, spinNs, IdlePlan.UNBOUNDED, 0, 0, 0, IdlePlan.DOUBLING, 0));
    }

    /**
     * Park after spinning, doubling the period from {@code minPark} to {@code maxPark}.
     *
     * @param minPark the first park period, positive.
     * @param maxPark the longest park period, at least {@code minPark}.
     * @return the strategy.
     */
    public PhasedIdleStrategy thenPark(final Duration minPark, final Duration maxPark)
    {
        return new YieldStage(spinCount, spinNs, 0, 0).thenPark(minPark, maxPark);
    }

    /**
     * Park after spinning, growing the period by {@code growth} per park from {@code minPark} to {@code maxPark};
     * see {@link IdlePlan} for what the growth factor bounds.
     *
     * @param minPark the first park period, positive.
     * @param maxPark the longest park period, at least {@code minPark}.
     * @param growth  the factor from one period to the next, above 1 and at most 16.
     * @return the strategy.
     */
    public PhasedIdleStrategy thenPark(final Duration minPark, final Duration maxPark, final double growth)
    {
        return new YieldStage(spinCount, spinNs, 0, 0).thenPark(minPark, maxPark, growth);
    }

    /**
     * Park for a fixed {@code period} after spinning.
     *
     * @param period the park period, positive.
     * @return the strategy.
     */
    public PhasedIdleStrategy thenPark(final Duration period)
    {
        return thenPark(period, period);
    }
}
