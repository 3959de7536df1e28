package io.github.idlekit.benchmarks;

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
     * Runs the command named by the first argument.
     *
     * @param args the command and its arguments.
     */
    public static void main(final String[] args) throws Exception
    {
        final String command = args.length == 0 ? "--help" : args[0];
        final String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        switch (command)
        {
            case "probe":
                Probe.run(System.out);
                break;
            case "compare":
                Compare.run(rest, System.out);
                break;
            case "pipeline":
                Pipeline.run(rest, System.out);
                break;
            case "aeron":
                AeronCommand.run(rest, System.out);
                break;
            case "--help":
            case "help":
                printHelp();
                break;
            default:
                org.openjdk.jmh.Main.main(args);
        }
    }

    private static void printHelp()
    {
        System.out.println("usage: java -jar benchmarks.jar <command>");
        System.out.println("  probe    print this machine's timer profile and each preset's thresholds");
        System.out.println("  compare  wake-up latency and idle CPU of every strategy under every workload");
        Compare.printUsage(System.out);
        System.out.println("  pipeline source -> stage -> sink throughput and CPU for every strategy");
        Pipeline.printUsage(System.out);
        System.out.println("  aeron    Aeron ping/pong round trips and process CPU, every agent idling with the " +
            "strategy");
        AeronCommand.printUsage(System.out);
        System.out.println("  anything else goes to JMH, e.g. -l to list the benchmarks, -h for JMH's help,");
        System.out.println("  'WaitPrimitivesBenchmark.parkNanos -f 1 -wi 1 -i 3' for a short run, -prof gc");
    }
}
