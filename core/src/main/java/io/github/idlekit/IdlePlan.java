package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.util.Objects;
import java.util.StringJoiner;

/**
 * The thresholds of a phased idle strategy: how long it spins, how long it yields, and the ladder of park periods
 * it then backs off through. Immutable; {@link #toSpec()} prints it in the spec syntax of
 * {@link IdleStrategies#parse(String)}.
 *
 * <p>The phases always come in the order spin, yield, park, cheapest wake-up first: spinning notices work within
 * nanoseconds but burns a core, yielding lets other runnable threads use the core and costs a system call, and
 * parking frees the core but wakes no sooner than the OS timer allows. Any phase may be absent. A spin or yield
 * phase is bounded by a count of idle calls or by time, or is unbounded, in which case nothing may follow it. A
 * plan without a park phase must end with an unbounded phase, since after its last bound there would be nothing
 * to do.
 *
 * <p>Park periods grow by {@link #parkGrowth()} per park from {@link #minParkNs()} to {@link #maxParkNs()}
 * (doubling by default, as Agrona does). The growth factor bounds the latency a backing-off thread adds relative
 * to how long it has been idle: with factor g, the current period is about (g − 1) times the time already spent
 * parking, so work arriving after an idle time t is noticed within about (g − 1)·t, plus one park floor. They
 * are the durations the plan wants the parks to last; each request is shortened by {@link #parkOvershootNs()},
 * the measured amount by which this OS oversleeps (on Linux a request of r lasts about r plus the timer slack),
 * and is at least 1 ns. Plans from the builder and from specs have no overshoot unless they say so, so their
 * periods are requested as given, as Agrona's strategies do; floor-sized preset plans carry the measured one.
 */
public final class IdlePlan
{
    static final long UNBOUNDED = Long.MAX_VALUE;
    static final double MAX_PARK_GROWTH = 16.0;

    /**
     * The park growth factor of Agrona's {@code BackoffIdleStrategy}, and the default of specs and the builder.
     */
    public static final double DOUBLING = 2.0;

    private final long spinCount;
    private final long spinNs;
    private final long yieldCount;
    private final long yieldNs;
    private final long minParkNs;
    private final long maxParkNs;
    private final double parkGrowth;
    private final long parkOvershootNs;

    /**
     * @param spinCount       idle calls spent spinning, {@link #UNBOUNDED} for ever, 0 when bounded by time or absent.
     * @param spinNs          time spent spinning, 0 when bounded by count or absent.
     * @param yieldCount      as {@code spinCount}, for yielding.
     * @param yieldNs         as {@code spinNs}, for yielding.
     * @param minParkNs       first park period, 0 when there is no park phase.
     * @param maxParkNs       longest park period.
     * @param parkGrowth      factor from one park period to the next, &gt; 1.
     * @param parkOvershootNs subtracted from each period to form the request.
     */
    IdlePlan(
        final long spinCount,
        final long spinNs,
        final long yieldCount,
        final long yieldNs,
        final long minParkNs,
        final long maxParkNs,
        final double parkGrowth,
        final long parkOvershootNs)
    {
        this.spinCount = spinCount;
        this.spinNs = spinNs;
        this.yieldCount = yieldCount;
        this.yieldNs = yieldNs;
        this.minParkNs = minParkNs;
        this.maxParkNs = maxParkNs;
        this.parkGrowth = parkGrowth;
        this.parkOvershootNs = parkOvershootNs;
        validate();
    }

    /**
     * @return idle calls spent spinning before the next phase, {@code Long.MAX_VALUE} for an unbounded phase, 0
     * when the spin phase is bounded by time or absent.
     */
    public long spinCount()
    {
        return spinCount;
    }

    /**
     * @return time spent spinning before the next phase, 0 when bounded by count or absent.
     */
    public long spinNs()
    {
        return spinNs;
    }

    /**
     * @return idle calls spent yielding, as {@link #spinCount()}.
     */
    public long yieldCount()
    {
        return yieldCount;
    }

    /**
     * @return time spent yielding, as {@link #spinNs()}.
     */
    public long yieldNs()
    {
        return yieldNs;
    }

    /**
     * @return the first park period in nanoseconds, 0 when there is no park phase.
     */
    public long minParkNs()
    {
        return minParkNs;
    }

    /**
     * @return the longest park period in nanoseconds, 0 when there is no park phase.
     */
    public long maxParkNs()
    {
        return maxParkNs;
    }

    /**
     * @return the factor from one park period to the next (at least one nanosecond more), until the maximum.
     */
    public double parkGrowth()
    {
        return parkGrowth;
    }

    /**
     * @return the nanoseconds subtracted from each park period to form the request.
     */
    public long parkOvershootNs()
    {
        return parkOvershootNs;
    }

    /**
     * @return true when the plan ends with a park phase.
     */
    public boolean parks()
    {
        return minParkNs > 0;
    }

