package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The {@code --name value} and {@code --flag} arguments of one command, checked against what the command
 * accepts so that a typo fails instead of being ignored.
 */
final class Arguments
{
    private final String command;
    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new HashSet<>();

    Arguments(final String command, final String[] args, final Set<String> valueNames, final Set<String> flagNames)
    {
        this.command = command;
        for (int i = 0; i < args.length; i++)
        {
            final String name = args[i];
            if (flagNames.contains(name))
            {
                flags.add(name);
            }
            else if (valueNames.contains(name))
            {
                if (i + 1 == args.length)
                {
                    throw new IllegalArgumentException(command + ": " + name + " needs a value");
                }
                values.put(name, args[++i]);
            }
            else
            {
                throw new IllegalArgumentException(
                    command + ": unknown option '" + name + "'; options: " + valueNames + " " + flagNames);
            }
        }
    }

    boolean flag(final String name)
    {
        return flags.contains(name);
    }

    String value(final String name, final String defaultValue)
    {
        return values.getOrDefault(name, defaultValue);
    }

    long nanos(final String name, final String defaultValue)
    {
        return Durations.parsePositiveNanos(command + " " + name, value(name, defaultValue));
    }

    long positiveLong(final String name, final long defaultValue)
    {
        return parsed(name, defaultValue, text ->
        {
            final long value = Long.parseLong(text);
            return value > 0 ? value : null;
        }, "a positive integer");
    }

    double positiveFiniteDouble(final String name, final double defaultValue)
    {
        return parsed(name, defaultValue, text ->
        {
            final double value = Double.parseDouble(text);
            return value > 0 && !Double.isInfinite(value) ? value : null;
        }, "a positive, finite number");
    }

    /**
     * @param valid turns the option's text into its value, or into null (or a {@link NumberFormatException}) where
     *              the text is not {@code expected}.
     */
    private <T> T parsed(
        final String name, final T defaultValue, final Function<String, T> valid, final String expected)
    {
        final String text = values.get(name);
        if (null == text)
        {
            return defaultValue;
        }
        T value = null;
        try
        {
            value = valid.apply(text.trim());
        }
        catch (final NumberFormatException ignore)
        {
            // reported below with the parameter's name
        }
        if (null == value)
        {
            throw new IllegalArgumentException(command + " " + name + ": '" + text + "' is not " + expected);
        }
        return value;
    }
}
