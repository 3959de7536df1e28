package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest
{
    @Test
    void aBadArgumentStopsTheCommandBeforeItRunsWithOneLineNamingIt() throws Exception
    {
        final String message = errorOf("compare", "--strategies", "agrona-backoff:1,2,3");

        assertTrue(message.startsWith("compare: strategy 'agrona-backoff:1,2,3': expected "), message);
    }

    @Test
    void anOptionsMessageNamesTheCommandOnce() throws Exception
    {
        final String unknown = errorOf("compare", "--bogus");

        assertTrue(unknown.startsWith("compare: unknown option '--bogus'; options: "), unknown);
        assertEquals("compare --events: '0' is not a positive integer", errorOf("compare", "--events", "0"));
        assertEquals("compare --events: 'many' is not a positive integer", errorOf("compare", "--events", "many"));
        assertEquals("compare --slack: '10s' is above the largest slack, 4.29 s", errorOf("compare", "--slack", "10s"));
        assertEquals("probe: takes no arguments: '--quick'", errorOf("probe", "--quick"));
    }

    @Test
    void aListThatNamesOneThingTwiceOrABaselineOfTwoIsRefused() throws Exception
    {
        assertEquals("compare: workloads: 'fixed-1ms,exp-1ms,fixed-1ms' names fixed-1ms twice",
            errorOf("compare", "--workloads", "fixed-1ms,exp-1ms,fixed-1ms"));
        assertEquals("compare: strategies: 'agrona-backoff;agrona-backoff' names agrona-backoff twice",
            errorOf("compare", "--strategies", "agrona-backoff;agrona-backoff"));
        assertEquals("compare: baseline: 'agrona-backoff;idlekit-balanced' names 2 strategies, not one",
            errorOf("compare", "--baseline", "agrona-backoff;idlekit-balanced"));
        assertEquals("aeron: baseline: 'agrona-backoff;idlekit-balanced' names 2 strategies, not one",
            errorOf("aeron", "--baseline", "agrona-backoff;idlekit-balanced"));
    }

    @Test
    void aLatencyWeightThatIsNotAPositiveFiniteNumberIsNamedWithItsValue() throws Exception
    {
        for (final String command : new String[]{ "compare", "aeron" })
        {
            for (final String bad : new String[]{ "0", "-1", "NaN", "Infinity", "ten" })
            {
                assertEquals(command + " --lambda: '" + bad + "' is not a positive, finite number",
                    errorOf(command, "--lambda", bad));
            }
        }
    }

    @Test
    void badForksAreNamedBeforeAnyForkRuns() throws Exception
    {
        assertEquals("compare --forks: '0' is not a positive integer", errorOf("compare", "--forks", "0"));
        assertEquals("compare --against: compares one run with another; run it on a fork's compare.json, not " +
            "with --forks", errorOf("compare", "--forks", "2", "--against", "pom.xml"));
        assertTrue(errorOf("compare", "--forks", "2", "--workloads", "fixed-1xs").startsWith("compare: workload"));
    }

    @Test
    void helpListsTheCommands() throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        final int status = Main.run(new String[]{ "help" }, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        final String help = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status);
        assertTrue(help.startsWith("usage: java -jar benchmarks.jar <command>") && help.contains("--best-fixed") &&
            help.contains("--lambda 1") && help.contains("  aeron ") && help.contains("--forks 3") &&
            help.contains("trace:<file of gaps in ns"), help);
    }

    /**
     * @return the one line a rejected command printed on stderr, having printed nothing else.
     */
    private static String errorOf(final String... args) throws Exception
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        final int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(Main.BAD_ARGUMENTS, status);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
        final String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, message.lines().count(), message);
        return message.trim();
    }
}
