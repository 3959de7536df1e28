package io.github.idlekit.benchmarks;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
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
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CommandSmokeTest
{
    @Test
    void compareWritesTableCsvAndChartAndMeasuresWhatEachStrategyDoes(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Compare.run(new String[]{ "--workloads", "fixed-200us", "--strategies",
            "agrona-spin;agrona-sleep-ms;park:1ms", "--baseline", "agrona-sleep-ms", "--duration", "500ms", "--warmup", "50ms", "--out", out.toString() },
            new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("workload fixed-200us"), table);
        assertTrue(table.contains("agrona-spin") && table.contains("agrona-sleep-ms"), table);
        final List<String> lines = Files.readAllLines(out.resolve("compare.csv"));
        assertTrue(lines.get(0).startsWith("# command: compare --workloads fixed-200us"), lines.get(0));
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("# jvm_version: ")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("# timer_profile: park floor")));
        final List<String> csv = lines.stream().filter(line -> !line.startsWith("#")).collect(Collectors.toList());
        assertEquals(4, csv.size(), String.join("\n", csv));
        final Map<String, String[]> rows = new HashMap<>();
        for (final String line : csv.subList(1, csv.size()))
        {
            final String[] fields = line.split(",", -1);
            assertEquals(csv.get(0).split(",").length, fields.length, line);
            rows.put(fields[1].replace("\"", ""), fields);
        }
        final long spinP50 = Long.parseLong(rows.get("agrona-spin")[3]);
        final long parkP50 = Long.parseLong(rows.get("park:1ms")[3]);
        final double spinCpu = Double.parseDouble(rows.get("agrona-spin")[12]);
        final double sleepCpu = Double.parseDouble(rows.get("agrona-sleep-ms")[12]);
        assertEquals(1.0, Double.parseDouble(rows.get("agrona-sleep-ms")[16]), 1e-9, "the baseline against itself");
        assertEquals(Double.parseDouble(rows.get("agrona-spin")[14]) / Double.parseDouble(rows.get("agrona-sleep-ms")[14]),
            Double.parseDouble(rows.get("agrona-spin")[16]), 0.01, "cost ratio at λ=1");
        assertTrue(table.contains("cost at λ=1 against agrona-sleep-ms"), table);
        assertTrue(Long.parseLong(rows.get("agrona-spin")[2]) > 10, "events measured");
        // Work published 200 µs into a park of at least 1 ms waits for the rest of it, however busy the machine is.
        assertTrue(parkP50 >= 500_000, "p50 " + parkP50 + " ns when each idle call parks 1 ms and gaps are 200 µs");
        assertTrue(spinCpu > sleepCpu, "busy-spin CPU " + spinCpu + " vs sleeping " + sleepCpu);
        assertEquals("", rows.get("agrona-spin")[17], "Agrona's strategies keep no statistics");
        assertTrue(Double.parseDouble(rows.get("park:1ms")[17]) >= 0.9,
            "a 1 ms park spans each 200 µs gap: at least one park per event, " + rows.get("park:1ms")[17]);
        final String svg = Files.readString(out.resolve("compare.svg"));
        assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>") && svg.contains("fixed-200us"));
        assertTrue(svg.contains("agrona-sleep-ms (baseline, ringed)") && svg.contains("cost ÷ baseline 1.00"), svg);
        final Map<String, Map<String, String>> cells = ResultFiles.readCells(out.resolve("compare.json"));
        assertEquals(Long.toString(spinP50), cells.get("fixed-200us|agrona-spin").get("p50_ns"));
        assertEquals("null", cells.get("fixed-200us|agrona-spin").get("idle"));
        assertTrue(Long.parseLong(cells.get("fixed-200us|park:1ms").get("parks")) >= 1, cells.toString());
        assertTrue(Files.readString(out.resolve("compare.json")).contains("\"baseline\": \"agrona-sleep-ms\""));
        assertTrue(table.contains(" JIT ") && table.contains("JIT: the time the JVM's compilers"), table);
        final int jitColumn = List.of(csv.get(0).split(",")).indexOf("jit_ms");
        for (final String strategy : new String[]{ "agrona-spin", "agrona-sleep-ms", "park:1ms" })
        {
            final String jitMs = cells.get("fixed-200us|" + strategy).get("jit_ms");
            assertEquals("null".equals(jitMs) ? "" : jitMs, rows.get(strategy)[jitColumn], "CSV and JSON agree");
            assertTrue(CompilationTime.totalMs() < 0 ? "null".equals(jitMs) : Long.parseLong(jitMs) >= 0,
                strategy + ": " + jitMs);
        }
    }

    @Test
    void compareTunesAgronaToEachWorkloadAndMeasuresTheWinnerBesideTheOthers(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Compare.run(new String[]{ "--workloads", "fixed-200us", "--strategies", "park:1ms", "--best-fixed",
            "--duration", "400ms", "--warmup", "40ms", "--quiet", "--out", out.toString() },
            new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        final String report = table.substring(table.indexOf("best fixed Agrona setting of each workload"));
        final String best = report.lines().filter(line -> line.startsWith("  fixed-200us ")).findFirst()
            .orElseThrow(() -> new AssertionError(table)).trim().split("\\s+")[1];
        assertTrue(BestFixedAgrona.CANDIDATES.contains(best), best);
        assertTrue(report.contains("cost at λ=1 against the best fixed Agrona setting of each workload") &&
            report.contains("park:1ms ") && report.contains("agrona-backoff "), table);
        final Map<String, Map<String, String>> cells = ResultFiles.readCells(out.resolve("compare.json"));
        assertTrue(Long.parseLong(cells.get("fixed-200us|" + best).get("events")) > 0, cells.toString());
        assertTrue(Files.readString(out.resolve("compare.json")).contains("\"best_fixed\": \"fixed-200us=" + best + "\""));
    }

    @Test
    void aPhasedWorkloadReportsHowLongEachPhaseTookToSettle(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Compare.run(new String[]{ "--workloads", "phases-300ms:fixed-100us/fixed-1ms", "--strategies", "fixed:balanced",
            "--baseline", "fixed:balanced", "--duration", "1200ms", "--warmup", "50ms", "--quiet", "--out",
            out.toString() }, new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        final String report = table.substring(table.indexOf("re-adaptation in the phased workloads"));
        assertTrue(report.contains("fixed:balanced") && report.contains("fixed-100us ") &&
            report.contains("fixed-1ms "), table);
    }

    @Test
    void probePrintsTheProfileEachPresetsThresholdsAndOneParkedEpisodeOfEachStrategy()
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Probe.run(new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String text = stdout.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("\ntimer profile: park floor "), text);
        assertTrue(text.contains(" cache lines read right after a park: "), text);
        for (final String preset : new String[]{ "low-latency", "balanced", "low-cpu" })
        {
            assertTrue(text.contains("\n  " + preset + " "), text);
            for (final String kind : new String[]{ "calibrated:", "fixed:" })
            {
                final String line = text.lines().filter(l -> l.startsWith("  " + kind + preset + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no line for " + kind + preset + ": " + text));
                // 100 ms with no work: one episode, which parks, since no preset busy-waits that long
                assertTrue(line.contains(" episodes 1, ") && !line.contains(", parks 0,"), line);
            }
        }
    }

    @Test
    void pipelineMovesItemsThroughItsThreeWorkersWithEachStrategy() throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        Pipeline.run(new String[]{ "--sources", "saturated", "--strategies", "agrona-backoff;idlekit-balanced",
            "--duration", "300ms", "--warmup", "100ms" }, new PrintStream(stdout, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("steal") && table.contains(" JIT"), table);
        for (final String strategy : new String[]{ "agrona-backoff", "idlekit-balanced" })
        {
            final String row = table.lines().filter(line -> line.startsWith("saturated") && line.contains(strategy))
                .findFirst().orElseThrow(() -> new AssertionError(strategy + " missing from\n" + table));
            final String itemsPerSecond = row.trim().split("\\s+")[2].replace(",", "");
            assertTrue(Long.parseLong(itemsPerSecond) > 0, row);
        }
    }

    @Test
    void aeronPingPongRunsEveryAgentWithTheStrategyAndShowsItsCountersInTheDriver(@TempDir final Path out)
        throws Exception
    {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        final ByteArrayOutputStream progress = new ByteArrayOutputStream();

        AeronCommand.run(new String[]{ "--workloads", "fixed-1ms", "--strategies", "idlekit-balanced",
            "--duration", "1500ms", "--warmup", "200ms", "--verbose", "--out", out.toString() },
            new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(progress, true, StandardCharsets.UTF_8));

        final String table = stdout.toString(StandardCharsets.UTF_8);
        final String counters = progress.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("Aeron 1.") && table.contains("dedicated threading"), table);
        for (final String agent : new String[]{ "driver-conductor", "sender", "receiver", "client-conductor", "ping",
            "pong" })
        {
            assertTrue(counters.contains("idle " + agent + ": parks: "), agent + " missing from\n" + counters);
        }
        final Map<String, Map<String, String>> cells = ResultFiles.readCells(out.resolve("aeron.json"));
        final Map<String, String> idlekit = cells.get("fixed-1ms|idlekit-balanced");
        final Map<String, String> agrona = cells.get("fixed-1ms|agrona-backoff");
        assertTrue(Long.parseLong(idlekit.get("events")) > 0 && Long.parseLong(agrona.get("events")) > 0,
            cells.toString());
        assertTrue(Long.parseLong(idlekit.get("parks")) > 0, "idlekit agents parked between pings: " + idlekit);
        assertEquals("null", agrona.get("idle"), "Agrona's strategies keep no statistics");
        assertTrue(Double.parseDouble(idlekit.get("cpu_per_event_ns")) > 0, idlekit.toString());
        assertTrue(counters.contains("second 1: ") && counters.contains(" round trips, mean "), counters);
        if (null != MachineCpuTicks.now())
        {
            final double steal = Double.parseDouble(idlekit.get("steal_share"));
            assertTrue(steal >= 0 && steal <= 1, "steal share " + steal);
        }
    }

    @Test
    void aeronGivesTheConductorsTheStrategyAfterTheSlash(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream progress = new ByteArrayOutputStream();

        AeronCommand.run(new String[]{ "--workloads", "fixed-1ms", "--strategies", "agrona-backoff/idlekit-low-cpu",
            "--baseline", "agrona-backoff/idlekit-low-cpu", "--duration", "400ms", "--warmup", "200ms", "--verbose",
            "--out", out.toString() }, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(progress, true, StandardCharsets.UTF_8));

        final String counters = progress.toString(StandardCharsets.UTF_8);
        for (final String conductor : new String[]{ "driver-conductor", "client-conductor" })
        {
            assertTrue(counters.contains("idle " + conductor + ": parks: "), conductor + " missing from\n" + counters);
        }
        for (final String onPath : new String[]{ "sender", "receiver", "ping", "pong" })
        {
            assertFalse(counters.contains("idle " + onPath + ": "), onPath + " idled with idlekit:\n" + counters);
        }
    }

    @Test
    void aeronRejectsMoreThanTwoRolesAndNamesABadOne()
    {
        final IllegalArgumentException three = assertThrows(IllegalArgumentException.class,
            () -> AeronCommand.run(new String[]{ "--strategies", "agrona-backoff/agrona-yield/agrona-spin" },
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> AeronCommand.run(new String[]{ "--strategies", "agrona-backoff/no-such-strategy" },
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));

        assertTrue(three.getMessage().contains("'agrona-backoff/agrona-yield/agrona-spin'"), three.getMessage());
        assertTrue(unknown.getMessage().contains("no-such-strategy"), unknown.getMessage());
    }

    @Test
    void aeronRejectsAnUnknownThreadingMode()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> AeronCommand.run(new String[]{ "--threading", "invoker" }, new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));

        assertTrue(error.getMessage().contains("aeron --threading: 'invoker'"), error.getMessage());
    }

    @Test
    void aUsersOwnStrategyRunsByClassNameAndTwoRunsCanBeCompared(@TempDir final Path out) throws Exception
    {
        final ByteArrayOutputStream first = new ByteArrayOutputStream();
        final ByteArrayOutputStream progress = new ByteArrayOutputStream();
        final String[] args = { "--workloads", "fixed-200us", "--strategies", UsersOwnIdleStrategy.class.getName(),
            "--baseline", "agrona-sleep-ms", "--duration", "200ms", "--warmup", "50ms", "--out", out.toString() };
        Compare.run(args, new PrintStream(first, true, StandardCharsets.UTF_8),
            new PrintStream(progress, true, StandardCharsets.UTF_8));
        final Path old = Files.move(out.resolve("compare.json"), out.resolve("old.json"));
        final ByteArrayOutputStream second = new ByteArrayOutputStream();

        final String[] again = java.util.Arrays.copyOf(args, args.length + 2);
        again[args.length] = "--against";
        again[args.length + 1] = old.toString();
        Compare.run(again, new PrintStream(second, true, StandardCharsets.UTF_8), new PrintStream(
            new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertTrue(first.toString(StandardCharsets.UTF_8).contains(UsersOwnIdleStrategy.class.getName()));
        final String progressLines = progress.toString(StandardCharsets.UTF_8);
        assertTrue(progressLines.contains("compare: cell 1 of 2, fixed-200us, " + UsersOwnIdleStrategy.class.getName()),
            progressLines);
        assertTrue(progressLines.contains("compare: cell 2 of 2, fixed-200us, agrona-sleep-ms"), progressLines);
        final String changes = second.toString(StandardCharsets.UTF_8);
        assertTrue(changes.contains("changes against " + old), changes);
        assertTrue(changes.lines().anyMatch(line -> line.startsWith("fixed-200us") &&
            line.contains(UsersOwnIdleStrategy.class.getName()) && line.contains("->")), changes);
    }

    @Test
    void strategyClassesThatCannotRunAreNamedBeforeAnyRun()
    {
        assertEquals("strategy 'com.acme.Missing': no such class on the class path", assertThrows(
            IllegalArgumentException.class, () -> StrategyCatalog.parseList("com.acme.Missing")).getMessage());
        assertEquals("strategy 'java.lang.String': not an org.agrona.concurrent.IdleStrategy", assertThrows(
            IllegalArgumentException.class, () -> StrategyCatalog.parseList("java.lang.String")).getMessage());
        assertEquals("strategy '" + NoDefaultConstructor.class.getName() + "': no public no-arg constructor",
            assertThrows(IllegalArgumentException.class,
                () -> StrategyCatalog.parseList(NoDefaultConstructor.class.getName())).getMessage());
    }

    @Test
    void againstAFileWithoutCellsIsRefused(@TempDir final Path dir) throws Exception
    {
        final Path empty = Files.writeString(dir.resolve("old.json"), "{}\n");

        assertEquals("compare --against: '" + empty + "' holds no compare cells", assertThrows(
            IllegalArgumentException.class, () -> Compare.run(new String[]{ "--against", empty.toString() },
                System.out)).getMessage());
    }

    /**
     * A strategy as a user would write one: public, with a public no-arg constructor.
     */
    public static final class UsersOwnIdleStrategy extends Delegating
    {
        /**
         * Agrona's backoff with shorter parks.
         */
        public UsersOwnIdleStrategy()
        {
            super(new BackoffIdleStrategy(10, 5, 1_000, 100_000));
        }
    }

    /**
     * An idle strategy Aeron could not create: it has no no-arg constructor.
     */
    public static final class NoDefaultConstructor extends Delegating
    {
        /**
         * @param sleepNs the sleep period.
         */
        public NoDefaultConstructor(final long sleepNs)
        {
            super(new SleepingIdleStrategy(sleepNs));
        }
    }

    /**
     * Idles as another strategy does.
     */
    abstract static class Delegating implements IdleStrategy
    {
        private final IdleStrategy delegate;

        Delegating(final IdleStrategy delegate)
        {
            this.delegate = delegate;
        }

        public void idle(final int workCount)
        {
            delegate.idle(workCount);
        }

        public void idle()
        {
            delegate.idle();
        }

        public void reset()
        {
            delegate.reset();
        }
    }
}
