package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class YardstickTest
{
    // in workload a, a spinner: 90 µs of CPU per event, 1 µs of latency; a parker: 20 µs and 50 µs
    private static final List<CellResult> RESULTS = List.of(
        Cells.cell("spinner", "a", 100, 90_000, 1_000), Cells.cell("parker", "a", 100, 20_000, 50_000),
        Cells.cell("spinner", "b", 100, 10_000, 0));

    @Test
    void theRatiosAreCostsAtTheRunsLambdaOverTheBaselinesInTheSameWorkload()
    {
        assertArrayEquals(new double[]{ 91.0 / 70, 1, Double.NaN }, new Yardstick("parker", 1).ratios(RESULTS), 1e-9);
        assertArrayEquals(new double[]{ 100.0 / 520, 1, Double.NaN }, new Yardstick("parker", 10).ratios(RESULTS),
            1e-9);
        assertArrayEquals(new double[]{ 90.1 / 25, 1, Double.NaN }, new Yardstick("parker", 0.1).ratios(RESULTS),
            1e-9);
    }

    @Test
    void theTableTheFilesAndTheChartNameTheLambdaTheirRatiosAreAt()
    {
        final Yardstick yardstick = new Yardstick("parker", 10);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        ResultTable.print(RESULTS, yardstick, "legend", new PrintStream(bytes, true, StandardCharsets.UTF_8));

        final String table = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("÷baseline: cost at λ=10 over parker's") &&
            table.contains("cost at λ=10 against parker, over all workloads above:") &&
            table.contains("spinner                geomean 0.19, worst 0.19"), table);
        final String csv = ResultTable.csv(RESULTS, yardstick);
        assertTrue(csv.contains("a,\"spinner\",") && csv.contains(",0.1923,"), csv);
        assertTrue(new SvgChart("machine", yardstick).render(RESULTS)
            .contains("cost at λ=10: CPU per event + λ × mean latency, over parker's"));
        assertEquals("λ=0.1", new Yardstick("parker", 0.1).label());
        assertEquals("λ=2.5", new Yardstick("parker", 2.5).label());
    }
}
