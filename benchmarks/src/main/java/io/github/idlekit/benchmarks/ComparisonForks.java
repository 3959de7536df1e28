package io.github.idlekit.benchmarks;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * {@code compare --forks N} and {@code aeron --forks N}: the same comparison in N fresh JVMs, one after another, and
 * each cell's cost ratio as the median and range of its N runs. One run's cell moves from run to run by more than
 * many differences between strategies (the JIT compiling a strategy's code beside it, a hypervisor's steal), and
 * cells in one JVM are no independent samples: its later cells run code that its earlier ones compiled. Every second
 * fork runs the strategies in reverse order, so that coming first in a workload favours none of them.
 */
final class ComparisonForks
{
    private static final String ROW = "%-22s %-26s %7s %7s %7s %7s   %s%n";

    private ComparisonForks()
    {
    }

    /**
     * The cost ratios of one strategy in one workload, a fork's ratio each, NaN where that fork had no such cell, and
     * the time the JIT compilers spent compiling during the cell in each fork, NaN where unknown.
     *
     * @param workload    the workload's name.
     * @param strategy    the strategy's name.
     * @param ratios      cost over the baseline's, by fork.
     * @param compilingMs milliseconds of compilation during the cell, by fork.
     */
    record Spread(String workload, String strategy, double[] ratios, double[] compilingMs)
    {
        double median()
        {
            return median(ratios);
        }

        double lowest()
        {
            final double[] sorted = measured();
            return sorted.length == 0 ? Double.NaN : sorted[0];
        }

        double highest()
        {
            final double[] sorted = measured();
            return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
        }

        /**
         * @return the median of the forks' compilation time during this cell, time the compilers took from the CPUs
         * the cell needed (in a strategy's first cells mostly compiling its code).
         */
        double medianCompilingMs()
        {
            return median(compilingMs);
        }

        /**
         * @return how many forks' ratios exceeded {@code bound}.
         */
        long above(final double bound)
        {
            return Arrays.stream(ratios).filter(ratio -> ratio > bound).count();
        }

        private double[] measured()
        {
            return known(ratios);
        }

        private static double median(final double[] values)
        {
            final double[] sorted = known(values);
            final int n = sorted.length;
            return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }

        private static double[] known(final double[] values)
        {
            return Arrays.stream(values).filter(value -> !Double.isNaN(value)).sorted().toArray();
        }
    }

