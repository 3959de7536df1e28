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
    void everySampleFollowsItsOwnParkAndReadsTakeTime() throws InterruptedException
    {
        assumeTrue(ThreadSleeps.ofCurrentThread() >= 0, "no per-thread context switch counts on this OS");

        // a thread nobody else knows, so no unpark left over from an earlier test in this JVM ends its parks early
        // (the test thread saw 5 sleeps in 8 parks once, right after the commands' smoke tests)
        final ColdReadsAfterPark.Result[] result = new ColdReadsAfterPark.Result[1];
        final long[] sleeps = new long[1];
        final Thread thread = new Thread(() ->
        {
            final long sleepsBefore = ThreadSleeps.ofCurrentThread();
            result[0] = new ColdReadsAfterPark().measure(8);
            sleeps[0] = ThreadSleeps.ofCurrentThread() - sleepsBefore;
        }, "cold-reads-after-park-test");
        thread.start();
        thread.join();

        assertEquals(8, result[0].parks());
        // a 1 ns park ends without sleeping when an interrupt expires its timer before the thread blocks, which a
        // busy host does now and then (6 sleeps in 8 parks in one CI run); most of them must sleep all the same
        assertTrue(sleeps[0] >= 4, "8 parks, most of which sleep: " + sleeps[0] + " sleeps");
        assertTrue(result[0].afterParkNs() > 0 && result[0].againNs() > 0, result[0].toString());
    }

    @Test
    void rejectsNoSamples()
    {
        final IllegalArgumentException thrown =
            assertThrows(IllegalArgumentException.class, () -> new ColdReadsAfterPark().measure(0));
        assertEquals("parks must be positive: 0", thrown.getMessage());
    }
}
