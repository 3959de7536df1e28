package io.github.idlekit.benchmarks;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * Entry point of {@code benchmarks.jar}: dispatches to its commands.
 */
public final class Main
{
    private Main()
    {
    }

    /**
     * Status of a run that bad arguments stopped.
     */
    static final int BAD_ARGUMENTS = 2;

    /**
     * Runs the command named by the first argument; bad arguments end it with a one-line message and status
     * {@value #BAD_ARGUMENTS}.
     *
     * @param args the command and its arguments.
     */
    public static void main(final String[] args) throws Exception
    {
        final int status = run(args, System.out, System.err);
        if (status != 0)
        {
            System.exit(status);
        }
    }

    /**
     * @return 0, or {@value #BAD_ARGUMENTS} when an argument was rejected, which {@code err} then names on one line.
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws Exception
    {
        final String command = args.length == 0 ? "--help" : args[0];
        final String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        try
        {
            switch (command)
            {
                case "probe":
                    if (rest.length > 0)
                    {
                        throw new IllegalArgumentException("takes no arguments: '" + String.join(" ", rest) + "'");
                    }
                    Probe.run(out);
                    break;
                case "compare":
                    Compare.run(rest, out, err);
                    break;
                case "pipeline":
                    Pipeline.run(rest, out);
                    break;
                case "aeron":
                    AeronCommand.run(rest, out, err);
                    break;
                case "--help":
                case "help":
                    printHelp(out);
                    break;
                default:
                    org.openjdk.jmh.Main.main(args);
            }
            return 0;
        }
        catch (final IllegalArgumentException ex)
        {
            final String message = ex.getMessage();
            // an option's message names the command already ("compare --duration: ...")
            err.println(message.startsWith(command + " ") || message.startsWith(command + ":") ?
                message : command + ": " + message);
            return BAD_ARGUMENTS;
        }
    }

    private static void printHelp(final PrintStream out)
    {
        out.println("usage: java -jar benchmarks.jar <command>");
        out.println("  probe    print this machine's timer profile and each preset's thresholds");
        out.println("  compare  wake-up latency and idle CPU of every strategy under every workload");
        Compare.printUsage(out);
        out.println("  pipeline source -> stage -> sink throughput and CPU for every strategy");
        Pipeline.printUsage(out);
        out.println("  aeron    Aeron ping/pong round trips and process CPU, every agent idling with the strategy");
        AeronCommand.printUsage(out);
        out.println("  anything else goes to JMH, e.g. -l to list the benchmarks, -h for JMH's help,");
        out.println("  'WaitPrimitivesBenchmark.parkNanos -f 1 -wi 1 -i 3' for a short run, -prof gc");
    }
}
