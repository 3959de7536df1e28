package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BestFixedAgronaTest
{
    @Test
    void theSweepTriesAgronasShippedSettingsAndEachOtherSettingOnce()
    {
        final List<String> candidates = BestFixedAgrona.CANDIDATES;
        final Set<String> strategies = new HashSet<>();
        for (final String candidate : candidates)
        {
            strategies.add(StrategyCatalog.create(candidate).toString());
        }

        assertTrue(candidates.containsAll(List.of("agrona-backoff", "aeron-backoff", "agrona-spin", "agrona-sleep-ns")),
            candidates.toString());
        assertTrue(candidates.contains("agrona-backoff:10000,5,1us,100us"), candidates.toString());
        assertEquals(candidates.size(), strategies.size(), "no setting twice, under two names: " + candidates);
    }

    @Test
    void theCheapestAtTheRunsLambdaWinsAmongCellsThatMeasuredAnything()
    {
        final CellResult dearCpu = cell("spin", 100, 90_000, 1_000);
        final CellResult cheapest = cell("park", 100, 20_000, 50_000);
        final CellResult empty = cell("stuck", 0, 0, 0);

        // λ = 1: 91 µs against 70 µs; λ = 10: 100 µs against 520 µs
        assertEquals(cheapest, BestFixedAgrona.cheapest(List.of(dearCpu, empty, cheapest), new Yardstick("b", 1)));
        assertEquals(dearCpu, BestFixedAgrona.cheapest(List.of(dearCpu, empty, cheapest), new Yardstick("b", 10)));
        assertThrows(IllegalStateException.class,
            () -> BestFixedAgrona.cheapest(List.of(empty), new Yardstick("b", 1)));
    }

    @Test
    void eachStrategyIsComparedWithTheBestFixedSettingOfEachWorkload()
    {
        final List<CellResult> results = List.of(
            Cells.cell("idlekit", "a", 100, 10_000, 10_000), Cells.cell("agrona-backoff", "a", 100, 30_000, 10_000),
            Cells.cell("agrona-spin", "a", 100, 15_000, 0),
            Cells.cell("idlekit", "b", 100, 10_000, 70_000), Cells.cell("agrona-backoff", "b", 100, 20_000, 20_000));
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        ResultTable.printAgainstBestFixed(results, Map.of("a", "agrona-spin", "b", "agrona-backoff"),
            List.of("idlekit", "agrona-backoff"), new Yardstick("agrona-backoff", 1),
            new PrintStream(bytes, true, StandardCharsets.UTF_8));

        final String text = bytes.toString(StandardCharsets.UTF_8);
        // idlekit: 20 µs against 15 µs in a, 80 µs against 40 µs in b
        assertTrue(text.contains("idlekit                geomean 1.63, worst 2.00"), text);
        assertTrue(text.contains("agrona-backoff         geomean 1.63, worst 2.67"), text);
        assertTrue(text.contains("agrona-spin") && text.contains("  a "), text);
    }

    private static CellResult cell(final String strategy, final long events, final long cpuPerEventNs,
        final double meanLatencyNs)
    {
        return Cells.cell(strategy, "w", events, cpuPerEventNs, meanLatencyNs);
    }
}
