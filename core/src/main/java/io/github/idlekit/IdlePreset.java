package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Points on the wake-up latency / idle CPU trade-off, each a rule that turns a {@link TimerProfile} into an
 * {@link IdlePlan}. All thresholds are multiples of the measured park floor F, because F is what one park costs
 * in latency: a thread that parks cannot notice work sooner than F later. So the same preset means "spin for a
 * sixteenth of what a park costs" on Linux (F about 57 µs on the project's VM) and on Windows (F one 15.6 ms timer tick).
 *
 * <p>Why these multiples. The classic spin-then-block rule spins for as long as blocking costs, which is never
 * worse than twice an oracle that knows when work arrives (Karlin, Li, Manasse and Owicki, "Empirical studies of
 * competitive spinning for a shared-memory multiprocessor", SOSP 1991); {@link #LOW_LATENCY} follows it, spinning
 * and yielding for F each. But the rule weighs a nanosecond of CPU like a nanosecond of latency, and a wake-up from
 * a park is cheap in CPU: on the project's 2-vCPU Linux VM a thread parking at the 57 µs floor over and over uses
 * about 12% of a core, about 7 µs per wake-up, while spinning for F costs F. So {@link #BALANCED} spins and yields
 * for F/16 each: about 4 µs on Linux, close to what Agrona's 10 spins and 5 yields cost, and still about 1 ms on a
 * 15.6 ms Windows tick, where it turns every wake-up within a millisecond into a sub-microsecond one instead of a
 * whole tick. The committed runs behind these numbers are in {@code docs/results/compare-native.txt} and
 * {@code compare-windows-like.txt}; reproduce them with
 * {@code java -jar benchmarks/target/benchmarks.jar compare --quick}, natively and under a Windows-like timer
 * (see the README).
 *
 * <p>Parks are planned in actual durations: the first lasts F (no park is shorter), later ones grow by the
 * preset's factor up to its maximum, and each request is shortened by the measured overshoot so that it lasts what
 * is planned (on Linux a request of r lasts about r + F). {@code BALANCED} grows by 1.25 rather than Agrona's 2,
 * which bounds the extra latency to about a quarter of the time already spent idle; in the same runs this cut the
 * p90 wake-up latency of exponential 1 ms gaps by about 40% against Agrona's backoff (498 µs against 845 µs) at
 * about the same CPU (5.2% against 5.0% of a core). The maximum is max(F, preset maximum): on Linux {@code BALANCED} backs off to 1 ms like Agrona's default;
 * on a 15.6 ms tick every preset parks for one tick, because a longer park saves no CPU that matters and only adds
 * latency.
 */
public enum IdlePreset
{
    /**
     * Spin F, yield F, then park for one floor at a time: notices work within about one floor even after long idle
     * periods, at the price of up to 2F of busy CPU per idle episode and a wake-up every F after that.
     */
    LOW_LATENCY("low-latency", 1.0, 1.0, 0, IdlePlan.DOUBLING),

    /**
     * Spin F/16, yield F/16, then park from F growing by 1.25 per park to 1 ms (Agrona's ceiling); the default.
     */
    BALANCED("balanced", 0.0625, 0.0625, 1_000_000L, 1.25),

    /**
     * Spin F/32, no yield, then park from F doubling to 5 ms: for workers that mostly idle and may answer late.
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
