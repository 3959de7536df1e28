package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * How this JVM's waiting primitives really behave on this machine: the park floor (what
 * {@code LockSupport.parkNanos(1)} actually lasts), how much longer than requested a longer park lasts, and the
 * cost of {@link Thread#yield()} and {@link Thread#onSpinWait()}.
 *
 * <p>Why measure: the same {@code parkNanos(1)} lasts tens of microseconds on Linux, where a futex timeout is
 * delayed by the thread's timer slack (50 µs by default), and up to a whole timer tick on Windows, where HotSpot
 * truncates the request to whole milliseconds and {@code WaitForSingleObject} wakes on the next system timer tick
 * (15.625 ms by default).
 * A strategy with hard-coded thresholds therefore means a different latency on every OS; a strategy sized from a
 * {@code TimerProfile} does not.
 *
 * <p>{@link #current()} measures once per JVM on first use, within a time budget of
 * {@value #DEFAULT_BUDGET_MS} ms by default even where the floor is 16 ms, and caches the result. Measurement
 * runs on a fresh thread started by the caller, so an interrupted caller cannot fool it (a park returns at once
 * while the interrupt flag is set) and keeps its interrupt status; on Linux that thread inherits the caller's
 * timer slack, so the profile describes the threads the caller creates.
 *
 * <p>System properties, read at the first {@link #current()} and at each {@link #recalibrate()}:
 * <ul>
 *     <li>{@value #PARK_FLOOR_PROPERTY}: a duration such as {@code 70us}; use it as the floor without
 *     measuring ({@link Source#CONFIGURED}).</li>
 *     <li>{@value #CALIBRATION_PROPERTY}: {@code measure} (default) or {@code default}, which skips measuring
 *     and uses conservative per-OS values ({@link Source#DEFAULT}, see {@link #osDefault(String)}).</li>
 *     <li>{@value #BUDGET_PROPERTY}: the measurement's wall-time budget, e.g. {@code 50ms}.</li>
 * </ul>
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class TimerProfile
{
    /**
     * System property that sets the park floor without measuring, e.g. {@code -Didlekit.park.floor=70us}.
     */
    public static final String PARK_FLOOR_PROPERTY = "idlekit.park.floor";

    /**
     * System property choosing {@code measure} (default) or {@code default} (per-OS values, no measurement).
     */
    public static final String CALIBRATION_PROPERTY = "idlekit.calibration";

    /**
     * System property with the measurement's wall-time budget, e.g. {@code 50ms}.
     */
    public static final String BUDGET_PROPERTY = "idlekit.calibration.budget";

    /**
     * Default wall-time budget of a measurement in milliseconds: three parks of a 16 ms Windows tick fit in it.
     */
    public static final long DEFAULT_BUDGET_MS = 50;

    /**
     * The CPU one park costs where it was not measured: a futex wait and wake-up, with the JVM's bookkeeping on
     * both sides, costs microseconds of CPU on current hardware; 10 µs errs on the side of spinning less.
     */
    public static final long DEFAULT_PARK_CPU_NS = 10_000L;

    /**
     * Where a profile's numbers came from.
     */
    public enum Source
    {
        /**
         * Measured on this machine by {@link TimerProfile#measure(Duration)}.
         */
        MEASURED,
        /**
         * The park floor was given by {@value TimerProfile#PARK_FLOOR_PROPERTY} or {@link TimerProfile#of}.
         */
        CONFIGURED,
        /**
         * Conservative per-OS values chosen without measuring.
         */
        DEFAULT;

        String label()
        {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final CalibrationCache CURRENT = new CalibrationCache(() -> fromProperties(System::getProperty));

    private final long parkFloorNs;
    private final long parkFloorP90Ns;
    private final long parkOvershootNs;
    private final double yieldNs;
    private final double onSpinWaitNs;
    private final long parkCpuNs;
    private final int parkSamples;
    private final Source source;

    TimerProfile(
        final long parkFloorNs,
        final long parkFloorP90Ns,
        final long parkOvershootNs,
        final double yieldNs,
        final double onSpinWaitNs,
        final long parkCpuNs,
        final int parkSamples,
        final Source source)
    {
        this.parkCpuNs = parkCpuNs;
        this.parkFloorNs = parkFloorNs;
        this.parkFloorP90Ns = parkFloorP90Ns;
        this.parkOvershootNs = parkOvershootNs;
        this.yieldNs = yieldNs;
        this.onSpinWaitNs = onSpinWaitNs;
        this.parkSamples = parkSamples;
        this.source = source;
    }

    /**
     * The profile of this JVM, measured (or configured) on first use and cached; cheap after that, a volatile read.
     *
     * @return the current profile.
     */
    public static TimerProfile current()
    {
        return CURRENT.get();
    }

    /**
     * Measures again (or re-reads the configuration) and makes the result {@link #current()}. Strategies that
     * follow {@code current()} pick it up at the start of their next idle episode; call it after changing the
     * timer resolution or the timer slack, as the platform module does.
     *
     * @return the new current profile.
     */
    public static TimerProfile recalibrate()
    {
        return CURRENT.refresh();
    }

    /**
     * Measures this thread's waiting primitives now, on a fresh thread that inherits the caller's scheduling
     * settings, within {@code budget} of wall time (at least three parks are always taken, so a budget below
     * three floors is exceeded by what three parks cost). The caller's interrupt status is left as it was.
     *
     * @param budget the wall-time budget, positive.
     * @return a {@link Source#MEASURED} profile; does not change {@link #current()}.
     */
    public static TimerProfile measure(final Duration budget)
    {
        final long budgetNs = Durations.requirePositiveNanos("budget", budget);
        final TimerProfile[] result = new TimerProfile[1];
        final Thread worker = new Thread(
            () -> result[0] = new TimerMeasurement(SystemThreadWaits.INSTANCE, budgetNs).run(),
            "idlekit-timer-calibration");
        worker.setDaemon(true);
        worker.start();
        joinUninterruptibly(worker);
        if (null == result[0])
        {
            throw new IllegalStateException("timer measurement failed on thread " + worker.getName());
        }
        return result[0];
    }

    /**
     * A configured profile: a park floor known in advance, e.g. from a previous measurement.
     *
     * @param parkFloor what {@code parkNanos(1)} really lasts here, positive.
     * @return a {@link Source#CONFIGURED} profile whose overshoot equals the floor and whose p90 equals the floor.
     */
    public static TimerProfile of(final Duration parkFloor)
    {
        return configured(Durations.requirePositiveNanos("parkFloor", parkFloor), Source.CONFIGURED);
    }

    /**
     * Conservative values for an OS, chosen without measuring, from public and field measurements: Windows
     * 15.625 ms (the default system timer tick), macOS 100 µs (timers oversleep tens of microseconds and are
     * coalesced), Linux 100 µs (the 50 µs default timer slack plus the wake-up, rounded up), and 1 ms for anything
     * else.
     *
     * @param osName the value of {@code os.name}.
     * @return a {@link Source#DEFAULT} profile.
     */
    public static TimerProfile osDefault(final String osName)
    {
        Objects.requireNonNull(osName, "osName");
        final String os = osName.toLowerCase(Locale.ROOT);
        final long floorNs;
        if (os.startsWith("windows"))
        {
            floorNs = 15_625_000L;
        }
        else if (os.startsWith("linux") || os.startsWith("mac"))
        {
            floorNs = 100_000L;
        }
        else
        {
            floorNs = 1_000_000L;
        }
        return configured(floorNs, Source.DEFAULT);
    }

    /**
     * @return the median actual duration of {@code LockSupport.parkNanos(1)}: no park is shorter than this.
     */
    public long parkFloorNs()
    {
        return parkFloorNs;
    }

    /**
     * @return the 90th percentile of the actual duration of {@code parkNanos(1)}.
     */
    public long parkFloorP90Ns()
    {
        return parkFloorP90Ns;
    }

    /**
     * @return the median of (actual − requested) for a park requested longer than the floor; on Linux about the
     * floor (a request of r lasts about r + slack), on Windows up to one tick. Equals the floor when it was not
     * measured.
     */
    public long parkOvershootNs()
    {
        return parkOvershootNs;
    }

    /**
     * @return the median cost of one {@link Thread#yield()} in nanoseconds (0 when not measured).
     */
    public double yieldNs()
    {
        return yieldNs;
    }

    /**
     * @return the median cost of one {@link Thread#onSpinWait()} in nanoseconds (0 when not measured).
     */
    public double onSpinWaitNs()
    {
        return onSpinWaitNs;
    }

    /**
     * @return the CPU time one park costs the parking thread (blocking, waking, returning), in nanoseconds;
     * {@link #DEFAULT_PARK_CPU_NS} when not measured.
     */
    public long parkCpuNs()
    {
        return parkCpuNs;
    }

    /**
     * @return how many {@code parkNanos(1)} samples the floor is the median of (0 when not measured).
     */
    public int parkSamples()
    {
        return parkSamples;
    }

    /**
     * @return where the numbers came from.
     */
    public Source source()
    {
        return source;
    }

    /**
     * @return the floor with its p90, sample count and source, the overshoot, and the cost of yield and
     * onSpinWait when measured.
     */
    public String toString()
    {
        final StringBuilder text = new StringBuilder(128)
            .append("park floor ").append(Durations.toHuman(parkFloorNs))
            .append(" (p90 ").append(Durations.toHuman(parkFloorP90Ns))
            .append(", ").append(parkSamples).append(" samples, ").append(source.label()).append(')')
            .append(", overshoot ").append(Durations.toHuman(parkOvershootNs));
        if (source == Source.MEASURED)
        {
            text.append(", yield ").append(Durations.toHuman(yieldNs))
                .append(", onSpinWait ").append(Durations.toHuman(onSpinWaitNs))
                .append(", park CPU ").append(Durations.toHuman(parkCpuNs));
        }
        return text.toString();
    }

    /**
     * The profile the given properties ask for; {@code properties} is {@code System::getProperty} in production
     * and a map in tests, so that tests need not change JVM-wide state.
     */
    static TimerProfile fromProperties(final UnaryOperator<String> properties)
    {
        final String floor = properties.apply(PARK_FLOOR_PROPERTY);
        if (null != floor)
        {
            return configured(Durations.parsePositiveNanos(PARK_FLOOR_PROPERTY, floor), Source.CONFIGURED);
        }
        final String configuredMode = properties.apply(CALIBRATION_PROPERTY);
        final String mode = null == configuredMode ? "measure" : configuredMode.trim();
        switch (mode)
        {
            case "measure":
                final String budget = properties.apply(BUDGET_PROPERTY);
                final long budgetNs = null == budget ?
                    DEFAULT_BUDGET_MS * 1_000_000L : Durations.parsePositiveNanos(BUDGET_PROPERTY, budget);
                return measure(Duration.ofNanos(budgetNs));
            case "default":
                return osDefault(System.getProperty("os.name", ""));
            default:
                throw new IllegalArgumentException(
                    CALIBRATION_PROPERTY + ": '" + mode + "' is not one of measure, default");
        }
    }

    private static TimerProfile configured(final long floorNs, final Source source)
    {
        return new TimerProfile(floorNs, floorNs, floorNs, 0, 0, DEFAULT_PARK_CPU_NS, 0, source);
    }

    private static void joinUninterruptibly(final Thread thread)
    {
        boolean interrupted = false;
        while (true)
        {
            try
            {
                thread.join();
                break;
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }
}
