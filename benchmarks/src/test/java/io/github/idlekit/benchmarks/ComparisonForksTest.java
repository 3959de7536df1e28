package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonForksTest
{
    @Test
    void aSpreadIsTheMedianAndRangeOfTheForksThatHadTheCell()
    {
        final ComparisonForks.Spread odd = new ComparisonForks.Spread("exp-1ms", "a", new double[]{ 1.2, 0.8, 0.9 },
            new double[]{ 150, 30, 40 });
        final ComparisonForks.Spread even = new ComparisonForks.Spread("exp-1ms", "a",
            new double[]{ 1.2, Double.NaN, 0.8, 0.9, 0.7 }, new double[]{ 150, Double.NaN, 30, 40, Double.NaN });

        assertEquals(0.9, odd.median());
        assertEquals(0.8, odd.lowest());
        assertEquals(1.2, odd.highest());
        assertEquals(1, odd.above(1.0));
        assertEquals(0.85, even.median(), 1e-12);
        assertEquals(0.7, even.lowest());
        assertEquals(1, even.above(1.0));
        assertEquals(40, odd.medianCompilingMs());
        assertEquals(40, even.medianCompilingMs(), "the forks that reported it");
        final ComparisonForks.Spread none =
            new ComparisonForks.Spread("w", "a", new double[]{ Double.NaN }, new double[]{ Double.NaN });
        assertTrue(Double.isNaN(none.median()));
        assertTrue(Double.isNaN(none.medianCompilingMs()));
    }

    @Test
    void aForkRunsThisJvmsJavaWithItsOwnOrderAndFolderInPlaceOfTheGivenOnes()
    {
        final List<String> command = ComparisonForks.forkCommand("compare", new String[]{ "--forks", "3",
            "--strategies", "a;b", "--workloads", "exp-1ms", "--out", "runs", "--quiet" }, List.of("b", "a"),
            Path.of("runs", "fork-2"));

        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), command.get(0));
        final int main = command.indexOf(Main.class.getName());
        assertEquals(List.of("compare", "--workloads", "exp-1ms", "--quiet", "--strategies", "b;a", "--out",
            Path.of("runs", "fork-2").toString()), command.subList(main + 1, command.size()));
        assertEquals(System.getProperty("java.class.path"), command.get(main - 1));
    }

    @Test
    void aForkOfBenchmarksJarRunsTheJarSoThatItsManifestApplies(@TempDir final Path dir) throws Exception
    {
        final Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        final Path jar = dir.resolve("benchmarks.jar");
        try (JarOutputStream stream = new JarOutputStream(Files.newOutputStream(jar), manifest))
        {
            stream.flush();
        }
        final Path other = dir.resolve("other.jar");
        try (JarOutputStream stream = new JarOutputStream(Files.newOutputStream(other), new Manifest()))
        {
            stream.flush();
        }

        assertEquals(List.of("-jar", jar.toString()), ComparisonForks.launcher(jar.toString()));
        assertEquals(List.of("-cp", other.toString(), Main.class.getName()),
            ComparisonForks.launcher(other.toString()));
        final String classes = dir + File.pathSeparator + jar;
        assertEquals(List.of("-cp", classes, Main.class.getName()), ComparisonForks.launcher(classes));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void everyForkIsAFreshRunAndTheSecondRunsTheStrategiesInReverse(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Compare.run(new String[]{ "--forks", "2", "--workloads", "fixed-200us", "--strategies",
            "agrona-spin;park:1ms", "--baseline", "agrona-sleep-ms", "--duration", "300ms", "--warmup", "50ms",
            "--quiet", "--out", out.toString() }, new PrintStream(stdout, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        final Map<String, Map<String, String>> first = ResultFiles.readCells(out.resolve("fork-1/compare.json"));
        final Map<String, Map<String, String>> second = ResultFiles.readCells(out.resolve("fork-2/compare.json"));
        assertEquals(List.of("agrona-spin", "park:1ms", "agrona-sleep-ms"), strategies(first));
        assertEquals(List.of("agrona-sleep-ms", "park:1ms", "agrona-spin"), strategies(second));
        assertTrue(Files.readString(out.resolve("fork-2.txt")).contains("workload fixed-200us"));
        final Map<String, String[]> rows = Files.readAllLines(out.resolve("forks.csv")).stream()
            .filter(line -> line.startsWith("fixed-200us,"))
            .collect(Collectors.toMap(line -> line.split(",")[1].replace("\"", ""), line -> line.split(",", -1)));
        assertEquals(3, rows.size(), "every strategy, the baseline too");
        assertEquals(1.0, Double.parseDouble(rows.get("agrona-sleep-ms")[2]), 1e-9, "the baseline against itself");
        for (final Map.Entry<String, String[]> row : rows.entrySet())
        {
            final double inFirst = Double.parseDouble(row.getValue()[5]);
            final double inSecond = Double.parseDouble(row.getValue()[6]);
            assertEquals(ratio(first, row.getKey()), inFirst, 1e-4);
            assertEquals(ratio(second, row.getKey()), inSecond, 1e-4);
            assertEquals((inFirst + inSecond) / 2, Double.parseDouble(row.getValue()[2]), 1e-4, "the median of two");
            assertEquals(Math.min(inFirst, inSecond), Double.parseDouble(row.getValue()[3]), 1e-4);
            assertEquals(Math.max(inFirst, inSecond), Double.parseDouble(row.getValue()[4]), 1e-4);
            final String jitFirst = first.get("fixed-200us|" + row.getKey()).get("jit_ms");
            final String jitSecond = second.get("fixed-200us|" + row.getKey()).get("jit_ms");
            if (!"null".equals(jitFirst) && !"null".equals(jitSecond))
            {
                assertEquals((Double.parseDouble(jitFirst) + Double.parseDouble(jitSecond)) / 2,
                    Double.parseDouble(row.getValue()[7]), 1e-4, "the median of the forks' compilation times");
            }
        }
        // each fork measured its own cells: spinning through 200 µs gaps burns more CPU than parking for 1 ms
        for (final Map<String, Map<String, String>> fork : List.of(first, second))
        {
            assertTrue(cpuPerEvent(fork, "agrona-spin") > cpuPerEvent(fork, "park:1ms"), fork.toString());
        }
        assertTrue(stdout.toString(StandardCharsets.UTF_8).contains("above 1.0 in"), stdout.toString());
        assertTrue(stdout.toString(StandardCharsets.UTF_8).lines()
            .noneMatch(line -> line.trim().startsWith("agrona-sleep-ms ") && line.contains("geomean")),
            "no summary of the baseline against itself: " + stdout);
        assertTrue(stdout.toString(StandardCharsets.UTF_8).contains(" JIT "), stdout.toString());
    }

    private static List<String> strategies(final Map<String, Map<String, String>> cells)
    {
        return cells.values().stream().map(cell -> cell.get("strategy")).collect(Collectors.toList());
    }

    private static double ratio(final Map<String, Map<String, String>> cells, final String strategy)
    {
        return Double.parseDouble(cells.get("fixed-200us|" + strategy).get("cost_ratio_to_baseline"));
    }

    private static double cpuPerEvent(final Map<String, Map<String, String>> cells, final String strategy)
    {
        return Double.parseDouble(cells.get("fixed-200us|" + strategy).get("cpu_per_event_ns"));
    }
}
