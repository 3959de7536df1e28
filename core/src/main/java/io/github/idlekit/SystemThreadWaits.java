package io.github.idlekit;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.LockSupport;

/**
 * The real waiting primitives of this JVM.
 */
final class SystemThreadWaits implements ThreadWaits
{
    static final SystemThreadWaits INSTANCE = new SystemThreadWaits();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SystemThreadWaits()
    {
    }

    public long nanoTime()
    {
        return System.nanoTime();
    }

    public void onSpinWait()
    {
        Thread.onSpinWait();
    }

    public void yieldThread()
    {
        Thread.yield();
    }

    public void parkNanos(final long nanos)
    {
        LockSupport.parkNanos(nanos);
    }

    public long threadCpuNanos()
    {
        return THREADS.getCurrentThreadCpuTime();
    }

    public long threadRunDelayNanos()
    {
        return RunQueueDelay.ofCurrentThread();
    }
}
