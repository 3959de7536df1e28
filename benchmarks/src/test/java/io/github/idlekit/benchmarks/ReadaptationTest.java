package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReadaptationTest
{
    private static final Workload TWO_PHASES = Workload.parse("phases-1s:fixed-10us/fixed-10ms");

    @Test
    void countsTheEventsBeforeTheCostSettlesInEachPhase()
    {
        final int perPhase = 200;
        final long[] elapsedNs = new long[2 * perPhase];
        final long[] latencyNs = new long[2 * perPhase];
        final long[] cpuNs = new long[2 * perPhase];
        for (int i = 0; i < 2 * perPhase; i++)
        {
            final boolean second = i >= perPhase;
            final int inPhase = i % perPhase;
            elapsedNs[i] = (second ? 1_000_000_000L : 0) + inPhase * 1_000_000L;
            latencyNs[i] = second && inPhase < 30 ? 1_000_000 : 10_000;
            cpuNs[i] = 5_000;
        }

        final List<Readaptation.Stretch> stretches =
            Readaptation.of(TWO_PHASES, elapsedNs, latencyNs, cpuNs, elapsedNs.length);

        assertEquals(2, stretches.size());
        assertEquals(new Readaptation.Stretch("fixed-10us", perPhase, 0, 15_000), stretches.get(0));
        assertEquals("fixed-10ms", stretches.get(1).phase());
        assertEquals(30, stretches.get(1).settledAfter(), "the first 30 events cost 1 ms each, then 15 µs");
        assertEquals("fixed-10ms 30/200 (15.0 µs)", stretches.get(1).toString());
    }

    @Test
    void stretchesTooShortToJudgeAreLeftOut()
    {
        final long[] elapsedNs = new long[100];
        final long[] latencyNs = new long[100];
        final long[] cpuNs = new long[100];
        for (int i = 0; i < 100; i++)
        {
            elapsedNs[i] = i < 10 ? 999_000_000L : 1_000_000_000L + i;
            latencyNs[i] = i < 50 ? 1_000_000 : 0;
        }

        final List<Readaptation.Stretch> stretches = Readaptation.of(TWO_PHASES, elapsedNs, latencyNs, cpuNs, 100);

        assertEquals(1, stretches.size(), "the 10-event stretch is too short to judge");
        assertEquals(90, stretches.get(0).events());
        assertEquals(40, stretches.get(0).settledAfter(), stretches.toString());
    }
}
