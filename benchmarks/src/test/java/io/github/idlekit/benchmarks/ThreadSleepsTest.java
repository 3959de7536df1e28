package io.github.idlekit.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThreadSleepsTest
{
    @Test
    @Timeout(10)
    void everyParkCountsAndSpinningDoesNot() throws InterruptedException
    {
        assumeTrue(ThreadSleeps.ofCurrentThread() >= 0, "no per-thread context switch counts on this OS");

        // a thread nobody else knows, so no unpark left over from an earlier test ends its parks early; a park ends
        // without sleeping only when the thread is held up past its deadline before it sleeps
        final long[] sleeps = new long[2];
        final Thread thread = new Thread(() ->
        {
            final long beforeParking = ThreadSleeps.ofCurrentThread();
            for (int i = 0; i < 20; i++)
            {
                LockSupport.parkNanos(100_000);
            }
            sleeps[0] = ThreadSleeps.ofCurrentThread() - beforeParking;
            final long beforeSpinning = ThreadSleeps.ofCurrentThread();
            for (int i = 0; i < 200_000; i++)
            {
                Thread.onSpinWait();
            }
            sleeps[1] = ThreadSleeps.ofCurrentThread() - beforeSpinning;
        }, "thread-sleeps-test");
        thread.start();
        thread.join();
        final long parked = sleeps[0];
        final long spun = sleeps[1];

        assertTrue(parked >= 15 && spun < parked, "20 parks: " + parked + " sleeps; spinning: " + spun);
    }
}
