package io.github.idlekit.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * Parses and prints the duration tokens used by spec strings and system properties
 * ({@code 500ns}, {@code 20us} or {@code 20µs}, {@code 1ms}, {@code 2s}), and formats nanoseconds for
 * people.
 *
 * <p>Idle thresholds live between a tenth of a microsecond and tens of milliseconds, so both parsing and
 * printing work in whole nanoseconds; printing for specs is exact so that a spec survives a round trip.
 */
public final class Durations
{
    private static final long NANOS_PER_MICRO = 1_000L;
    private static final long NANOS_PER_MILLI = 1_000_000L;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private Durations()
    {
    }

    /**
     * Parses a positive duration token such as {@code 70us} into nanoseconds.
     *
     * @param parameter the name of what is being parsed, used in the error message.
     * @param token     a decimal integer followed by {@code ns}, {@code us}, {@code µs}, {@code ms} or {@code s}.
     * @return the duration in nanoseconds, always &gt; 0.
     * @throws IllegalArgumentException naming {@code parameter} and the token if it is malformed, not positive or
     *                                  overflows a {@code long} of nanoseconds.
     */
    public static long parsePositiveNanos(final String parameter, final String token)
    {
        Objects.requireNonNull(token, parameter);
        final String trimmed = token.trim().toLowerCase(Locale.ROOT);
        int unitStart = 0;
        while (unitStart < trimmed.length() && Character.isDigit(trimmed.charAt(unitStart)))
        {
            unitStart++;
        }
        if (unitStart == 0)
        {
            throw invalid(parameter, token, trimmed.startsWith("-") ? "must be positive" :
                "expected a whole number followed by ns, us, ms or s");
        }
        final long nanosPerUnit = nanosPerUnit(parameter, token, trimmed.substring(unitStart));
        final long amount;
        try
        {
            amount = Long.parseLong(trimmed.substring(0, unitStart));
        }
        catch (final NumberFormatException ex)
        {
            throw invalid(parameter, token, "too large");
        }
        if (amount <= 0)
        {
            throw invalid(parameter, token, "must be positive");
        }
        if (amount > Long.MAX_VALUE / nanosPerUnit)
        {
            throw invalid(parameter, token, "too large");
        }
        return amount * nanosPerUnit;
    }

    /**
     * Returns {@code duration} in nanoseconds after checking it is positive.
     *
     * @param parameter the parameter name for the error message.
     * @param duration  the duration to check.
     * @return the duration in nanoseconds, &gt; 0.
     * @throws NullPointerException     naming {@code parameter} when {@code duration} is null.
     * @throws IllegalArgumentException naming {@code parameter} and the value when it is zero, negative or longer
     *                                  than {@code Long.MAX_VALUE} nanoseconds.
     */
    public static long requirePositiveNanos(final String parameter, final Duration duration)
    {
        Objects.requireNonNull(duration, parameter);
        if (duration.isZero() || duration.isNegative())
        {
            throw new IllegalArgumentException(parameter + " must be positive: " + duration);
        }
        try
        {
            return duration.toNanos();
        }
        catch (final ArithmeticException ex)
        {
            throw new IllegalArgumentException(parameter + " is too long: " + duration, ex);
        }
    }

    /**
     * Prints nanoseconds as the shortest exact spec token, e.g. {@code 70000} as {@code 70us}.
     *
     * @param nanos a positive number of nanoseconds.
     * @return a token that {@link #parsePositiveNanos(String, String)} turns back into {@code nanos}.
     */
    public static String toSpec(final long nanos)
    {
        if (nanos % NANOS_PER_SECOND == 0)
        {
            return nanos / NANOS_PER_SECOND + "s";
        }
        if (nanos % NANOS_PER_MILLI == 0)
        {
            return nanos / NANOS_PER_MILLI + "ms";
        }
        if (nanos % NANOS_PER_MICRO == 0)
        {
            return nanos / NANOS_PER_MICRO + "us";
        }
        return nanos + "ns";
    }

    /**
     * Prints nanoseconds for people with three significant digits at most, e.g. {@code 72 µs}, {@code 15.6 ms},
     * {@code 0.8 µs}.
     *
     * @param nanos a duration in nanoseconds, may be fractional or negative (parks that ended early).
     * @return the readable form.
     */
    public static String toHuman(final double nanos)
    {
        if (nanos < 0)
        {
            return "-" + toHuman(-nanos);
        }
        if (nanos < NANOS_PER_MICRO / 10.0)
        {
            return scaled(nanos, 1, "ns");
        }
        if (nanos < NANOS_PER_MILLI)
        {
            return scaled(nanos, NANOS_PER_MICRO, "µs");
        }
        if (nanos < NANOS_PER_SECOND)
        {
            return scaled(nanos, NANOS_PER_MILLI, "ms");
        }
        return scaled(nanos, NANOS_PER_SECOND, "s");
    }

    private static String scaled(final double nanos, final long unit, final String suffix)
    {
        final double value = nanos / unit;
        final String pattern = value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s";
        return String.format(Locale.ROOT, pattern, value, suffix);
    }

    private static long nanosPerUnit(final String parameter, final String token, final String unit)
    {
        switch (unit)
        {
            case "ns":
                return 1;
            case "us":
            case "µs":
                return NANOS_PER_MICRO;
            case "ms":
                return NANOS_PER_MILLI;
            case "s":
                return NANOS_PER_SECOND;
            case "":
                throw invalid(parameter, token, "has no unit, expected ns, us, ms or s");
            default:
                throw invalid(parameter, token, unit.charAt(0) == '.' || unit.charAt(0) == 'e' ?
                    "expected a whole number followed by ns, us, ms or s; write a fraction in a smaller unit" :
                    "unknown unit, expected ns, us, ms or s");
        }
    }

    private static IllegalArgumentException invalid(final String parameter, final String token, final String why)
    {
        return new IllegalArgumentException(parameter + ": '" + token + "' " + why);
    }
}
