package io.github.idlekit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class RunQueueDelayTest
{
    @Test
    void readsTheRunDelayFromTheSchedulerStatistics()
    {
        assertEquals(31_091_491L, RunQueueDelay.runDelayOf(ascii("373300195 31091491 419\n")));
        assertEquals(0, RunQueueDelay.runDelayOf(ascii("12 0 1\n")));
        assertEquals(4_102, RunQueueDelay.runDelayOf(ascii("0 4102 1\n")), "a new thread's slice, not yet added");
        assertEquals(-1, RunQueueDelay.runDelayOf(ascii("0 0 0\n")), "a kernel keeping no statistics");
        assertEquals(-1, RunQueueDelay.runDelayOf(ascii("373300195\n")));
        assertEquals(-1, RunQueueDelay.runDelayOf(ascii("")));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aThreadThatSleepsIsNotCountedAsWaitingForACpu() throws InterruptedException
    {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux with scheduler statistics");
        final AtomicLong sleptNs = new AtomicLong();
        final AtomicLong delayedNs = new AtomicLong();
        final Thread sleeper = new Thread(() ->
        {
            final long delayBeforeNs = RunQueueDelay.ofCurrentThread();
            final long startNs = System.nanoTime();
            for (int i = 0; i < 20; i++)
            {
                LockSupport.parkNanos(10_000_000);
            }
            sleptNs.set(System.nanoTime() - startNs);
            delayedNs.set(RunQueueDelay.ofCurrentThread() - delayBeforeNs);
        }, "run-queue-delay-sleeper");
        sleeper.start();
        sleeper.join();

        assertTrue(delayedNs.get() >= 0, "a delay, read twice on the thread's own file: " + delayedNs.get());
        assertTrue(delayedNs.get() < sleptNs.get() / 2,
            "delayed " + delayedNs.get() + " ns while parked for " + sleptNs.get() + " ns");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anInterruptedThreadReadsItsRunDelayAndKeepsItsFlag() throws InterruptedException
    {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux with scheduler statistics");
        final long[] delaysNs = new long[3];
        final boolean[] flagKept = new boolean[1];
        final Thread reader = new Thread(() ->
        {
            Thread.currentThread().interrupt();
            for (int i = 0; i < delaysNs.length; i++)
            {
                delaysNs[i] = RunQueueDelay.ofCurrentThread();
            }
            flagKept[0] = Thread.currentThread().isInterrupted();
        }, "run-queue-delay-interrupted");
        reader.start();
        reader.join();

        assertTrue(flagKept[0], "the interrupt flag is still set");
        for (final long delayNs : delaysNs)
        {
            assertTrue(delayNs >= 0, "read while interrupted: " + delayNs);
        }
    }

    private static ByteBuffer ascii(final String text)
    {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
    }
}
