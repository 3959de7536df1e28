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
    void everyParkCountsAndSpinningDoesNot()
    {
        assumeTrue(ThreadSleeps.ofCurrentThread() >= 0, "no per-thread context switch counts on this OS");

        final long beforeParking = ThreadSleeps.ofCurrentThread();
        for (int i = 0; i < 20; i++)
        {
            LockSupport.parkNanos(100_000);
        }
        final long parked = ThreadSleeps.ofCurrentThread() - beforeParking;
        final long beforeSpinning = ThreadSleeps.ofCurrentThread();
        for (int i = 0; i < 200_000; i++)
        {
            Thread.onSpinWait();
        }
        final long spun = ThreadSleeps.ofCurrentThread() - beforeSpinning;

        assertTrue(parked >= 19 && spun < parked,
            "20 parks (one may find a permit): " + parked + " sleeps; spinning: " + spun);
    }
}
