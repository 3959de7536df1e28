package io.github.idlekit.platform;

import io.github.idlekit.TimerProfile;
import io.github.idlekit.internal.Durations;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Raises the Windows system timer resolution for this process, safely and reversibly.
 *
 * <p>Why: HotSpot's {@code Parker::park} truncates {@code parkNanos} to whole milliseconds and waits with
 * {@code WaitForSingleObject}, which wakes on the next system timer tick, 15.625 ms by default; it never raises
 * the resolution (only {@code Thread.sleep} with a millisecond count not divisible by 10 does, for the length of
 * the sleep). With a 1 ms resolution a park lasts 1-2 ms instead of up to 16 ms. Since Windows 10 2004 the
 * resolution is per process; Windows 11 may ignore it for processes whose windows are hidden unless the process
 * opts out of power throttling ({@link #ignorePowerThrottling()}).
 *
 * <p>Requests of 1 ms and coarser go through {@code timeBeginPeriod}/{@code timeEndPeriod} (winmm, whole
 * milliseconds, rounded down so the resolution is at least as fine as asked); finer ones, down to the hardware's
 * finest (typically 0.5 ms), through {@code NtSetTimerResolution} (ntdll), for which the finest request held is
 * the one in force. Requests are reference-counted process-wide: the OS call is made when the first request for a
 * value arrives and undone when the last is closed; {@link Request#close()} is idempotent; whatever is still held
 * at JVM exit is released by a shutdown hook, because a leaked raised resolution costs the user's battery, and a
 * request closed after that hook is a no-op. A failure at any step leaves nothing held. Every change calls
 * {@link TimerProfile#recalibrate()} once, outside the lock (a measurement takes tens of milliseconds), so that
 * calibrated strategies adapt at their next idle episode.
 *
 * <p>Thread-safe. Without JNA, or off Windows, every method throws {@link PlatformUnavailableException}.
 */
public final class WindowsTimerResolution
{
    static final int TIMERR_NOERROR = 0;
    private static final long NANOS_PER_MILLI = 1_000_000L;

    private static volatile WindowsTimerResolution system;

    private final WindowsTimerApi api;
    private final Runnable onChange;
    private final boolean releaseAtExit;
    private final TreeMap<Integer, Integer> periodHolds = new TreeMap<>();
    private final TreeMap<Integer, Integer> fineHolds = new TreeMap<>();
    private int fineInForce100ns;
    private int generation;
    private boolean shutdownHookAdded;
    private int powerThrottlingResult = Integer.MIN_VALUE;

    WindowsTimerResolution(final WindowsTimerApi api, final Runnable onChange, final boolean releaseAtExit)
    {
        this.api = api;
        this.onChange = onChange;
        this.releaseAtExit = releaseAtExit;
    }

    /**
     * A request for a timer resolution; close it to release. The resolution stays raised while any request for it
     * (or a finer one) is open.
     */
    public final class Request implements AutoCloseable
    {
        private final boolean fine;
        private final int amount;
        private final long grantedNs;
        private final int requestGeneration;
        private final AtomicBoolean closed = new AtomicBoolean();

        private Request(final boolean fine, final int amount, final long grantedNs)
        {
            this.fine = fine;
            this.amount = amount;
            this.grantedNs = grantedNs;
            this.requestGeneration = generation;
        }

        /**
         * @return the resolution Windows reported in force right after the request, in nanoseconds.
         */
        public long grantedNs()
        {
            return grantedNs;
        }

        /**
         * Releases this request; the resolution drops back once no other request needs it. Idempotent, and a
         * no-op after the shutdown hook has released everything.
         */
        public void close()
        {
            if (closed.compareAndSet(false, true))
            {
                release(fine, amount, requestGeneration);
            }
        }

        /**
         * @return e.g. {@code timeBeginPeriod(1) granted 1.00 ms}.
         */
        public String toString()
        {
            return (fine ? "NtSetTimerResolution(" + amount + ")" : "timeBeginPeriod(" + amount + ")") +
                " granted " + Durations.toHuman(grantedNs) + (closed.get() ? " (closed)" : "");
        }
    }

    /**
     * @return what the system timer looks like now.
     * @throws PlatformUnavailableException off Windows or without JNA.
     */
    public static WindowsTimerCaps query()
    {
        return system().caps();
    }

    /**
     * Requests a timer resolution for this process.
     *
     * @param resolution the resolution wanted, positive; 1 ms is the common choice.
     * @return the request, to close when the resolution is no longer needed.
     * @throws IllegalArgumentException     naming {@code resolution} when it is not positive.
     * @throws PlatformUnavailableException off Windows or without JNA; a {@link PlatformCallException} when Windows
     *                                      refuses the request.
     */
    public static Request request(final Duration resolution)
    {
        final long resolutionNs = Durations.requirePositiveNanos("resolution", resolution);
        return system().acquire(resolutionNs);
    }

    /**
     * Asks Windows to honour this process's timer resolution even when its windows are hidden or minimised
     * ({@code PROCESS_POWER_THROTTLING_IGNORE_TIMER_RESOLUTION}, Windows 11). Some Windows 10 builds reject the
     * flag; that is reported, not thrown.
     *
     * @return true when Windows accepted it.
     * @throws PlatformUnavailableException off Windows or without JNA.
     */
    public static boolean ignorePowerThrottling()
    {
        return system().optOutOfPowerThrottling();
    }

    /**
     * @return the requests held and the power-throttling outcome, for {@link HighResolutionTimers#describe()}.
     */
    static String describeHolds()
    {
        final WindowsTimerResolution instance = system;
        return null == instance ? "no requests made" : instance.holds();
    }

    static WindowsTimerResolution system()
    {
        NativeSupport.requireWindows("timer resolution");
        WindowsTimerResolution instance = system;
        if (null == instance)
        {
            synchronized (WindowsTimerResolution.class)
            {
                instance = system;
                if (null == instance)
                {
                    try
                    {
                        instance = new WindowsTimerResolution(WindowsNative.INSTANCE, TimerProfile::recalibrate, true);
                    }
                    catch (final LinkageError ex)
                    {
                        throw NativeSupport.unavailable("timer resolution", ex);
                    }
                    system = instance;
                }
            }
        }
        return instance;
    }

    WindowsTimerCaps caps()
    {
        final int[] resolution = api.queryTimerResolution();
        final int[] periods = api.timeGetDevCaps();
        return new WindowsTimerCaps(resolution[0], resolution[1], resolution[2], periods[0], periods[1]);
    }

    Request acquire(final long resolutionNs)
    {
        final Request request;
        synchronized (this)
        {
            addShutdownHookOnce();
            request = resolutionNs >= NANOS_PER_MILLI ?
                holdPeriod((int)Math.min(Integer.MAX_VALUE, resolutionNs / NANOS_PER_MILLI)) :
                holdFine((int)Math.max(1, resolutionNs / 100));
        }
        onChange.run();
        return request;
    }

    /**
     * Releases everything still held, as at JVM exit; requests open until now become no-ops when closed.
     */
    synchronized void releaseAll()
    {
        generation++;
        for (final Map.Entry<Integer, Integer> hold : periodHolds.entrySet())
        {
            api.timeEndPeriod(hold.getKey());
        }
        periodHolds.clear();
        fineHolds.clear();
        applyFinest(new int[1]);
    }

    synchronized boolean releasesAtExit()
    {
        return shutdownHookAdded;
    }

    synchronized String holds()
    {
        final String power = powerThrottlingResult == Integer.MIN_VALUE ? "not asked" :
            powerThrottlingResult == 0 ? "ignored (opted out)" : "opt-out refused, error " + powerThrottlingResult;
        return "timeBeginPeriod holds " + periodHolds + ", NtSetTimerResolution holds " + fineHolds +
            " (in force " + fineInForce100ns + "), power throttling of timer resolution " + power;
    }

    synchronized boolean optOutOfPowerThrottling()
    {
        powerThrottlingResult = api.ignoreTimerResolutionThrottling();
        return powerThrottlingResult == 0;
    }

    private void release(final boolean fine, final int amount, final int requestGeneration)
    {
        synchronized (this)
        {
            if (requestGeneration != generation)
            {
                return;
            }
            if (fine)
            {
                unhold(fineHolds, amount);
                applyFinest(new int[1]);
            }
            else
            {
                releasePeriod(amount);
            }
        }
        onChange.run();
    }

    private Request holdPeriod(final int periodMs)
    {
        if (hold(periodHolds, periodMs) == 1)
        {
            final int result;
            try
            {
                result = api.timeBeginPeriod(periodMs);
            }
            catch (final RuntimeException | LinkageError ex)
            {
                unhold(periodHolds, periodMs);
                throw ex;
            }
            if (result != TIMERR_NOERROR)
            {
                unhold(periodHolds, periodMs);
                throw new PlatformCallException("timeBeginPeriod(" + periodMs + ")", result, null);
            }
        }
        try
        {
            return new Request(false, periodMs, api.queryTimerResolution()[2] * 100L);
        }
        catch (final RuntimeException | LinkageError ex)
        {
            releasePeriod(periodMs);
            throw ex;
        }
    }

    private Request holdFine(final int desired100ns)
    {
        hold(fineHolds, desired100ns);
        final int[] actual = new int[1];
        final int status;
        try
        {
            status = applyFinest(actual);
        }
        catch (final RuntimeException | LinkageError ex)
        {
            unhold(fineHolds, desired100ns);
            restoreFinest(ex);
            throw ex;
        }
        if (status != 0)
        {
            unhold(fineHolds, desired100ns);
            final PlatformCallException refused =
                new PlatformCallException("NtSetTimerResolution(" + desired100ns + ", TRUE)", status, null);
            restoreFinest(refused);
            throw refused;
        }
        return new Request(true, desired100ns, actual[0] * 100L);
    }

    private void releasePeriod(final int periodMs)
    {
        if (unhold(periodHolds, periodMs) == 0)
        {
            api.timeEndPeriod(periodMs);
        }
    }

    /**
     * After a failed fine request, puts the finest resolution still held back in force; a second failure is
     * attached to the first rather than hiding it.
     */
    private void restoreFinest(final Throwable failure)
    {
        try
        {
            applyFinest(new int[1]);
        }
        catch (final RuntimeException | LinkageError ex)
        {
            failure.addSuppressed(ex);
        }
    }

    /**
     * Makes the finest NtSetTimerResolution hold the one in force, or releases it when none is held.
     *
     * @return the NTSTATUS of the call made, 0 when none was needed.
     */
    private int applyFinest(final int[] actual)
    {
        final int wanted = fineHolds.isEmpty() ? 0 : fineHolds.firstKey();
        if (wanted == fineInForce100ns)
        {
            actual[0] = api.queryTimerResolution()[2];
            return 0;
        }
        final int status = wanted == 0 ?
            api.ntSetTimerResolution(fineInForce100ns, false, actual) :
            api.ntSetTimerResolution(wanted, true, actual);
        if (status == 0)
        {
            fineInForce100ns = wanted;
        }
        return status;
    }

    private void addShutdownHookOnce()
    {
        if (releaseAtExit && !shutdownHookAdded)
        {
            shutdownHookAdded = true;
            Runtime.getRuntime().addShutdownHook(new Thread(this::releaseAll, "idlekit-timer-resolution-release"));
        }
    }

    private static int hold(final TreeMap<Integer, Integer> holds, final int key)
    {
        return holds.merge(key, 1, Integer::sum);
    }

    private static int unhold(final TreeMap<Integer, Integer> holds, final int key)
    {
        final int remaining = holds.get(key) - 1;
        if (remaining == 0)
        {
            holds.remove(key);
        }
        else
        {
            holds.put(key, remaining);
        }
        return remaining;
    }
}
