package io.github.idlekit;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;

/**
 * How long the current thread has waited for a CPU while runnable, as Linux's scheduler counts it: the second field
 * of {@code /proc/thread-self/schedstat}, which grows while the thread is preempted, waits on a run queue after a
 * wake-up, or is throttled by its cgroup's CPU quota, and not while it is blocked (parked, sleeping, in I/O). That
 * tells contention from a worker's own blocking, which its CPU-time clock alone cannot: both are time it did not run.
 *
 * <p>A {@code /proc/thread-self} file opened once stays the opening thread's, so each thread opens its own, on its
 * first read (one allocation per thread), and reads it again from offset 0, which makes the kernel render it anew.
 * It is read through a {@link RandomAccessFile}, whose reads an interrupt does not end: an interruptible channel
 * closes itself when a thread with its interrupt flag set reads it, and every read after that would fail by
 * throwing, an allocation each time. Where there is no such file (not Linux, a kernel without scheduler statistics)
 * the delay is unknown.
 */
final class RunQueueDelay
{
    private static final String SCHEDSTAT = "/proc/thread-self/schedstat";
    private static final ThreadLocal<RunQueueDelay> OF_THREAD = ThreadLocal.withInitial(RunQueueDelay::open);

    private final RandomAccessFile file;
    private final byte[] bytes = new byte[64];
    private final ByteBuffer text = ByteBuffer.wrap(bytes);

    private RunQueueDelay(final RandomAccessFile file)
    {
        this.file = file;
    }

    /**
     * @return the nanoseconds the calling thread has spent runnable but not running, or -1 where unknown.
     */
    static long ofCurrentThread()
    {
        return OF_THREAD.get().read();
    }

    private static RunQueueDelay open()
    {
        try
        {
            return new RunQueueDelay(new RandomAccessFile(SCHEDSTAT, "r"));
        }
        catch (final IOException | SecurityException ex)
        {
            return new RunQueueDelay(null);
        }
    }

    private long read()
    {
        if (null == file)
        {
            return -1;
        }
        final int length;
        try
        {
            file.seek(0);
            length = file.read(bytes);
        }
        catch (final IOException ex)
        {
            return -1;
        }
        text.clear();
        text.limit(Math.max(0, length));
        return runDelayOf(text);
    }

    /**
     * @return the run delay in a schedstat line, its second field, or -1 where there is none or both the first, the
     * thread's time on a CPU, and the third, the time slices it has run, are 0: a kernel that keeps no scheduler
     * statistics prints zeros, and a thread reading its own file has been switched in at least once. Its time on a
     * CPU alone can still read 0, since the kernel adds the running slice only at the next tick or switch.
     */
    static long runDelayOf(final ByteBuffer text)
    {
        int i = text.position();
        final int end = text.limit();
        boolean ran = false;
        while (i < end && text.get(i) != ' ')
        {
            ran |= text.get(i) > '0' && text.get(i) <= '9';
            i++;
        }
        i++;
        long value = 0;
        int digits = 0;
        while (i < end && text.get(i) >= '0' && text.get(i) <= '9')
        {
            value = 10 * value + text.get(i) - '0';
            digits++;
            i++;
        }
        i++;
        while (i < end && text.get(i) >= '0' && text.get(i) <= '9')
        {
            ran |= text.get(i) > '0';
            i++;
        }
        return ran && digits > 0 ? value : -1;
    }
}
