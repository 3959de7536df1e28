package io.github.idlekit;

import io.github.idlekit.internal.Durations;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Entry points for building idle strategies in code and from spec strings.
 *
 * <p>In code, phases are chained in their fixed order, spin then yield then park:
 * <pre>{@code
 * IdleStrategy idle = IdleStrategies.spin(Duration.of(20, ChronoUnit.MICROS))
 *     .thenYield(Duration.of(50, ChronoUnit.MICROS))
 *     .thenPark(Duration.of(70, ChronoUnit.MICROS), Duration.ofMillis(1));
 * }</pre>
 *
 * <p>From configuration, {@link #parse(String)} accepts:
 * <ul>
 *     <li>{@code calibrated}, {@code calibrated:<preset>}, {@code calibrated:lambda=<λ>} (or {@code λ=}), each
 *     optionally followed by {@code :<maxPark>}, e.g. {@code calibrated:low-cpu:2ms} or
 *     {@code calibrated:lambda=2.5:1ms}: an adaptive {@link CalibratedIdleStrategy};</li>
 *     <li>{@code wakeable} or {@code wakeable:<maxPark>}: a {@link WakeableIdleStrategy} (longest park
 *     {@link WakeableIdleStrategy#DEFAULT_MAX_PARK} by default), which producers wake;</li>
 *     <li>{@code fixed:<preset>}: the preset's static, floor-sized plan for the current {@link TimerProfile}, as a
 *     {@link PhasedIdleStrategy}, with the preset's own longest park;</li>
 *     <li>phase lists such as {@code spin:20us,yield:50us,park:70us..1ms}: a {@link PhasedIdleStrategy}. A spin or
 *     yield phase takes a duration ({@code 20us}), a count of idle calls ({@code 100}), or nothing or
 *     {@code forever} when it is the last phase; a park phase takes {@code min..max}, optionally with a growth
 *     factor per park ({@code park:70us..1ms*1.25}, doubling by default), or one fixed period, and optionally
 *     an overshoot to subtract from every request ({@code park:113us..1ms-57us}: each park is requested 57 µs
 *     shorter, so that on an OS that oversleeps by 57 µs it lasts its period);</li>
 *     <li>Agrona's aliases {@code noop}, {@code spin}, {@code yield}, {@code sleep-ns}, {@code sleep-ms} and
 *     {@code backoff}, which give Agrona's own strategies with their defaults.</li>
 * </ul>
 * Case does not matter ({@code Calibrated:Low-CPU:2MS} is {@code calibrated:low-cpu:2ms}). Every idlekit strategy's
 * {@code alias()} is a spec that {@code parse} turns back into an equivalent strategy.
 */
public final class IdleStrategies
{
    /**
     * The argument that marks a spin or yield phase as unbounded.
     */
    public static final String FOREVER = "forever";

    private static final String CALIBRATED = "calibrated";
    private static final String FIXED = "fixed";
    private static final String WAKEABLE = "wakeable";
    private static final String LAMBDA = "lambda=";
    private static final String LAMBDA_SYMBOL = "λ=";

    private IdleStrategies()
    {
    }

    /**
     * Start a plan with a spin phase of {@code duration}.
     *
     * @param duration positive time spent spinning.
     * @return the plan so far.
     */
    public static SpinStage spin(final Duration duration)
    {
        return new SpinStage(0, Durations.requirePositiveNanos("spin", duration));
    }

    /**
     * Start a plan with a spin phase of {@code count} idle calls.
     *
     * @param count positive number of spins.
     * @return the plan so far.
     */
    public static SpinStage spin(final long count)
    {
        return new SpinStage(requirePositiveCount("spin", count), 0);
    }

    /**
     * A strategy that only spins: the lowest wake-up latency, a whole core burnt while idle.
     *
     * @return the strategy.
     */
    public static PhasedIdleStrategy spin()
    {
        return new PhasedIdleStrategy(new IdlePlan(IdlePlan.UNBOUNDED, 0, 0, 0, 0, 0, IdlePlan.DOUBLING, 0));
    }

    /**
     * Start a plan with a yield phase of {@code duration}.
     *
     * @param duration positive time spent yielding.
     * @return the plan so far.
     */
    public static YieldStage yielding(final Duration duration)
    {
        return new YieldStage(0, 0, 0, Durations.requirePositiveNanos("yield", duration));
    }

    /**
     * Start a plan with a yield phase of {@code count} idle calls.
     *
     * @param count positive number of yields.
     * @return the plan so far.
     */
    public static YieldStage yielding(final long count)
    {
        return new YieldStage(0, 0, requirePositiveCount("yield", count), 0);
    }

    /**
     * A strategy that only parks, doubling the period from {@code minPark} to {@code maxPark}.
     *
     * @param minPark the first park period, positive.
     * @param maxPark the longest park period, at least {@code minPark}.
     * @return the strategy.
     */
    public static PhasedIdleStrategy park(final Duration minPark, final Duration maxPark)
    {
        return new YieldStage(0, 0, 0, 0).thenPark(minPark, maxPark);
    }

    /**
     * Parses a spec string; see the class documentation for the syntax.
     *
     * @param spec the spec.
     * @return a new strategy, or Agrona's shared instance for {@code noop}, {@code spin} and {@code yield}.
     * @throws NullPointerException     when {@code spec} is null.
     * @throws IllegalArgumentException quoting the spec and the offending token when it is malformed.
     */
    public static IdleStrategy parse(final String spec)
    {
        Objects.requireNonNull(spec, "spec");
        final String trimmed = spec.trim().toLowerCase(Locale.ROOT);
        final IdleStrategy agrona = agronaStrategy(trimmed);
        if (null != agrona)
        {
            return agrona;
        }
        try
        {
            if (trimmed.equals(CALIBRATED))
            {
                return new CalibratedIdleStrategy();
            }
            if (trimmed.startsWith(CALIBRATED + ":"))
            {
                return parseCalibrated(trimmed.substring(CALIBRATED.length() + 1));
            }
            if (trimmed.equals(WAKEABLE))
            {
                return new WakeableIdleStrategy();
            }
            if (trimmed.startsWith(WAKEABLE + ":"))
            {
                return new WakeableIdleStrategy(Duration.ofNanos(
                    Durations.parsePositiveNanos("maxPark", trimmed.substring(WAKEABLE.length() + 1))));
            }
            if (trimmed.startsWith(FIXED + ":"))
            {
                final String name = trimmed.substring(FIXED.length() + 1);
                if (name.indexOf(':') >= 0)
                {
                    throw new IllegalArgumentException(
                        "fixed:<preset> takes no maxPark, the preset's plan has its own: '" + name + "'");
                }
                return new PhasedIdleStrategy(IdlePreset.fromName(name).plan(TimerProfile.current()));
            }
            return new PhasedIdleStrategy(parsePlan(trimmed));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("spec '" + spec + "': " + ex.getMessage(), ex);
        }
    }

    static long requirePositiveCount(final String parameter, final long count)
    {
        if (count <= 0 || count == IdlePlan.UNBOUNDED)
        {
            throw new IllegalArgumentException(parameter + " count must be positive and finite: " + count);
        }
        return count;
    }

    private static IdleStrategy agronaStrategy(final String alias)
    {
        switch (alias)
        {
            case NoOpIdleStrategy.ALIAS:
                return NoOpIdleStrategy.INSTANCE;
            case BusySpinIdleStrategy.ALIAS:
                return BusySpinIdleStrategy.INSTANCE;
            case YieldingIdleStrategy.ALIAS:
                return YieldingIdleStrategy.INSTANCE;
            case SleepingIdleStrategy.ALIAS:
                return new SleepingIdleStrategy();
            case SleepingMillisIdleStrategy.ALIAS:
                return new SleepingMillisIdleStrategy();
            case BackoffIdleStrategy.ALIAS:
                return new BackoffIdleStrategy();
            default:
                return null;
        }
    }

    private static CalibratedIdleStrategy parseCalibrated(final String arguments)
    {
        final int colon = arguments.indexOf(':');
        final String weight = (colon < 0 ? arguments : arguments.substring(0, colon)).trim();
        final Duration maxPark = colon < 0 ?
            null : Duration.ofNanos(Durations.parsePositiveNanos("maxPark", arguments.substring(colon + 1)));
        final String lambda = weight.startsWith(LAMBDA) ? weight.substring(LAMBDA.length()) :
            weight.startsWith(LAMBDA_SYMBOL) ? weight.substring(LAMBDA_SYMBOL.length()) : null;
        if (null == lambda)
        {
            final IdlePreset preset = IdlePreset.fromName(weight);
            return null == maxPark ? new CalibratedIdleStrategy(preset) : new CalibratedIdleStrategy(preset, maxPark);
        }
        final double latencyWeight;
        try
        {
            latencyWeight = Double.parseDouble(lambda.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("latencyWeight (λ) is not a number: '" + lambda + "'", ex);
        }
        return null == maxPark ?
            new CalibratedIdleStrategy(latencyWeight) : new CalibratedIdleStrategy(latencyWeight, maxPark);
    }

    private static IdlePlan parsePlan(final String spec)
    {
        final long[] spin = { 0, 0 };
        final long[] yield = { 0, 0 };
        long minParkNs = 0;
        long maxParkNs = 0;
        double parkGrowth = IdlePlan.DOUBLING;
        long parkOvershootNs = 0;
        int lastPhase = -1;
        String unboundedToken = null;
        for (final String rawToken : spec.split(",", -1))
        {
            final String token = rawToken.trim();
            final int colon = token.indexOf(':');
            final String name = colon < 0 ? token : token.substring(0, colon);
            final String argument = colon < 0 ? null : token.substring(colon + 1).trim();
            final int phase = phaseIndex(name, token);
            if (phase <= lastPhase)
            {
                throw new IllegalArgumentException(
                    "phase '" + token + "' out of order or repeated; phases go spin, yield, park");
            }
            if (null != unboundedToken)
            {
                throw new IllegalArgumentException(
                    "phase '" + token + "' follows the unbounded phase '" + unboundedToken + "'");
            }
            lastPhase = phase;
            if (phase == 2)
            {
                if (null == argument)
                {
                    throw new IllegalArgumentException("phase '" + token + "' needs a period, e.g. park:70us..1ms");
                }
                final int dash = argument.indexOf('-');
                final String ladder = dash < 0 ? argument : argument.substring(0, dash);
                if (dash >= 0)
                {
                    parkOvershootNs = Durations.parsePositiveNanos("parkOvershoot", argument.substring(dash + 1));
                }
                final int star = ladder.indexOf('*');
                final String periods = star < 0 ? ladder : ladder.substring(0, star);
                final int range = periods.indexOf("..");
                minParkNs = Durations.parsePositiveNanos("minPark", range < 0 ? periods : periods.substring(0, range));
                maxParkNs = range < 0 ?
                    minParkNs : Durations.parsePositiveNanos("maxPark", periods.substring(range + 2));
                if (star >= 0)
                {
                    parkGrowth = parseGrowth(token, ladder.substring(star + 1));
                }
            }
            else
            {
                final long[] bound = phase == 0 ? spin : yield;
                parseBound(token, argument, bound);
                if (bound[0] == IdlePlan.UNBOUNDED)
                {
                    unboundedToken = token;
                }
            }
        }
        return new IdlePlan(spin[0], spin[1], yield[0], yield[1], minParkNs, maxParkNs, parkGrowth, parkOvershootNs);
    }

    private static double parseGrowth(final String token, final String growth)
    {
        try
        {
            return Double.parseDouble(growth.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("growth in '" + token + "' is not a number: '" + growth + "'", ex);
        }
    }

    private static int phaseIndex(final String name, final String token)
    {
        switch (name)
        {
            case "spin":
                return 0;
            case "yield":
                return 1;
            case "park":
                return 2;
            default:
                throw new IllegalArgumentException(
                    "unknown phase '" + token + "'; expected spin, yield or park, or one of calibrated, wakeable, " +
                    "noop, spin, yield, sleep-ns, sleep-ms, backoff");
        }
    }

    private static void parseBound(final String token, final String argument, final long[] countAndNanos)
    {
        if (null == argument || argument.equals(FOREVER))
        {
            countAndNanos[0] = IdlePlan.UNBOUNDED;
        }
        else if (!argument.isEmpty() && argument.chars().allMatch(Character::isDigit))
        {
            final long count;
            try
            {
                count = Long.parseLong(argument);
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("count in '" + token + "' is too large", ex);
            }
            countAndNanos[0] = requirePositiveCount("'" + token + "'", count);
        }
        else
        {
            countAndNanos[1] = Durations.parsePositiveNanos("'" + token + "'", argument);
        }
    }
}
