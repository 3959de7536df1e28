package io.github.idlekit.benchmarks;

import io.github.idlekit.CalibratedIdleStrategy;
import io.github.idlekit.IdlePreset;
import io.github.idlekit.IdleStrategies;
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
import java.util.function.Supplier;

/**
 * The strategies the benchmarks compare, by name: every idlekit preset and the Agrona strategies users run
 * today with the settings they ship with. Any other name is read as an idlekit spec.
 */
final class StrategyCatalog
{
    private static final Map<String, Supplier<IdleStrategy>> NAMED = new LinkedHashMap<>();

    static
    {
        for (final IdlePreset preset : IdlePreset.values())
        {
            NAMED.put("idlekit-" + preset.specName(), () -> new CalibratedIdleStrategy(preset));
        }
        NAMED.put("agrona-backoff", BackoffIdleStrategy::new);
        NAMED.put("aeron-backoff", () -> new BackoffIdleStrategy(10, 20, 1_000, 1_000_000));
        NAMED.put("agrona-sleep-ns", SleepingIdleStrategy::new);
        NAMED.put("agrona-sleep-ms", SleepingMillisIdleStrategy::new);
        NAMED.put("agrona-yield", () -> YieldingIdleStrategy.INSTANCE);
        NAMED.put("agrona-spin", () -> BusySpinIdleStrategy.INSTANCE);
    }

    private StrategyCatalog()
    {
    }

    /**
     * @return the names of the built-in strategies, idlekit first.
     */
    static List<String> names()
    {
        return new ArrayList<>(NAMED.keySet());
    }

    /**
     * @param name a catalogue name or an idlekit spec.
     * @return a new instance (or Agrona's shared one for stateless strategies).
     */
    static IdleStrategy create(final String name)
    {
        final Supplier<IdleStrategy> supplier = NAMED.get(name);
        return null != supplier ? supplier.get() : IdleStrategies.parse(name);
    }

    /**
     * Parses a {@code ;}-separated list of names or specs (specs contain commas).
     *
     * @param list e.g. {@code idlekit-balanced;agrona-backoff;spin:5us,park:50us..1ms}.
     * @return the names, each checked by creating it once.
     */
    static List<String> parseList(final String list)
    {
        final List<String> names = new ArrayList<>();
        for (final String raw : list.split(";"))
        {
            final String name = raw.trim();
            if (!name.isEmpty())
            {
                create(name);
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
