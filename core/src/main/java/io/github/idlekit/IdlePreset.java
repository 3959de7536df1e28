package io.github.idlekit;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Points on the wake-up latency / idle CPU trade-off, each a rule that turns a {@link TimerProfile} into an
 * {@link IdlePlan}. All thresholds are multiples of the measured park floor F, because F is what one park costs
 * in latency: a thread that parks cannot notice work sooner than F later.
 *
 * <p>The busy phases follow the classic spin-then-block rule: spinning for as long as blocking costs is never
 * worse than twice an oracle that knows when work arrives (Karlin, Li, Manasse and Owicki, "Empirical studies of
 * competitive spinning for a shared-memory multiprocessor", SOSP 1991). {@link #BALANCED} spins and yields for
 * F in total; {@link #LOW_LATENCY} for 4F; {@link #LOW_CPU} for F/8. Half the busy time of the first two is
 * yielding so that a worker sharing a core with other runnable threads lets them run.
 *
 * <p>Parks are planned in actual durations: the first lasts F (no park is shorter), then they double up to the
 * preset's maximum, and each request is shortened by the measured overshoot so that it lasts what is planned
 * (on Linux a request of r lasts about r + F). The maximum is max(F, preset maximum): on Linux, where F is about
 * 75 µs, {@code BALANCED} backs off to 1 ms like Agrona's default; on Windows' default 15.6 ms tick every preset
 * parks for one tick, because a longer park saves no CPU that matters and only adds latency.
 */
public enum IdlePreset
{
    /**
     * Spin 2F, yield 2F, then park for one floor at a time: notices work within about one floor even after long
     * idle periods, at the price of up to 4F of busy CPU per idle episode.
     */
    LOW_LATENCY("low-latency", 1.0, 1.0, 0, IdlePlan.DOUBLING),

    /**
     * Spin F/2, yield F/2, then park F doubling to 1 ms: the spin-then-block rule, and Agrona's ceiling.
     */
    BALANCED("balanced", 0.0625, 0.0625, 1_000_000L, 1.25),

    /**
     * Spin F/8, no yield, then park F doubling to 5 ms: for workers that mostly idle and may answer late.
     */
    LOW_CPU("low-cpu", 0.03125, 0, 5_000_000L, IdlePlan.DOUBLING);

    /**
     * System property choosing the preset of {@link CalibratedIdleStrategy#CalibratedIdleStrategy()}, e.g.
     * {@code -Didlekit.preset=low-cpu}.
     */
    public static final String PRESET_PROPERTY = "idlekit.preset";

    private final String specName;
    private final double spinFloors;
    private final double yieldFloors;
    private final long maxParkNs;
    private final double parkGrowth;

    IdlePreset(
        final String specName,
        final double spinFloors,
        final double yieldFloors,
        final long maxParkNs,
        final double parkGrowth)
    {
        this.parkGrowth = parkGrowth;
        this.specName = specName;
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
     * @return the longest park this preset plans where the floor is shorter; {@link Duration#ZERO} means one floor.
     */
    public Duration defaultMaxPark()
    {
        return Duration.ofNanos(maxParkNs);
    }

    /**
     * The plan for {@code profile} with this preset's default maximum park.
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
