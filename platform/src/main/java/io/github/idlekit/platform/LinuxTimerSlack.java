package io.github.idlekit.platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The calling thread's timer slack on Linux: how late the kernel may fire the thread's timers so that it can
 * coalesce wake-ups. A park ({@code LockSupport.parkNanos}, a futex wait with a timeout) wakes up to one slack
 * late, and the default slack is 50 µs, so the slack, not the CPU, sets the shortest park on most machines; the
 * README shows the park floor measured with each slack and the command that measures it.
 *
 * <p>Slack is per thread: {@link #set(long)} changes only the calling thread, and a thread created afterwards
 * inherits the value of the thread that creates it (so do processes it forks). To give every worker of a pool a
 * slack, create the pool with {@link #threadFactory(ThreadFactory, long)}. The whole-JVM alternative is the
 * experimental HotSpot flag {@code -XX:+UnlockExperimentalVMOptions -XX:TimerSlack=<ns>} (JDK-8307766).
 * Recent kernels ignore slack for real-time (SCHED_FIFO/RR) threads.
 *
 * <p>Uses {@code prctl(PR_SET_TIMERSLACK)} through JNA; without JNA every method throws
 * {@link PlatformUnavailableException}, and where the kernel refuses the call (a seccomp filter, a sandbox such as
 * gVisor) a {@link PlatformCallException} with its errno.
 */
public final class LinuxTimerSlack
{
    /**
     * The kernel's default slack for ordinary threads: 50 µs.
     */
    public static final long DEFAULT_SLACK_NS = 50_000L;

    /**
     * The largest slack, about 4.3 s, that {@link #get()} reads back as set: glibc's {@code prctl} returns an
     * {@code int}, so a larger one would read back as its low 32 bits, and be restored wrongly from that.
     */
    public static final long MAX_SLACK_NS = 0xFFFF_FFFFL;

    private LinuxTimerSlack()
    {
    }

    /**
     * @return the calling thread's timer slack in nanoseconds; 0 on a real-time thread, whose timers the kernel
     * fires without slack.
     * @throws PlatformUnavailableException off Linux, without JNA, or when the kernel refuses
     *                                      ({@link PlatformCallException}).
     */
    public static long get()
    {
        NativeSupport.requireLinux("timer slack");
        try
        {
            return LinuxNative.getTimerSlackNs();
        }
        catch (final LinkageError ex)
        {
            throw NativeSupport.unavailable("timer slack", ex);
        }
    }

    /**
     * Sets the calling thread's timer slack; threads it creates from now on inherit it.
     *
     * @param slackNs the slack in nanoseconds, positive and at most {@link #MAX_SLACK_NS} ({@link #reset()} restores
     *                the default).
     * @throws IllegalArgumentException     naming {@code slackNs} when it is not positive or above
     *                                      {@link #MAX_SLACK_NS}.
     * @throws PlatformUnavailableException off Linux, without JNA, or when the kernel refuses
     *                                      ({@link PlatformCallException}).
     */
    public static void set(final long slackNs)
    {
        apply(requireSlack("slackNs", slackNs));
    }

    /**
     * @return {@code slackNs}, once it is positive and at most {@link #MAX_SLACK_NS}.
     * @throws IllegalArgumentException naming {@code parameter} and the value otherwise.
     */
    static long requireSlack(final String parameter, final long slackNs)
    {
        if (slackNs <= 0)
        {
            throw new IllegalArgumentException(parameter + " must be positive: " + slackNs);
        }
        if (slackNs > MAX_SLACK_NS)
        {
            throw new IllegalArgumentException(parameter + " must be at most " + MAX_SLACK_NS +
                " ns, the most prctl(PR_GET_TIMERSLACK) reports back: " + slackNs);
        }
        return slackNs;
    }

    /**
     * Restores the calling thread's default slack (the kernel takes 0 to mean "the default").
     *
     * @throws PlatformUnavailableException off Linux or without JNA.
     */
    public static void reset()
    {
        apply(0);
    }

    /**
     * Puts back a slack read earlier with {@link #get()}. A real-time thread reads 0 (the kernel ignores slack for
     * it), and 0 asks for the default, so restoring what was read never throws.
     */
    static void restore(final long previousNs)
    {
        apply(previousNs);
    }

    /**
     * Reads a thread's slack as the kernel reports it in {@code /proc/<tid>/timerslack_ns}, independently of
     * {@code prctl}.
     */
    static long readFromProc(final int tid) throws IOException
    {
        return Long.parseLong(Files.readString(Path.of("/proc", Integer.toString(tid), "timerslack_ns")).trim());
    }

    /**
     * The kernel thread id of the calling thread.
     */
    static int currentThreadId()
    {
        NativeSupport.requireLinux("thread ids");
        try
        {
            return LinuxNative.currentThreadId();
        }
        catch (final LinkageError ex)
        {
            throw NativeSupport.unavailable("thread ids", ex);
        }
    }

    /**
     * A thread factory whose threads run with {@code slackNs} of timer slack: each sets its own slack as the first
     * thing it does, since slack can only be set by the thread it applies to.
     *
     * @param delegate makes the threads (names, daemon status, priority).
     * @param slackNs  the slack in nanoseconds, positive and at most {@link #MAX_SLACK_NS}.
     * @return the decorated factory.
     * @throws IllegalArgumentException     naming {@code slackNs} when it is not positive or above
     *                                      {@link #MAX_SLACK_NS}.
     * @throws PlatformUnavailableException off Linux or without JNA, here rather than in the new threads.
     */
    public static ThreadFactory threadFactory(final ThreadFactory delegate, final long slackNs)
    {
        Objects.requireNonNull(delegate, "delegate");
        requireSlack("slackNs", slackNs);
        get();
        return task -> delegate.newThread(() ->
        {
            set(slackNs);
            task.run();
        });
    }

    private static void apply(final long slackNs)
    {
        NativeSupport.requireLinux("timer slack");
        try
        {
            LinuxNative.setTimerSlackNs(slackNs);
        }
        catch (final LinkageError ex)
        {
            throw NativeSupport.unavailable("timer slack", ex);
        }
    }
}
