package io.github.idlekit.platform;

/**
 * The calling thread's scheduling niceness on Linux (-20 most favoured, 19 least). Giving a background worker
 * that mostly idles a higher nice value lets latency-critical threads win the cores when both are runnable; it
 * needs no privilege. Lowering the value again (raising the priority) needs CAP_SYS_NICE.
 *
 * <p>Linux applies {@code setpriority(PRIO_PROCESS, tid, nice)} to the one thread whose kernel id is {@code tid},
 * which is what this class does for the calling thread.
 */
public final class LinuxThreadNiceness
{
    /**
     * The most favourable niceness.
     */
    public static final int MIN_NICE = -20;

    /**
     * The least favourable niceness.
     */
    public static final int MAX_NICE = 19;

    private LinuxThreadNiceness()
    {
    }

    /**
     * @return the calling thread's niceness.
     * @throws PlatformUnavailableException off Linux or without JNA.
     */
    public static int get()
    {
        NativeSupport.requireLinux("thread niceness");
        try
        {
            return LinuxNative.getNiceness(LinuxNative.currentThreadId());
        }
        catch (final LinkageError ex)
        {
            throw NativeSupport.unavailable("thread niceness", ex);
        }
    }

    /**
     * Sets the calling thread's niceness.
     *
     * @param nice from {@value #MIN_NICE} to {@value #MAX_NICE}.
     * @throws IllegalArgumentException     naming {@code nice} when it is out of range.
     * @throws SecurityException            when the value is below the current one and the process lacks
     *                                      CAP_SYS_NICE.
     * @throws PlatformUnavailableException off Linux or without JNA; a {@link PlatformCallException} when the
     *                                      kernel refuses for another reason.
     */
    public static void set(final int nice)
    {
        if (nice < MIN_NICE || nice > MAX_NICE)
        {
            throw new IllegalArgumentException("nice must be in [" + MIN_NICE + ", " + MAX_NICE + "]: " + nice);
        }
        NativeSupport.requireLinux("thread niceness");
        final int errno;
        final int before;
        try
        {
            final int tid = LinuxNative.currentThreadId();
            before = LinuxNative.getNiceness(tid);
            errno = LinuxNative.setNiceness(tid, nice);
        }
        catch (final LinkageError ex)
        {
            throw NativeSupport.unavailable("thread niceness", ex);
        }
        if (errno == LinuxNative.EACCES || errno == LinuxNative.EPERM)
        {
            throw new SecurityException("raising this thread's priority from nice " + before + " to " + nice +
                " needs CAP_SYS_NICE (root, or setcap cap_sys_nice on the java binary); a higher nice value needs " +
                "no privilege");
        }
        if (errno != 0)
        {
            throw new PlatformCallException("setpriority(PRIO_PROCESS, tid, " + nice + ")", errno, null);
        }
    }
}
