package io.github.idlekit.benchmarks;

import io.github.idlekit.CalibratedIdleStrategy;
import io.github.idlekit.IdlePreset;
import io.github.idlekit.IdleStrategies;
import io.github.idlekit.WakeableIdleStrategy;
import io.github.idlekit.internal.Durations;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The strategies the benchmarks compare, by name: every idlekit preset, the wakeable strategy and the bare
 * park/unpark pair it is judged against, the Agrona strategies users run today with the settings they ship
 * with, and Agrona's backoff with any other settings ({@value #BACKOFF_PREFIX}{@code <max spins>,<max yields>,
 * <min park>,<max park>}), as a user who tunes it would set it. Any other name is read as the class name of an
 * {@link IdleStrategy} with a public no-arg constructor (a user's own strategy, created as Aeron creates them) when
 * it looks like one, else as an idlekit spec.
 */
final class StrategyCatalog
{
    static final String BACKOFF_PREFIX = "agrona-backoff:";

    private static final Map<String, Supplier<IdleStrategy>> NAMED = new LinkedHashMap<>();
    private static final Map<String, Supplier<IdleStrategy>> BASELINES = new LinkedHashMap<>();

    static
    {
        for (final IdlePreset preset : IdlePreset.values())
        {
            NAMED.put("idlekit-" + preset.specName(), () -> new CalibratedIdleStrategy(preset));
        }
        NAMED.put("idlekit-wakeable", WakeableIdleStrategy::new);
        NAMED.put("agrona-backoff", BackoffIdleStrategy::new);
        NAMED.put("aeron-backoff", () -> new BackoffIdleStrategy(10, 20, 1_000, 1_000_000));
        NAMED.put("agrona-sleep-ns", SleepingIdleStrategy::new);
        NAMED.put("agrona-sleep-ms", SleepingMillisIdleStrategy::new);
        NAMED.put("agrona-yield", () -> YieldingIdleStrategy.INSTANCE);
        NAMED.put("agrona-spin", () -> BusySpinIdleStrategy.INSTANCE);
        for (final BareParkIdleStrategy.Before before : BareParkIdleStrategy.Before.values())
        {
            final Supplier<IdleStrategy> bare = () -> new BareParkIdleStrategy(before);
            BASELINES.put(bare.get().alias(), bare);
        }
    }

    private StrategyCatalog()
    {
    }

    /**
     * @return the names of the built-in strategies, idlekit first: what the commands run by default.
     */
    static List<String> names()
    {
        return new ArrayList<>(NAMED.keySet());
    }

    /**
     * @return the names of the bare park/unpark pairs a woken worker is judged against; run only when named.
     */
    static List<String> baselineNames()
    {
        return new ArrayList<>(BASELINES.keySet());
    }

    /**
     * @param name a catalogue name, the class name of an {@link IdleStrategy} with a public no-arg constructor on
     *             the class path (as Aeron takes them), or an idlekit spec.
     * @return a new instance (or Agrona's shared one for stateless strategies).
     * @throws IllegalArgumentException naming the strategy when it is none of these.
     */
    static IdleStrategy create(final String name)
    {
        final Supplier<IdleStrategy> supplier = NAMED.containsKey(name) ? NAMED.get(name) : BASELINES.get(name);
        if (null != supplier)
        {
            return supplier.get();
        }
        if (name.startsWith(BACKOFF_PREFIX))
        {
            return backoff(name);
        }
        return looksLikeClassName(name) ? instantiate(name) : IdleStrategies.parse(name);
    }

    /**
     * @param maxSpins      Agrona's {@code maxSpins}.
     * @param maxYields     Agrona's {@code maxYields}.
     * @param minParkNs     Agrona's {@code minParkPeriodNs}.
     * @param maxParkNs     Agrona's {@code maxParkPeriodNs}.
     * @return the name {@link #create} makes that backoff from, e.g. {@code agrona-backoff:1000,5,1us,100us}.
     */
    static String backoffName(final long maxSpins, final long maxYields, final long minParkNs, final long maxParkNs)
    {
        return BACKOFF_PREFIX + maxSpins + "," + maxYields + "," + Durations.toSpec(minParkNs) + "," +
            Durations.toSpec(maxParkNs);
    }

    private static IdleStrategy backoff(final String name)
    {
        final String[] settings = name.substring(BACKOFF_PREFIX.length()).split(",", -1);
        if (settings.length != 4)
        {
            throw new IllegalArgumentException("strategy '" + name + "': expected " + BACKOFF_PREFIX +
                "<max spins>,<max yields>,<min park>,<max park>, e.g. " + backoffName(10, 5, 1_000, 1_000_000));
        }
        final long maxSpins = count(name, "max spins", settings[0]);
        final long maxYields = count(name, "max yields", settings[1]);
        final long minParkNs = Durations.parsePositiveNanos("strategy '" + name + "': min park", settings[2]);
        final long maxParkNs = Durations.parsePositiveNanos("strategy '" + name + "': max park", settings[3]);
        if (maxParkNs < minParkNs)
        {
            throw new IllegalArgumentException("strategy '" + name + "': max park " + settings[3] +
                " is shorter than min park " + settings[2]);
        }
        return new BackoffIdleStrategy(maxSpins, maxYields, minParkNs, maxParkNs);
    }

    private static long count(final String name, final String setting, final String text)
    {
        final String trimmed = text.trim();
        if (trimmed.isEmpty() || trimmed.length() > 18 || !trimmed.chars().allMatch(Character::isDigit))
        {
            throw new IllegalArgumentException(
                "strategy '" + name + "': " + setting + " '" + text + "' is not a whole number of calls");
        }
        return Long.parseLong(trimmed);
    }

    /**
     * @param strategy a strategy made by {@link #create}.
     * @return what a producer calls after publishing to wake a worker idling with {@code strategy}, or null when
     * it cannot be woken.
     */
    static Runnable wakerOf(final IdleStrategy strategy)
    {
        if (strategy instanceof WakeableIdleStrategy)
        {
            return ((WakeableIdleStrategy)strategy)::wake;
        }
        if (strategy instanceof BareParkIdleStrategy)
        {
            return ((BareParkIdleStrategy)strategy)::wake;
        }
        return null;
    }

    private static boolean looksLikeClassName(final String name)
    {
        return name.indexOf('.') > 0 && name.chars().allMatch(c -> Character.isJavaIdentifierPart(c) || c == '.');
    }

    private static IdleStrategy instantiate(final String className)
    {
        final Class<?> type;
        try
        {
            type = Class.forName(className, true, StrategyCatalog.class.getClassLoader());
        }
        catch (final ClassNotFoundException | LinkageError ex)
        {
            throw new IllegalArgumentException("strategy '" + className + "': no such class on the class path", ex);
        }
        if (!IdleStrategy.class.isAssignableFrom(type))
        {
            throw new IllegalArgumentException(
                "strategy '" + className + "': not an " + IdleStrategy.class.getName());
        }
        try
        {
            return (IdleStrategy)type.getConstructor().newInstance();
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalArgumentException("strategy '" + className + "': no public no-arg constructor", ex);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalArgumentException("strategy '" + className + "': could not be created: " +
                (null == ex.getCause() ? ex : ex.getCause()), ex);
        }
    }

    /**
     * Parses a {@code ;}-separated list of names or specs (specs contain commas).
     *
     * @param list e.g. {@code idlekit-balanced;agrona-backoff;spin:5us,park:50us..1ms}.
     * @return the names, each checked by creating it once.
     */
    static List<String> parseList(final String list)
    {
        return parseList(list, StrategyCatalog::create);
    }

    /**
     * Parses the one strategy name that {@code check} accepts given as {@code parameter}.
     *
     * @param parameter what the name is, for the message, e.g. {@code baseline}.
     * @param value     the name.
     * @param check     throws {@link IllegalArgumentException} for a name it does not accept.
     * @return the name.
     */
    static String parseOne(final String parameter, final String value, final Consumer<String> check)
    {
        final List<String> names = parseList(value, check);
        if (names.size() != 1)
        {
            throw new IllegalArgumentException(
                parameter + ": '" + value + "' names " + names.size() + " strategies, not one");
        }
        return names.get(0);
    }

    /**
     * Parses a {@code ;}-separated list of strategy names that {@code check} accepts.
     *
     * @param list  the names.
     * @param check throws {@link IllegalArgumentException} for a name it does not accept.
     * @return the names.
     */
    static List<String> parseList(final String list, final Consumer<String> check)
    {
        final List<String> names = new ArrayList<>();
        for (final String raw : list.split(";"))
        {
            final String name = raw.trim();
            if (!name.isEmpty())
            {
                check.accept(name);
                if (names.contains(name))
                {
                    throw new IllegalArgumentException("strategies: '" + list + "' names " + name + " twice");
                }
                names.add(name);
            }
        }
        if (names.isEmpty())
        {
            throw new IllegalArgumentException("strategies: '" + list + "' names no strategy");
        }
        return names;
    }
}