    /**
     * Runs the forks, then prints and writes ({@code forks.csv}) the spread of every cell (the baseline's too, whose
     * ratio is 1 in every fork, for the compilation beside it) and, per strategy but the baseline, the geometric mean
     * of its medians, its worst median and how many of its cells exceeded 1.0.
     *
     * @param command    {@code compare} or {@code aeron}: the command each fork runs, and the name of its files.
     * @param args       the command's arguments as given, {@code --forks} among them.
     * @param forks      how many JVMs to run.
     * @param workloads  the workloads, in the order of the table.
     * @param strategies the strategies, the baseline among them, in the order the odd forks run them.
     * @param yardstick  the baseline and λ of the ratios.
     * @param outDir     where each fork's files go ({@code fork-<k>/}, its table in {@code fork-<k>.txt}).
     * @param quiet      whether to leave out the line per fork on {@code progress}; each fork writes its own
     *                   progress lines there too, unless {@code args} hold {@code --quiet}.
     * @throws IllegalStateException naming the fork and its output when a fork fails.
     */
    static void run(
        final String command,
        final String[] args,
        final long forks,
        final List<Workload> workloads,
        final List<String> strategies,
        final Yardstick yardstick,
        final Path outDir,
        final boolean quiet,
        final PrintStream out,
        final PrintStream progress) throws IOException, InterruptedException
    {
        Files.createDirectories(outDir);
        out.println(command + ": " + forks + " forks of " + workloads.size() + " workloads x " + strategies.size() +
            " strategies, one JVM at a time");
        final List<Map<String, Map<String, String>>> cells = new ArrayList<>();
        for (int fork = 1; fork <= forks; fork++)
        {
            final List<String> order = new ArrayList<>(strategies);
            if (fork % 2 == 0)
            {
                Collections.reverse(order);
            }
            final Path forkDir = outDir.resolve("fork-" + fork);
            final Path table = outDir.resolve("fork-" + fork + ".txt");
            final List<String> forkCommand = forkCommand(command, args, order, forkDir);
            if (!quiet)
            {
                progress.println(command + ": fork " + fork + " of " + forks + ", " + String.join(";", order) +
                    ", its table to " + table);
            }
            final int status = new ProcessBuilder(forkCommand).redirectOutput(table.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start().waitFor();
            if (status != 0)
            {
                throw new IllegalStateException(command + ": fork " + fork + " of " + forks + " exited with status " +
                    status + "; its output is in " + table);
            }
            cells.add(ResultFiles.readCells(forkDir.resolve(command + ".json")));
        }
        final List<Spread> spreads = new ArrayList<>();
        for (final Workload workload : workloads)
        {
            for (final String strategy : strategies)
            {
                final String key = workload.name() + "|" + strategy;
                spreads.add(new Spread(workload.name(), strategy,
                    cells.stream().mapToDouble(fork -> number(fork.get(key), "cost_ratio_to_baseline")).toArray(),
                    cells.stream().mapToDouble(fork -> number(fork.get(key), "jit_ms")).toArray()));
            }
        }
        print(spreads, forks, yardstick, out);
        final Path csv = outDir.resolve("forks.csv");
        Files.writeString(csv, csv(spreads, forks, command, args, yardstick));
        out.println("wrote " + csv + ", and each fork's files in " + outDir.resolve("fork-<k>") + "/");
    }

    /**
     * @return the command line of a fork: this JVM's java, flags and class path, then {@code command} and
     * {@code args} with this fork's strategy order and output folder in place of {@code --forks},
     * {@code --strategies} and {@code --out}.
     */
    static List<String> forkCommand(
        final String command, final String[] args, final List<String> order, final Path forkDir)
    {
        final List<String> forkCommand = new ArrayList<>();
        forkCommand.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        forkCommand.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        forkCommand.addAll(launcher(System.getProperty("java.class.path")));
        forkCommand.add(command);
        for (int i = 0; i < args.length; i++)
        {
            if (args[i].equals("--forks") || args[i].equals("--strategies") || args[i].equals("--out"))
            {
                i++;
            }
            else
            {
                forkCommand.add(args[i]);
            }
        }
        forkCommand.add("--strategies");
        forkCommand.add(String.join(";", order));
        forkCommand.add("--out");
        forkCommand.add(forkDir.toString());
        return forkCommand;
    }

    /**
     * @param classPath this JVM's class path.
     * @return {@code -jar benchmarks.jar} where this JVM runs from it, since only {@code -jar} applies its manifest's
     * {@code Add-Exports} (which Agrona's buffers need) and {@code Enable-Native-Access}; else {@code -cp} and
     * {@link Main}.
     */
    static List<String> launcher(final String classPath)
    {
        if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator))
        {
            try (JarFile jar = new JarFile(classPath))
            {
                final Manifest manifest = jar.getManifest();
                if (null != manifest &&
                    Main.class.getName().equals(manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS)))
                {
                    return List.of("-jar", classPath);
                }
            }
            catch (final IOException ignore)
            {
                // not a jar to run: the class path then
            }
        }
        return List.of("-cp", classPath, Main.class.getName());
    }

    /**
     * @return a number field of a fork's cell, NaN where the fork had no such cell or the field is unknown.
     */
    private static double number(final Map<String, String> cell, final String field)
    {
        final String value = null == cell ? null : cell.get(field);
        return null == value || "null".equals(value) ? Double.NaN : Double.parseDouble(value);
    }

    private static void print(final List<Spread> spreads, final long forks, final Yardstick yardstick, final PrintStream out)
    {
        out.println();
        out.println("over " + forks + " forks, each a fresh JVM, every second one running the strategies in " +
            "reverse order: cost at " + yardstick.label() + " over " + yardstick.baseline() + "'s in the same fork; " +
            "JIT: the forks' median time spent compiling during the cell");
        out.printf(ROW, "workload", "strategy", "median", "lowest", "highest", "JIT", "by fork");
        for (final Spread spread : spreads)
        {
            out.printf(ROW, spread.workload(), spread.strategy(), ratio(spread.median()), ratio(spread.lowest()),
                ratio(spread.highest()), CompilationTime.toColumn(Double.isNaN(spread.medianCompilingMs()) ? -1 :
                    Math.round(spread.medianCompilingMs())),
                Arrays.stream(spread.ratios()).mapToObj(ComparisonForks::ratio).collect(Collectors.joining(" ")));
        }
        out.println();
        out.println("per strategy, over all workloads above: the geometric mean of the medians, the worst median, " +
            "and the cells above 1.0");
        for (final String strategy : spreads.stream().map(Spread::strategy).distinct().collect(Collectors.toList()))
        {
            final List<Spread> own = spreads.stream().filter(spread -> spread.strategy().equals(strategy) &&
                !Double.isNaN(spread.median())).collect(Collectors.toList());
            if (own.isEmpty() || strategy.equals(yardstick.baseline()))
            {
                continue;
            }
            final Spread worst = Collections.max(own, (a, b) -> Double.compare(a.median(), b.median()));
            out.printf(Locale.ROOT, "  %-22s geomean %.2f, worst median %.2f (%s), above 1.0 in %d of %d cells%n",
                strategy, Math.exp(own.stream().mapToDouble(spread -> Math.log(spread.median())).average()
                    .orElse(Double.NaN)), worst.median(), worst.workload(),
                own.stream().mapToLong(spread -> spread.above(1.0)).sum(),
                own.stream().mapToLong(spread -> spread.measured().length).sum());
        }
    }

    private static String csv(
        final List<Spread> spreads,
        final long forks,
        final String command,
        final String[] args,
        final Yardstick yardstick)
    {
        final StringBuilder csv = new StringBuilder(1024)
            .append("# command: ").append(command).append(' ').append(String.join(" ", args)).append('\n')
            .append("# baseline: ").append(yardstick.baseline()).append('\n')
            .append("# latency_weight: ").append(yardstick.latencyWeight()).append('\n')
            .append("workload,strategy,median,lowest,highest");
        for (int fork = 1; fork <= forks; fork++)
        {
            csv.append(",fork_").append(fork);
        }
        csv.append(",jit_ms_median\n");
        for (final Spread spread : spreads)
        {
            csv.append(spread.workload()).append(",\"").append(spread.strategy()).append('"');
            for (final double ratio : new double[]{ spread.median(), spread.lowest(), spread.highest() })
            {
                csv.append(',').append(ResultTable.csvNumber(ratio));
            }
            for (final double ratio : spread.ratios())
            {
                csv.append(',').append(ResultTable.csvNumber(ratio));
            }
            csv.append(',').append(ResultTable.csvNumber(spread.medianCompilingMs())).append('\n');
        }
        return csv.toString();
    }

    private static String ratio(final double ratio)
    {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2f", ratio);
    }
}
