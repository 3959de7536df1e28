package io.github.idlekit.platform;

import io.github.idlekit.TimerProfile;
import io.github.idlekit.internal.Durations;

import java.time.Duration;

/**
 * The best timers this OS offers, in one call:
 * <ul>
 *     <li>Windows: a 1 ms timer resolution for the process ({@link WindowsTimerResolution}), with power throttling
 *     of the resolution opted out where Windows allows it;</li>
 *     <li>Linux: a 1 µs timer slack for the calling thread and every thread it creates afterwards
 *     ({@link LinuxTimerSlack}); give pools {@link LinuxTimerSlack#threadFactory} instead;</li>
 *     <li>elsewhere: nothing, and the returned handle says so.</li>
 * </ul>
 * Every change is followed by one {@link TimerProfile#recalibrate()}, so calibrated strategies adopt the finer
 * park floor at their next idle episode. On Linux the new profile is measured on a thread created by the caller, so it
 * describes the caller and the threads it creates: enable from the thread that starts the workers.
 *
 * <pre>{@code
 * try (HighResolutionTimers.Enabled timers = HighResolutionTimers.enable())
 * {
 *     startWorkers();   // threads created here inherit the slack on Linux
 *     ...
 * }
 * }</pre>
 */
public final class HighResolutionTimers
{
    /**
     * The slack {@link #enable()} gives a Linux thread: small enough that the park floor is set by the wake-up
     * itself rather than by the kernel's freedom to coalesce timers.
     */
    public static final Duration DEFAULT_LINUX_SLACK = Duration.ofNanos(1_000);

    /**
     * The resolution {@link #enable()} asks of Windows.
     */
    public static final Duration DEFAULT_WINDOWS_RESOLUTION = Duration.ofMillis(1);

    private HighResolutionTimers()
    {
    }

    /**
     * What {@link #enable()} changed; {@link #close()} puts it back.
     */
    public static final class Enabled implements AutoCloseable
    {
        private final String description;
        private final Runnable undo;
        private final Thread owner;
        private boolean closed;

        private Enabled(final String description, final Runnable undo)
        {
            this.description = description;
            this.undo = undo;
            this.owner = Thread.currentThread();
        }

        /**
         * @return what was changed, or why nothing was.
         */
        public String description()
        {
            return description;
        }

        /**
         * Undoes the change and recalibrates. On Linux this must run on the thread that enabled, because slack
         * can only be set by its own thread. Idempotent.
         *
         * @throws IllegalStateException when called from another thread on Linux.
         */
        public void close()
        {
            if (closed)
            {
                return;
            }
            if (NativeSupport.IS_LINUX && Thread.currentThread() != owner)
            {
                throw new IllegalStateException(
                    "timer slack can only be restored by the thread that set it: " + owner.getName());
            }
            closed = true;
            undo.run();
        }

        /**
         * @return the description.
         */
        public String toString()
        {
            return description;
        }
    }

    /**
     * Enables the defaults: {@link #DEFAULT_WINDOWS_RESOLUTION} on Windows, {@link #DEFAULT_LINUX_SLACK} on Linux.
     *
     * @return the handle that undoes it.
     * @throws PlatformUnavailableException on Windows or Linux when JNA is missing or the OS refuses.
     */
    public static Enabled enable()
    {
        return enable(NativeSupport.IS_WINDOWS ? DEFAULT_WINDOWS_RESOLUTION : DEFAULT_LINUX_SLACK);
    }

    /**
     * Enables a timer resolution (Windows) or slack for the calling thread (Linux) of {@code precision}. On Linux the
     * timer profile is measured again at once, and again on close, from a few parks that each last about the slack.
     *
     * @param precision the resolution or slack, positive; on Linux at most {@link LinuxTimerSlack#MAX_SLACK_NS}.
     * @return the handle that undoes it.
     * @throws IllegalArgumentException     naming {@code precision} when it is not positive, or on Linux above
     *                                      {@link LinuxTimerSlack#MAX_SLACK_NS}.
     * @throws PlatformUnavailableException on Windows or Linux when JNA is missing or the OS refuses.
     */
    public static Enabled enable(final Duration precision)
    {
        final long precisionNs = Durations.requirePositiveNanos("precision", precision);
        final Enabled enabled;
        if (NativeSupport.IS_WINDOWS)
        {
            final boolean honouredWhenHidden = WindowsTimerResolution.ignorePowerThrottling();
            final WindowsTimerResolution.Request request = WindowsTimerResolution.request(precision);
            enabled = new Enabled("Windows " + request + (honouredWhenHidden ? "" :
                "; Windows refused the power-throttling opt-out, so the resolution may be ignored while hidden"),
                request::close);
        }
        else if (NativeSupport.IS_LINUX)
        {
            LinuxTimerSlack.requireSlack("precision", precisionNs);
            final long previousNs = LinuxTimerSlack.get();
            LinuxTimerSlack.set(precisionNs);
            TimerProfile.recalibrate();
            enabled = new Enabled("Linux timer slack of thread " + Thread.currentThread().getName() + " " +
                Durations.toHuman(previousNs) + " -> " + Durations.toHuman(precisionNs),
                () ->
                {
                    LinuxTimerSlack.restore(previousNs);
                    TimerProfile.recalibrate();
                });
        }
        else
        {
            enabled = new Enabled("no timer tuning exists for " + NativeSupport.OS_NAME + "; nothing changed", () ->
            {
            });
        }
        return enabled;
    }

    /**
     * A readable report of what this OS offers and what is in effect: never throws, says "unavailable" and why
     * where JNA or the OS is missing.
     *
     * @return the report, several lines.
     */
    public static String describe()
    {
        final StringBuilder report = new StringBuilder(256)
            .append("os: ").append(NativeSupport.OS_NAME).append(System.lineSeparator());
        final String jnaMissing = NativeSupport.jnaMissingReason();
        report.append("jna: ").append(null == jnaMissing ? "available" : "unavailable: " + jnaMissing)
            .append(System.lineSeparator());
        try
        {
            if (NativeSupport.IS_WINDOWS)
            {
                report.append("windows: ").append(WindowsTimerResolution.query()).append(System.lineSeparator())
                    .append("idlekit: ").append(WindowsTimerResolution.describeHolds()).append(System.lineSeparator());
            }
            else if (NativeSupport.IS_LINUX)
            {
                report.append("linux: timer slack of this thread ").append(LinuxTimerSlack.get())
                    .append(" ns, niceness ").append(LinuxThreadNiceness.get()).append(System.lineSeparator());
            }
            else
            {
                report.append("no timer tuning exists for this OS").append(System.lineSeparator());
            }
        }
        catch (final RuntimeException | LinkageError ex)
        {
            report.append("unavailable: ").append(ex.getMessage()).append(System.lineSeparator());
        }
        try
        {
            return report.append("timer profile: ").append(TimerProfile.current()).toString();
        }
        catch (final RuntimeException ex)
        {
            return report.append("timer profile: unavailable: ").append(ex.getMessage()).toString();
        }
    }
}
