package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ColdReadsAfterParkTest
{
    @Test
    @Timeout(10)
    void everySampleFollowsItsOwnParkAndReadsTakeTime()
    {
        assumeTrue(ThreadSleeps.ofCurrentThread() >= 0, "no per-thread context switch counts on this OS");

        final long sleepsBefore = ThreadSleeps.ofCurrentThread();
        final ColdReadsAfterPark.Result result = new ColdReadsAfterPark().measure(8);
        final long sleeps = ThreadSleeps.ofCurrentThread() - sleepsBefore;

        assertEquals(8, result.parks());
        assertTrue(sleeps >= 7, "8 parks (one may find a permit): " + sleeps + " sleeps");
        assertTrue(result.afterParkNs() > 0 && result.againNs() > 0, result.toString());
    }

    @Test
    void rejectsNoSamples()
    {
        final IllegalArgumentException thrown =
            assertThrows(IllegalArgumentException.class, () -> new ColdReadsAfterPark().measure(0));
        assertEquals("parks must be positive: 0", thrown.getMessage());
    }
}
