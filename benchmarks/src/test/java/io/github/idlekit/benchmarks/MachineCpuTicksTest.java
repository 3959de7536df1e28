package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MachineCpuTicksTest
{
    @Test
    void theStolenShareIsTheStealTicksOverAllTicksBetweenTwoReadings()
    {
        final MachineCpuTicks earlier = MachineCpuTicks.parse("cpu  5522763 1 979236 6109257 27041 0 11261 331610 0 0");
        final MachineCpuTicks later = MachineCpuTicks.parse("cpu  5522863 1 979286 6109457 27041 0 11261 331660 7 0");

        assertEquals(5522763L + 1 + 979236 + 6109257 + 27041 + 0 + 11261 + 331610, earlier.totalTicks());
        assertEquals(331610, earlier.stolenTicks());
        assertEquals(50.0 / 400, MachineCpuTicks.stolenShare(earlier, later), 1e-12);
    }

    @Test
    void theShareIsUnknownWithoutTwoReadingsOrWithoutATick()
    {
        final MachineCpuTicks ticks = MachineCpuTicks.parse("cpu 1 2 3 4 5 6 7 8");

        assertTrue(Double.isNaN(MachineCpuTicks.stolenShare(null, ticks)));
        assertTrue(Double.isNaN(MachineCpuTicks.stolenShare(ticks, null)));
        assertTrue(Double.isNaN(MachineCpuTicks.stolenShare(ticks, ticks)));
    }

    @Test
    void aLineThatIsNotTheAllCpusLineIsRejectedByName()
    {
        final IllegalArgumentException perCpu =
            assertThrows(IllegalArgumentException.class, () -> MachineCpuTicks.parse("cpu0 1 2 3 4 5 6 7 8"));
        assertTrue(perCpu.getMessage().contains("'cpu0 1 2 3 4 5 6 7 8'"), perCpu.getMessage());
        final IllegalArgumentException noSteal =
            assertThrows(IllegalArgumentException.class, () -> MachineCpuTicks.parse("cpu 1 2 3 4 5 6 7"));
        assertTrue(noSteal.getMessage().contains("'cpu 1 2 3 4 5 6 7'"), noSteal.getMessage());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void linuxCountsTheMachinesTicksAndTheyOnlyGrow()
    {
        final MachineCpuTicks earlier = MachineCpuTicks.now();
        final MachineCpuTicks later = MachineCpuTicks.now();

        assertNotNull(earlier);
        assertNotNull(later);
        assertTrue(earlier.totalTicks() > 0, "total ticks " + earlier.totalTicks());
        assertTrue(later.totalTicks() >= earlier.totalTicks());
        assertTrue(later.stolenTicks() >= earlier.stolenTicks());
        assertTrue(earlier.stolenTicks() <= earlier.totalTicks());
    }
}
