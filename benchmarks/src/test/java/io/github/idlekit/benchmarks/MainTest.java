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
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        final int status = Main.run(new String[]{ "compare", "--strategies", "agrona-backoff:1,2,3" },
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        final String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(Main.BAD_ARGUMENTS, status);
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.startsWith("compare: strategy 'agrona-backoff:1,2,3': expected "), message);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }

    @Test
    void anOptionsMessageNamesTheCommandOnce() throws Exception
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        final int status = Main.run(new String[]{ "compare", "--bogus" },
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(Main.BAD_ARGUMENTS, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("compare: unknown option '--bogus'; options: "),
            err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aLatencyWeightThatIsNotAPositiveFiniteNumberIsNamedWithItsValue() throws Exception
    {
        for (final String command : new String[]{ "compare", "aeron" })
        {
            for (final String bad : new String[]{ "0", "-1", "NaN", "Infinity", "ten" })
            {
                final ByteArrayOutputStream out = new ByteArrayOutputStream();
                final ByteArrayOutputStream err = new ByteArrayOutputStream();

                final int status = Main.run(new String[]{ command, "--lambda", bad },
                    new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));

                assertEquals(Main.BAD_ARGUMENTS, status);
                assertEquals(command + " --lambda: '" + bad + "' is not a positive, finite number",
                    err.toString(StandardCharsets.UTF_8).trim());
                assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
            }
        }
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
            help.contains("--lambda 1") &&
            help.contains("  aeron "), help);
    }
}
