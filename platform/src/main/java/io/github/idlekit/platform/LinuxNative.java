package io.github.idlekit.platform;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;

/**
 * The glibc calls the Linux tunings need. {@code prctl} is variadic, so it is bound through an interface mapping
 * with {@code Object...} (direct mapping does not support varargs) and its argument passed as a
 * {@link NativeLong}.
 */
final class LinuxNative
{
    static final int PR_SET_TIMERSLACK = 29;
    static final int PR_GET_TIMERSLACK = 30;
    static final int PRIO_PROCESS = 0;
    static final int EPERM = 1;
    static final int EACCES = 13;
    private static final long SYS_GETTID_X86_64 = 186;
    private static final long SYS_GETTID_AARCH64 = 178;

    /**
     * The C library.
     */
    interface LibC extends Library
    {
        int prctl(int option, Object... args) throws LastErrorException;

        long syscall(long number, Object... args) throws LastErrorException;

        int getpriority(int which, int who) throws LastErrorException;

        int setpriority(int which, int who, int priority) throws LastErrorException;
    }

    private static final LibC LIBC = Native.load("c", LibC.class);

    private LinuxNative()
    {
    }

    static long getTimerSlackNs()
    {
        return Integer.toUnsignedLong(LIBC.prctl(PR_GET_TIMERSLACK, new NativeLong(0), new NativeLong(0),
            new NativeLong(0), new NativeLong(0)));
    }

    static void setTimerSlackNs(final long slackNs)
    {
        LIBC.prctl(PR_SET_TIMERSLACK, new NativeLong(slackNs), new NativeLong(0), new NativeLong(0),
            new NativeLong(0));
    }

    /**
     * The kernel thread id of the calling thread, through {@code syscall(SYS_gettid)}: works on glibc older than
     * 2.30, which has no {@code gettid()} wrapper.
     */
    static int currentThreadId()
    {
        final String arch = System.getProperty("os.arch", "");
        final long number = arch.equals("aarch64") ? SYS_GETTID_AARCH64 : SYS_GETTID_X86_64;
        return (int)LIBC.syscall(number);
    }

    static int getNiceness(final int tid)
    {
        return LIBC.getpriority(PRIO_PROCESS, tid);
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
