package io.github.idlekit.platform;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The glibc calls the Linux tunings need. {@code prctl} is variadic, so it is bound through an interface mapping
 * with {@code Object...} (direct mapping does not support varargs) and its argument passed as a
 * {@link NativeLong}. Every failing call surfaces as a {@link PlatformCallException} carrying errno.
 */
final class LinuxNative
{
    static final int PR_SET_TIMERSLACK = 29;
    static final int PR_GET_TIMERSLACK = 30;
    static final int PRIO_PROCESS = 0;
    static final int EPERM = 1;
    static final int EACCES = 13;
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    /**
     * The C library.
     */
    interface LibC extends Library
    {
        int prctl(int option, Object... args) throws LastErrorException;

        int gettid() throws LastErrorException;

        int getpriority(int which, int who) throws LastErrorException;

        int setpriority(int which, int who, int priority) throws LastErrorException;
    }

    private static final LibC LIBC = Native.load("c", LibC.class);

    private LinuxNative()
    {
    }

    static long getTimerSlackNs()
    {
        try
        {
            return Integer.toUnsignedLong(LIBC.prctl(PR_GET_TIMERSLACK, new NativeLong(0), new NativeLong(0),
                new NativeLong(0), new NativeLong(0)));
        }
        catch (final LastErrorException ex)
        {
            throw new PlatformCallException("prctl(PR_GET_TIMERSLACK)", ex.getErrorCode(), ex);
        }
    }

    /**
     * @param slackNs the slack, or 0 for the thread's default.
     */
    static void setTimerSlackNs(final long slackNs)
    {
        try
        {
            LIBC.prctl(PR_SET_TIMERSLACK, new NativeLong(slackNs), new NativeLong(0), new NativeLong(0),
                new NativeLong(0));
        }
        catch (final LastErrorException ex)
        {
            throw new PlatformCallException("prctl(PR_SET_TIMERSLACK, " + slackNs + ")", ex.getErrorCode(), ex);
        }
    }

    /**
     * The kernel thread id of the calling thread: the last element of the {@code /proc/thread-self} link
     * ({@code <pid>/task/<tid>}, Linux 3.17+), else glibc's {@code gettid()} (glibc 2.30+). Neither needs a
     * per-architecture system call number.
     */
    static int currentThreadId()
    {
        try
        {
            return Integer.parseInt(Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
        }
        catch (final IOException | RuntimeException ex)
        {
            try
            {
                return LIBC.gettid();
            }
            catch (final LastErrorException | UnsatisfiedLinkError error)
            {
                final PlatformUnavailableException unavailable = new PlatformUnavailableException(
                    "the kernel thread id is unavailable: neither /proc/thread-self nor glibc's gettid() answered",
                    error);
                unavailable.addSuppressed(ex);
                throw unavailable;
            }
        }
    }

    static int getNiceness(final int tid)
    {
        try
        {
            return LIBC.getpriority(PRIO_PROCESS, tid);
        }
        catch (final LastErrorException ex)
        {
            throw new PlatformCallException("getpriority(PRIO_PROCESS, " + tid + ")", ex.getErrorCode(), ex);
        }
    }

    /**
     * @return 0 on success, else errno.
     */
    static int setNiceness(final int tid, final int nice)
    {
        try
        {
            LIBC.setpriority(PRIO_PROCESS, tid, nice);
            return 0;
        }
        catch (final LastErrorException ex)
        {
            return ex.getErrorCode();
        }
    }
}
