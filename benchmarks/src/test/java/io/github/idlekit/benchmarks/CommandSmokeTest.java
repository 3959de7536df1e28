package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CommandSmokeTest
{
    @Test
    void compareWritesTableCsvAndChartAndSpinningBeatsSleeping(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Compare.run(new String[]{ "--workloads", "fixed-200us", "--strategies", "agrona-spin;agrona-sleep-ms",
            "--baseline", "agrona-sleep-ms", "--duration", "300ms", "--warmup", "50ms", "--out", out.toString() },
            new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("workload fixed-200us"), table);
        assertTrue(table.contains("agrona-spin") && table.contains("agrona-sleep-ms"), table);
        final List<String> csv = Files.readAllLines(out.resolve("compare.csv"));
        assertEquals(3, csv.size(), String.join("\n", csv));
        final Map<String, String[]> rows = new HashMap<>();
        for (final String line : csv.subList(1, csv.size()))
        {
            final String[] fields = line.split(",");
            assertEquals(csv.get(0).split(",").length, fields.length, line);
            rows.put(fields[1].replace("\"", ""), fields);
        }
        final long spinP50 = Long.parseLong(rows.get("agrona-spin")[3]);
        final long sleepP50 = Long.parseLong(rows.get("agrona-sleep-ms")[3]);
        final double spinCpu = Double.parseDouble(rows.get("agrona-spin")[12]);
        final double sleepCpu = Double.parseDouble(rows.get("agrona-sleep-ms")[12]);
        assertEquals(1.0, Double.parseDouble(rows.get("agrona-sleep-ms")[16]), 1e-9, "the baseline against itself");
        assertEquals(Double.parseDouble(rows.get("agrona-spin")[14]) / Double.parseDouble(rows.get("agrona-sleep-ms")[14]),
            Double.parseDouble(rows.get("agrona-spin")[16]), 0.01, "cost ratio at λ=1");
        assertTrue(table.contains("cost at λ=1 against agrona-sleep-ms"), table);
        assertTrue(Long.parseLong(rows.get("agrona-spin")[2]) > 100, "events measured");
        assertTrue(spinP50 < sleepP50, "busy-spin p50 " + spinP50 + " vs sleeping p50 " + sleepP50);
        assertTrue(spinCpu > sleepCpu, "busy-spin CPU " + spinCpu + " vs sleeping " + sleepCpu);
        final String svg = Files.readString(out.resolve("compare.svg"));
        assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>") && svg.contains("fixed-200us"));
    }

    @Test
    void pipelineMovesItemsForEverySource() throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Pipeline.run(new String[]{ "--strategies", "idlekit-balanced", "--duration", "200ms", "--warmup", "50ms" },
            new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        for (final String source : new String[]{ "saturated", "bursty" })
        {
            final String row = table.lines().filter(line -> line.startsWith(source)).findFirst().orElseThrow();
            final long itemsPerSecond = Long.parseLong(row.split("\\s+")[2].replace(",", ""));
            assertTrue(itemsPerSecond > 1_000, row);
        }
    }

    @Test
    void unknownOptionsAndStrategiesAreRejected()
    {
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> Compare.run(new String[]{ "--fast" }, System.out)).getMessage().contains("'--fast'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> Compare.run(new String[]{ "--strategies", "turbo" }, System.out)).getMessage().contains("'turbo'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> Pipeline.run(new String[]{ "--sources", "random" }, System.out)).getMessage().contains("'random'"));
    }
}
