package io.github.idlekit;

import io.github.idlekit.internal.Durations;
import org.agrona.concurrent.IdleStrategy;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * An idle strategy whose thresholds are sized from the measured park granularity of this machine, so that its
 * settings mean the same latency on Linux (a park floor of tens of microseconds, set by the timer slack), macOS
 * and Windows (a park floor of one 15.6 ms timer tick unless the resolution is raised). See {@link IdlePreset} for the rules and {@link TimerProfile} for
 * the measurement.
 *
 * <p>Drop-in for Agrona's {@code AgentRunner} and for Aeron, which creates idle strategies from a class name
 * through the public no-arg constructor, e.g.
 * {@code -Daeron.sender.idle.strategy=io.github.idlekit.CalibratedIdleStrategy -Didlekit.preset=low-cpu}.
 *
 * <p>Instances made without an explicit profile follow {@link TimerProfile#current()}: after
 * {@link TimerProfile#recalibrate()} they adopt the new profile at the start of their next idle episode, never on
 * the work-found path. Constructing the first such instance measures the profile (about
 * {@value TimerProfile#DEFAULT_BUDGET_MS} ms, once per JVM) so that the first idle call does not.
 *
 * <p>Not thread-safe: one instance per thread, as with every Agrona idle strategy.
 */
public final class CalibratedIdleStrategy implements IdleStrategy
{
    private static final String SPEC_PREFIX = "calibrated:";

    private final PhasedIdleStrategy phases;
    private final IdlePreset preset;
    private final Duration maxPark;
    private final Supplier<TimerProfile> profiles;
    private TimerProfile profile;

    /**
     * A strategy following {@link TimerProfile#current()} with the preset named by
     * {@value IdlePreset#PRESET_PROPERTY}, {@link IdlePreset#BALANCED} by default.
     */
    public CalibratedIdleStrategy()
    {
        this(IdlePreset.fromSystemProperty());
    }

    /**
     * A strategy following {@link TimerProfile#current()} with {@code preset}.
     *
     * @param preset the trade-off between latency and CPU.
     */
    public CalibratedIdleStrategy(final IdlePreset preset)
    {
        this(TimerProfile.CURRENT::get, preset, null, SystemThreadWaits.INSTANCE);
    }

    /**
     * A strategy following {@link TimerProfile#current()} with {@code preset} and its longest park at
     * {@code maxPark} (at one floor if that is longer).
     *
     * @param preset  the trade-off between latency and CPU.
     * @param maxPark the longest park period, positive.
     */
    public CalibratedIdleStrategy(final IdlePreset preset, final Duration maxPark)
    {
        this(TimerProfile.CURRENT::get, preset, requireMaxPark(maxPark), SystemThreadWaits.INSTANCE);
    }

    /**
     * A strategy sized once from {@code profile}; it does not follow recalibration.
     *
     * @param profile the timer behaviour to size from.
     * @param preset  the trade-off between latency and CPU.
     */
    public CalibratedIdleStrategy(final TimerProfile profile, final IdlePreset preset)
    {
        this(fixed(Objects.requireNonNull(profile, "profile")), preset, null, SystemThreadWaits.INSTANCE);
    }

    /**
     * @param profiles gives the profile to follow: {@link TimerProfile#current()}'s cache, or always the same one.
     */
    CalibratedIdleStrategy(
        final Supplier<TimerProfile> profiles,
        final IdlePreset preset,
        final Duration maxPark,
        final ThreadWaits waits)
    {
        this.preset = Objects.requireNonNull(preset, "preset");
        this.maxPark = maxPark;
        this.profiles = profiles;
        this.profile = profiles.get();
        this.phases = new PhasedIdleStrategy(planFor(this.profile), waits);
    }

    /**
     * {@inheritDoc}
     */
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            phases.reset();
        }
        else
        {
            idle();
        }
    }

    /**
     * {@inheritDoc}
     */
    public void idle()
    {
        if (phases.isNotIdle())
        {
            adoptCurrentProfile();
        }
        phases.idle();
    }

    /**
     * {@inheritDoc}
     */
    public void reset()
    {
        phases.reset();
    }

    /**
     * @return {@code calibrated:<preset>}, or {@code calibrated:<preset>:<maxPark>} with an explicit maximum park.
     */
    public String alias()
    {
        return null == maxPark ?
            SPEC_PREFIX + preset.specName() :
            SPEC_PREFIX + preset.specName() + ":" + Durations.toSpec(maxPark.toNanos());
    }

    /**
     * @return the preset.
     */
    public IdlePreset preset()
    {
        return preset;
    }

    /**
     * @return the profile the current plan was sized from.
     */
    public TimerProfile profile()
    {
        return profile;
    }

    /**
     * @return the thresholds in force.
     */
    public IdlePlan plan()
    {
        return phases.plan();
    }

    /**
     * @return the alias, the plan and the profile.
     */
    public String toString()
    {
        return "CalibratedIdleStrategy{" + alias() + ": " + plan() + "; " + profile + "}";
    }

    private void adoptCurrentProfile()
    {
        final TimerProfile latest = profiles.get();
        if (latest != profile)
        {
            profile = latest;
            phases.replan(planFor(latest));
        }
    }

    private IdlePlan planFor(final TimerProfile timerProfile)
    {
        return null == maxPark ? preset.plan(timerProfile) : preset.plan(timerProfile, maxPark);
    }

    private static Supplier<TimerProfile> fixed(final TimerProfile profile)
    {
        return () -> profile;
    }

    private static Duration requireMaxPark(final Duration maxPark)
    {
        Durations.requirePositiveNanos("maxPark", maxPark);
        return maxPark;
    }
}