    /**
     * @return the plan in spec syntax, e.g. {@code spin:20us,yield:50us,park:70us..1ms}, or
     * {@code park:113us..1ms*1.25-57us} for a plan whose parks are requested 57 µs shorter than they should last;
     * {@link IdleStrategies#parse(String)} turns it back into an equal plan.
     */
    public String toSpec()
    {
        final StringJoiner spec = new StringJoiner(",");
        final boolean single = phaseCount() == 1;
        addPhase(spec, "spin", spinCount, spinNs, single);
        addPhase(spec, "yield", yieldCount, yieldNs, single);
        if (parks())
        {
            final String factor = parkGrowth == Math.rint(parkGrowth) ?
                Long.toString((long)parkGrowth) : Double.toString(parkGrowth);
            final String growth = parkGrowth == DOUBLING ? "" : "*" + factor;
            spec.add("park:" + Durations.toSpec(minParkNs) +
                (minParkNs == maxParkNs && growth.isEmpty() ? "" : ".." + Durations.toSpec(maxParkNs) + growth) +
                (parkOvershootNs > 0 ? "-" + Durations.toSpec(parkOvershootNs) : ""));
        }
        return spec.toString();
    }

    /**
     * @return a readable description, e.g. {@code spin 37.5 µs, yield 37.5 µs, park 75.0 µs..1.00 ms (request −
     * 60.0 µs)}.
     */
    public String toString()
    {
        final StringJoiner text = new StringJoiner(", ");
        describePhase(text, "spin", spinCount, spinNs);
        describePhase(text, "yield", yieldCount, yieldNs);
        if (parks())
        {
            text.add("park " + Durations.toHuman(minParkNs) + ".." + Durations.toHuman(maxParkNs) +
                (minParkNs == maxParkNs ? "" : " x" + parkGrowth) +
                (parkOvershootNs > 0 ? " (request − " + Durations.toHuman(parkOvershootNs) + ")" : ""));
        }
        return text.toString();
    }

    public boolean equals(final Object other)
    {
        if (this == other)
        {
            return true;
        }
        if (!(other instanceof IdlePlan))
        {
            return false;
        }
        final IdlePlan that = (IdlePlan)other;
        return spinCount == that.spinCount && spinNs == that.spinNs && yieldCount == that.yieldCount &&
            yieldNs == that.yieldNs && minParkNs == that.minParkNs && maxParkNs == that.maxParkNs &&
            Double.compare(parkGrowth, that.parkGrowth) == 0 && parkOvershootNs == that.parkOvershootNs;
    }

    public int hashCode()
    {
        return Objects.hash(spinCount, spinNs, yieldCount, yieldNs, minParkNs, maxParkNs, parkGrowth, parkOvershootNs);
    }

    private int phaseCount()
    {
        return (isPresent(spinCount, spinNs) ? 1 : 0) + (isPresent(yieldCount, yieldNs) ? 1 : 0) + (parks() ? 1 : 0);
    }

    private void validate()
    {
        requireNonNegative("spinCount", spinCount);
        requireNonNegative("spinNs", spinNs);
        requireNonNegative("yieldCount", yieldCount);
        requireNonNegative("yieldNs", yieldNs);
        requireNonNegative("minParkNs", minParkNs);
        requireNonNegative("maxParkNs", maxParkNs);
        requireNonNegative("parkOvershootNs", parkOvershootNs);
        if (spinCount > 0 && spinNs > 0 || yieldCount > 0 && yieldNs > 0)
        {
            throw new IllegalArgumentException("a phase is bounded by a count or by a time, not both: " + this);
        }
        if (minParkNs > maxParkNs)
        {
            throw new IllegalArgumentException(
                "minPark must not exceed maxPark: minPark=" + Durations.toSpec(Math.max(1, minParkNs)) +
                " maxPark=" + Durations.toSpec(Math.max(1, maxParkNs)));
        }
        if (spinCount == UNBOUNDED && (isPresent(yieldCount, yieldNs) || parks()) ||
            yieldCount == UNBOUNDED && parks())
        {
            throw new IllegalArgumentException("nothing may follow an unbounded phase: " + toSpec());
        }
        if (!(parkGrowth > 1.0 && parkGrowth <= MAX_PARK_GROWTH))
        {
            throw new IllegalArgumentException(
                "parkGrowth must be above 1 and at most " + MAX_PARK_GROWTH + ": " + parkGrowth);
        }
        if (phaseCount() == 0)
        {
            throw new IllegalArgumentException("a plan needs at least one phase");
        }
        if (!parks() && spinCount != UNBOUNDED && yieldCount != UNBOUNDED)
        {
            throw new IllegalArgumentException(
                "a plan without a park phase must end with an unbounded phase: " + toSpec());
        }
    }

    private static void requireNonNegative(final String name, final long value)
    {
        if (value < 0)
        {
            throw new IllegalArgumentException(name + " must not be negative: " + value);
        }
    }

    private static boolean isPresent(final long count, final long nanos)
    {
        return count > 0 || nanos > 0;
    }

    private static void addPhase(
        final StringJoiner spec, final String name, final long count, final long nanos, final boolean single)
    {
        if (count == UNBOUNDED)
        {
            spec.add(single ? name + ":" + IdleStrategies.FOREVER : name);
        }
        else if (count > 0)
        {
            spec.add(name + ":" + count);
        }
        else if (nanos > 0)
        {
            spec.add(name + ":" + Durations.toSpec(nanos));
        }
    }

    private static void describePhase(final StringJoiner text, final String name, final long count, final long nanos)
    {
        if (count == UNBOUNDED)
        {
            text.add(name + " forever");
        }
        else if (count > 0)
        {
            text.add(name + " " + count + "x");
        }
        else if (nanos > 0)
        {
            text.add(name + " " + Durations.toHuman(nanos));
        }
    }
}
