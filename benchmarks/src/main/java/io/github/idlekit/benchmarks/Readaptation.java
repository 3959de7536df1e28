package io.github.idlekit.benchmarks;

import io.github.idlekit.internal.Durations;

import java.util.ArrayList;
import java.util.List;

/**
 * How many events a strategy takes to settle after a phased workload switches phase: for each stretch of one
 * phase, the first event from which the mean cost (CPU + λ × latency, λ = 1) of the next {@value #WINDOW} events
 * is within {@value #TOLERANCE} times the mean cost of the stretch's second half, plus {@value #SLACK_NS} ns so
 * that phases costing next to nothing do not turn noise into a count. A fixed ladder settles at once by this
 * measure (it has nothing to learn); a learning strategy shows what its learning costs.
 */
final class Readaptation
{
    static final int WINDOW = 16;
    static final double TOLERANCE = 1.25;
    static final long SLACK_NS = 2_000;

    /**
     * One stretch of one phase.
     *
     * @param phase        the phase's workload name.
     * @param events       events measured in the stretch.
     * @param settledAfter events before the strategy settled: at most {@code events - WINDOW}, since some window of the
     *                     second half is always within the bound.
     * @param settledCost  the stretch's second-half mean cost, in nanoseconds.
     */
    record Stretch(String phase, int events, int settledAfter, double settledCost)
    {
        /**
         * @return e.g. {@code fixed-10ms 23/190 (1.20 ms)}.
         */
        public String toString()
        {
            return phase + " " + settledAfter + "/" + events + " (" + Durations.toHuman(settledCost) + ")";
        }
    }

    private Readaptation()
    {
    }

    /**
     * @param elapsedNs  each event's publish time since the run started.
     * @param latencyNs  each event's latency.
     * @param cpuNs      the consumer's CPU time since the previous event, for each event.
     * @param count      how many events the arrays hold.
     * @return the stretches in order, each of at least {@code 2 × WINDOW} events.
     */
    static List<Stretch> of(
        final Workload workload, final long[] elapsedNs, final long[] latencyNs, final long[] cpuNs, final int count)
    {
        final List<Stretch> stretches = new ArrayList<>();
        int from = 0;
        for (int i = 1; i <= count; i++)
        {
            if (i == count || workload.phaseAt(elapsedNs[i]) != workload.phaseAt(elapsedNs[from]))
            {
                if (i - from >= 2 * WINDOW)
                {
                    stretches.add(stretch(workload.phaseName(workload.phaseAt(elapsedNs[from])), latencyNs, cpuNs,
                        from, i));
                }
                from = i;
            }
        }
        return stretches;
    }

    private static Stretch stretch(
        final String phase, final long[] latencyNs, final long[] cpuNs, final int from, final int to)
    {
        final int half = from + (to - from) / 2;
        double settled = 0;
        for (int i = half; i < to; i++)
        {
            settled += cpuNs[i] + latencyNs[i];
        }
        settled /= to - half;
        final double bound = TOLERANCE * settled + SLACK_NS;
        double window = 0;
        for (int i = from; i < to; i++)
        {
            window += cpuNs[i] + latencyNs[i];
            if (i - from >= WINDOW)
            {
                window -= cpuNs[i - WINDOW] + latencyNs[i - WINDOW];
            }
            if (i - from >= WINDOW - 1 && window / WINDOW <= bound)
            {
                return new Stretch(phase, to - from, i - WINDOW + 1 - from, settled);
            }
        }
        return new Stretch(phase, to - from, to - from - WINDOW, settled);
    }
}
