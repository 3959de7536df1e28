package io.github.idlekit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * How long the current thread has waited for a CPU while runnable, as Linux's scheduler counts it: the second field
 * of {@code /proc/thread-self/schedstat}, which grows while the thread is preempted, waits on a run queue after a
 * wake-up, or is throttled by its cgroup's CPU quota, and not while it is blocked (parked, sleeping, in I/O). That
 * tells contention from a worker's own blocking, which its CPU-time clock alone cannot: both are time it did not run.
 *
 * <p>A {@code /proc/thread-self} file opened once stays the opening thread's, so each thread opens its own, on its
 * first read (one allocation per thread), and reads it again from offset 0, which makes the kernel render it anew.
 * Where there is no such file (not Linux, a kernel without scheduler statistics) the delay is unknown.
 */
final class RunQueueDelay
{
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
    private static final ThreadLocal<RunQueueDelay> OF_THREAD = ThreadLocal.withInitial(RunQueueDelay::open);

    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(64);

    private RunQueueDelay(final FileChannel channel)
    {
        this.channel = channel;
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
            return new RunQueueDelay(FileChannel.open(SCHEDSTAT, StandardOpenOption.READ));
        }
        catch (final IOException | UnsupportedOperationException | SecurityException ex)
        {
            return new RunQueueDelay(null);
        }
    }

    private long read()
    {
        if (null == channel)
        {
            return -1;
        }
        buffer.clear();
        try
        {
            channel.read(buffer, 0);
        }
        catch (final IOException ex)
        {
            return -1;
        }
        return runDelayOf(buffer.flip());
    }

    /**
     * @return the run delay in a schedstat line, its second field, or -1 where there is none or the first, the
     * thread's time on a CPU, is 0: a kernel that keeps no scheduler statistics prints zeros, and a thread reading
     * its own file has run.
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
        return ran && digits > 0 ? value : -1;
    }
}
