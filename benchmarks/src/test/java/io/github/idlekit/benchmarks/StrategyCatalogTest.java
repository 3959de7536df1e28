package io.github.idlekit.benchmarks;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrategyCatalogTest
{
    @Test
    void anAgronaBackoffNameSetsEachOfItsSettings()
    {
        final IdleStrategy strategy = StrategyCatalog.create("agrona-backoff:1000,20,2us,100us");

        assertInstanceOf(BackoffIdleStrategy.class, strategy);
        assertEquals(new BackoffIdleStrategy(1000, 20, 2_000, 100_000).toString(), strategy.toString());
    }

    @Test
    void theNameOfABackoffMakesThatBackoff()
    {
        final String name = StrategyCatalog.backoffName(10_000, 5, 1_000, 10_000_000);

        assertEquals("agrona-backoff:10000,5,1us,10ms", name);
        assertEquals(new BackoffIdleStrategy(10_000, 5, 1_000, 10_000_000).toString(),
            StrategyCatalog.create(name).toString());
    }

    @Test
    void aMalformedBackoffNameSaysWhichSettingIsWrong()
    {
        assertMessage("agrona-backoff:10,5,1us", "expected agrona-backoff:<max spins>,<max yields>,<min park>,<max park>");
        assertMessage("agrona-backoff:-1,5,1us,1ms", "max spins '-1' is not a whole number of calls");
        assertMessage("agrona-backoff:10,x,1us,1ms", "max yields 'x' is not a whole number of calls");
        assertMessage("agrona-backoff:10,5,0us,1ms", "min park: '0us' must be positive");
        assertMessage("agrona-backoff:10,5,1us,1parsec", "max park: '1parsec'");
        assertMessage("agrona-backoff:10,5,1ms,1us", "max park 1us is shorter than min park 1ms");
    }

    private static void assertMessage(final String name, final String part)
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> StrategyCatalog.create(name));
        assertTrue(ex.getMessage().contains("strategy '" + name + "'") && ex.getMessage().contains(part),
            ex.getMessage());
    }
}
