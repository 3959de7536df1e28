package io.github.idlekit.benchmarks;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What a run's cells are judged by: cost = CPU per event + λ × mean latency, over the cost of a baseline strategy
 * in the same workload. λ is the user's trade-off, the knob idlekit's presets are set by (10, 1 and 0.1): a strategy
 * made for one λ is judged fairly only at that λ.
 *
 * @param baseline      the strategy every cell's cost is divided by, per workload.
 * @param latencyWeight λ, CPU nanoseconds per nanosecond of mean latency, positive and finite (the commands take it
 *                      through {@link Arguments#positiveFiniteDouble}).
 */
record Yardstick(String baseline, double latencyWeight)
{
    /**
     * @param arguments a command's options: {@code --baseline} (Agrona's backoff by default) and {@code --lambda}
     *                  (1 by default).
     * @param check     throws {@link IllegalArgumentException} for a baseline the command cannot run.
     * @return the yardstick they give.
     */
    static Yardstick of(final Arguments arguments, final Consumer<String> check)
    {
        final String baseline =
            StrategyCatalog.parseOne("baseline", arguments.value("--baseline", "agrona-backoff"), check);
        return new Yardstick(baseline, arguments.positiveFiniteDouble("--lambda", 1));
    }

    /**
     * @return {@code λ=1}, {@code λ=0.1}, {@code λ=2.5}: how tables and files name this λ.
     */
    String label()
    {
        final double weight = latencyWeight;
        return "λ=" + (weight == Math.rint(weight) && weight < 1e15 ? Long.toString((long)weight) :
            Double.toString(weight));
    }

    /**
     * @return the cell's cost at this λ.
     */
    double cost(final CellResult result)
    {
        return result.cost(latencyWeight);
    }

    /**
     * @return each cell's cost over the baseline's in the same workload (NaN where the baseline did not run), in
     * the order of {@code results}.
     */
    double[] ratios(final List<CellResult> results)
    {
        return ratios(results, workload -> baseline);
    }

    /**
     * @param referenceOf the strategy each workload's cells are compared with, by workload name.
     * @return each cell's cost over the cost of its workload's reference cell (NaN where there is none), in the
     * order of {@code results}.
     */
    double[] ratios(final List<CellResult> results, final Function<String, String> referenceOf)
    {
        final Map<String, Double> referenceCost = new HashMap<>();
        for (final CellResult result : results)
        {
            if (result.strategy().equals(referenceOf.apply(result.workload())))
            {
                referenceCost.put(result.workload(), cost(result));
            }
        }
        final double[] ratios = new double[results.size()];
        for (int i = 0; i < ratios.length; i++)
        {
            final CellResult result = results.get(i);
            ratios[i] = cost(result) / referenceCost.getOrDefault(result.workload(), Double.NaN);
        }
        return ratios;
    }
}
