package io.github.idlekit.platform;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LinuxThreadNicenessTest
{
    private static final long CAP_SYS_NICE_BIT = 1L << 23;

    @Test
    void loweringPriorityNeedsNoPrivilegeAndRaisingNeedsCapSysNice() throws Exception
    {
        assumeTrue(NativeSupport.IS_LINUX, "Linux only");
        final boolean mayRaise = hasCapSysNice();

        final Object[] outcome = FreshThread.call(() ->
        {
            final int before = LinuxThreadNiceness.get();
            LinuxThreadNiceness.set(before + 2);
            final int lowered = LinuxThreadNiceness.get();
            Object raise;
            try
            {
                LinuxThreadNiceness.set(before);
                raise = LinuxThreadNiceness.get();
            }
            catch (final SecurityException ex)
            {
                raise = ex;
            }
            return new Object[]{ before, lowered, raise };
        });

        assertEquals((int)outcome[0] + 2, outcome[1]);
        if (mayRaise)
        {
            assertEquals(outcome[0], outcome[2], "with CAP_SYS_NICE the priority can be raised back");
        }
        else
        {
            final SecurityException ex = (SecurityException)outcome[2];
            assertTrue(ex.getMessage().contains("needs CAP_SYS_NICE"), ex.getMessage());
        }
    }

    @Test
    void outOfRangeNicenessIsNamed()
    {
        assertEquals("nice must be in [-20, 19]: 20",
            assertThrows(IllegalArgumentException.class, () -> LinuxThreadNiceness.set(20)).getMessage());
    }

    private static boolean hasCapSysNice() throws Exception
    {
        for (final String line : Files.readAllLines(Path.of("/proc/self/status")))
        {
            if (line.startsWith("CapEff:"))
            {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & CAP_SYS_NICE_BIT) != 0;
            }
        }
        return false;
    }
}
