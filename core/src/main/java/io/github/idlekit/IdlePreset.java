package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Points on the wake-up latency / idle CPU trade-off. For {@link CalibratedIdleStrategy} a preset is a latency
 * weight λ (CPU nanoseconds one nanosecond of latency is worth) and a maximum park; the strategy learns the rest.
 * Each preset also has a static, floor-sized plan ({@link #plan(TimerProfile)}), which the adaptive strategy
 * follows until it has seen enough episodes and which the spec {@code fixed:<preset>} gives on its own.
 *
 * <p>The static plans size every threshold in multiples of the measured park floor F, because F is what one park
 * costs in latency: a thread that parks cannot notice work sooner than F later. So a preset means the same on
 * Linux, where F is set by the timer slack, and on Windows, where F is a timer tick. The classic spin-then-block
 * rule spins for as long as blocking costs, which is never worse than twice an oracle that knows when work arrives
 * (Karlin, Li, Manasse and Owicki, "Empirical studies of competitive spinning for a shared-memory multiprocessor",
 * SOSP 1991); {@link #LOW_LATENCY} follows it, spinning and yielding for F each. But a wake-up from a park costs
 * far less CPU than F of spinning, so {@link #BALANCED} spins and yields F/16 each, close to what Agrona's 10
 * spins and 5 yields cost on Linux and still short of a millisecond on a Windows tick. Parks are planned in actual
 * durations: the first lasts F (no park is shorter), later ones grow by the preset's factor up to its maximum,
 * and each request is shortened by the measured overshoot so that it lasts what is planned. The maximum is
 * max(F, preset maximum): on a 15.6 ms tick every preset parks for one tick, because no park is shorter.
 */
public enum IdlePreset
{
    /**
     * λ = 10, parks of at most 1 ms. Static plan: spin F, yield F, then park one floor at a time, which notices
     * work within about one floor even after long idle periods.
     */
    LOW_LATENCY("low-latency", 10.0, 1_000_000L, 1.0, 1.0, 0, IdlePlan.DOUBLING),

    /**
     * λ = 1, parks of at most 10 ms; the default. Static plan: spin F/16, yield F/16, then park from F growing by
     * 1.25 per park to 1 ms (Agrona's ceiling).
     */
    BALANCED("balanced", 1.0, 10_000_000L, 0.0625, 0.0625, 1_000_000L, 1.25),

    /**
     * λ = 0.1, parks of at most 50 ms: for workers that mostly idle and may answer late. Static plan: spin F/32,
     * no yield, then park from F doubling to 5 ms.
     */
    LOW_CPU("low-cpu", 0.1, 50_000_000L, 0.03125, 0, 5_000_000L, IdlePlan.DOUBLING);

    /**
     * System property choosing the preset of {@link CalibratedIdleStrategy#CalibratedIdleStrategy()}, e.g.
     * {@code -Didlekit.preset=low-cpu}.
     */
    public static final String PRESET_PROPERTY = "idlekit.preset";

    private final String specName;
    private final double latencyWeight;
    private final long adaptiveMaxParkNs;
    private final double spinFloors;
    private final double yieldFloors;
    private final long maxParkNs;
    private final double parkGrowth;

    IdlePreset(
        final String specName,
        final double latencyWeight,
        final long adaptiveMaxParkNs,
        final double spinFloors,
        final double yieldFloors,
        final long maxParkNs,
        final double parkGrowth)
    {
        this.parkGrowth = parkGrowth;
        this.specName = specName;
        this.latencyWeight = latencyWeight;
        this.adaptiveMaxParkNs = adaptiveMaxParkNs;
        this.spinFloors = spinFloors;
        this.yieldFloors = yieldFloors;
        this.maxParkNs = maxParkNs;
    }

    /**
     * @return the name used in specs and in {@value #PRESET_PROPERTY}, e.g. {@code low-latency}.
     */
    public String specName()
    {
        return specName;
    }

    /**
     * @return λ: the CPU nanoseconds one nanosecond of wake-up latency is worth to this preset.
     */
    public double latencyWeight()
    {
        return latencyWeight;
    }

    /**
     * The static plan for {@code profile} with this preset's default maximum park.
     *
     * @param profile the measured timer behaviour.
     * @return the plan.
     */
    public IdlePlan plan(final TimerProfile profile)
    {
        return plan(profile, maxParkNs);
    }

    /**
     * The plan for {@code profile} with the longest park at {@code maxPark}, or at one floor if that is longer:
     * no park can last less than the floor, so a shorter maximum means one floor.
     *
     * @param profile the measured timer behaviour.
     * @param maxPark the longest park period wanted, positive.
     * @return the plan.
     */
    public IdlePlan plan(final TimerProfile profile, final Duration maxPark)
    {
        return plan(profile, Durations.requirePositiveNanos("maxPark", maxPark));
    }

    /**
     * Looks a preset up by its spec name or enum name, case-insensitively.
     *
     * @param name e.g. {@code balanced}, {@code low-cpu} or {@code LOW_CPU}.
     * @return the preset.
     * @throws IllegalArgumentException naming the unknown value and the known ones.
     */
    public static IdlePreset fromName(final String name)
    {
        Objects.requireNonNull(name, "preset");
        final String normalised = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (final IdlePreset preset : values())
        {
            if (preset.specName.equals(normalised))
            {
                return preset;
            }
        }
        throw new IllegalArgumentException(
            "preset: unknown value '" + name + "'; expected low-latency, balanced or low-cpu");
    }

    /**
     * @return the preset named by {@value #PRESET_PROPERTY}, or {@link #BALANCED} when it is not set.
     * @throws IllegalArgumentException naming the property and the value when it names no preset.
     */
    public static IdlePreset fromSystemProperty()
    {
        final String name = System.getProperty(PRESET_PROPERTY);
        if (null == name)
        {
            return BALANCED;
        }
        try
        {
            return fromName(name);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(PRESET_PROPERTY + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the longest park {@link CalibratedIdleStrategy} allows itself with this preset: how late it may
     * notice work when its model of the workload turns out wrong.
     */
    long adaptiveMaxParkNs()
    {
        return adaptiveMaxParkNs;
    }

    /**
     * @return the static plan for {@code profile}, its longest park no longer than {@code longestParkNs} nor this
     * preset's own, but at least one floor.
     */
    IdlePlan planParkingAtMost(final TimerProfile profile, final long longestParkNs)
    {
        return plan(profile, Math.min(maxParkNs, longestParkNs));
    }

    private IdlePlan plan(final TimerProfile profile, final long maxParkNs)
    {
        Objects.requireNonNull(profile, "profile");
        final long floorNs = profile.parkFloorNs();
        final long spinNs = floorsToNanos(spinFloors, floorNs);
        final long yieldNs = floorsToNanos(yieldFloors, floorNs);
        return new IdlePlan(
            0, spinNs, 0, yieldNs, floorNs, Math.max(floorNs, maxParkNs), parkGrowth, profile.parkOvershootNs());
    }

    private static long floorsToNanos(final double floors, final long floorNs)
    {
        return floors == 0 ? 0 : Math.max(1, Math.round(floors * floorNs));
    }
}
