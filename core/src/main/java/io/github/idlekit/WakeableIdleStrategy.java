package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A {@link CalibratedIdleStrategy} that producers can wake: after publishing work, a producer calls
 * {@link #wake()}, and a worker parked by this strategy returns at once instead of when its park period ends.
 *
 * <p>Why: a worker that parks notices new work only when its park times out, a timer floor at best (tens of
 * microseconds on Linux, up to a 15.6 ms tick on Windows). Woken, it can park long, burning next to no CPU, and
 * still start within the time an unpark takes. Waking costs a system call, so the producer pays it only while the
 * worker is parked or about to park: a wake while the worker runs or spins is one read of a shared flag when a wake
 * is already pending, else one atomic swap and one read, and never a system call.
 *
 * <p>The protocol: {@code wake()} sets a pending flag, then unparks the worker only if the worker has said it is
 * parking; the worker says so, then checks the flag before it parks and skips the park if a wake is pending (both
 * sides write, then read the other's field, with volatile semantics, so one of them always sees the other). The
 * first idle call after a wake clears the flag and returns at once, so the duty loop polls again: a wake that came
 * while the worker was busy, or between its last poll and its park, is never lost, and costs at most one extra poll.
 * The interrupt status is kept as the calibrated strategy keeps it; parks ended by a wake are not learnt from as
 * timer samples, but as the moment work came.
 *
 * <p>Where nearly every idle episode ends with a wake, the plan is made for it: a park then costs its CPU and one
 * scheduler wake-up however long it lasts, so the worker spins only while that is cheaper, then parks for the
 * maximum, without yielding or short timed parks first (on Linux's EEVDF scheduler either makes the next wake-up
 * wait, often, for a scheduler tick). When wakes stop coming, the next plan polls on the timer again. A plan that
 * spins through every gap, because the wake-ups it learnt from were slow, still parks now and then (see
 * {@link CalibratedIdleStrategy#PROBE_DIVISOR}) to see whether they are quick again.
 *
 * <p>One instance per worker thread (the first thread to call {@link #idle()} is the one woken); {@link #wake()}
 * may be called from any number of threads at once.
 */
public final class WakeableIdleStrategy extends CalibratedIdleStrategy
{
    /**
     * How long an episode spins with {@code onSpinWait} before it busy-waits by yielding (see
     * {@link #spinBeforeYieldNs()}).
     */
    static final long SPIN_BEFORE_YIELD_NS = 20_000L;

    /**
     * The longest park when none is given: long, since a producer that wakes the worker makes timer-driven polling
     * unnecessary; short enough that a producer that never wakes costs a poll every so often.
     */
    public static final Duration DEFAULT_MAX_PARK = Duration.ofMillis(100);

    private static final int RUNNING = 0;
    private static final int PARKING = 1;
    private static final VarHandle PENDING;
    private static final VarHandle STATE;
    private static final VarHandle WORKER;
    private static final VarHandle UNPARKS;
    private static final VarHandle UNPARK_NS;

    /**
     * Parks are planned as ended by wakes once at least this share of the episodes since the last plan received
     * one: then a park costs its CPU and one scheduler wake-up, however long it is.
     */
    static final double WOKEN_EPISODES_SHARE = 7.0 / 8;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            PENDING = lookup.findVarHandle(WakeableIdleStrategy.class, "pending", int.class);
            STATE = lookup.findVarHandle(WakeableIdleStrategy.class, "state", int.class);
            WORKER = lookup.findVarHandle(WakeableIdleStrategy.class, "worker", Thread.class);
            UNPARKS = lookup.findVarHandle(WakeableIdleStrategy.class, "unparks", long.class);
            UNPARK_NS = lookup.findVarHandle(WakeableIdleStrategy.class, "unparkNs", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final Consumer<Thread> unparker;
    private final WakeAwareWaits waits;
    private int pending;
    private int state;
    private Thread worker;
    private long unparks;
    private long unparkNs;
    private long episodesAtPlan;
    private long wakesSincePlan;
    private long wokenParksSincePlan;
    private long wakeLatencySincePlanNs;
    private long wakeLatencyEstimateNs = -1;
    private long lastWakeNs;

    /**
     * A balanced strategy whose longest park is {@link #DEFAULT_MAX_PARK}.
     */
    public WakeableIdleStrategy()
    {
        this(DEFAULT_MAX_PARK);
    }

    /**
     * A balanced strategy whose longest park is {@code maxPark}.
     *
     * @param maxPark the longest park, positive: how late work is noticed when nobody wakes the worker.
     */
    public WakeableIdleStrategy(final Duration maxPark)
    {
        this(TimerProfile.CURRENT::get, maxPark, SystemThreadWaits.INSTANCE, LockSupport::unpark);
    }

    WakeableIdleStrategy(
        final Supplier<TimerProfile> profiles,
        final Duration maxPark,
        final ThreadWaits waits,
        final Consumer<Thread> unparker)
    {
        this(profiles, maxPark, new WakeAwareWaits(waits), unparker);
    }

    private WakeableIdleStrategy(
        final Supplier<TimerProfile> profiles,
        final Duration maxPark,
        final WakeAwareWaits waits,
        final Consumer<Thread> unparker)
    {
        super(profiles, IdlePreset.BALANCED, IdlePreset.BALANCED.latencyWeight(), requirePositive(maxPark), waits);
        this.unparker = unparker;
        this.waits = waits;
        waits.owner = this;
    }

    /**
     * Makes the worker poll again soon: at once if it is parked or about to park, at its next idle call if it is
     * running. Any thread may call it, at any time; a system call ({@code unpark}) only while the worker parks.
     */
    public void wake()
    {
        if ((int)PENDING.getAcquire(this) != 0 || (int)PENDING.getAndSet(this, 1) != 0)
        {
            return;
        }
        if ((int)STATE.getVolatile(this) == PARKING)
        {
            final Thread parked = (Thread)WORKER.getAcquire(this);
            if (null != parked)
            {
                UNPARK_NS.setRelease(this, waits.nanoTime());
                UNPARKS.getAndAdd(this, 1L);
                unparker.accept(parked);
            }
        }
    }

    /**
     * {@inheritDoc}
     */
    public void idle()
    {
        if (null == worker)
        {
            WORKER.setRelease(this, Thread.currentThread());
        }
        if ((int)PENDING.getVolatile(this) != 0)
        {
            PENDING.setRelease(this, 0);
            statistics().woke();
            wakesSincePlan++;
            return;
        }
        super.idle();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Longer than a strategy nobody wakes: on Linux's EEVDF scheduler (6.6 and later) a thread that called
     * {@code sched_yield} and then sleeps is often not run at once when it is woken while another thread runs on the
     * CPU it is placed on, but at that thread's next tick, milliseconds later, so a woken worker that had yielded
     * would lose what waking it gains. Once its plan is for wakes it never yields.
     */
    long spinBeforeYieldNs()
    {
        return SPIN_BEFORE_YIELD_NS;
    }

    /**
     * @return {@code wakeable:<maxPark>}.
     */
    public String alias()
    {
        return "wakeable:" + Durations.toSpec(maxParkNs());
    }

    long wakeUnparks()
    {
        return (long)UNPARKS.getAcquire(this);
    }

    /**
     * Where nearly every episode since the last plan ended with a wake, parks end when work comes, a scheduler
     * wake-up after it, not when their period passes: the plan then spins only while that is cheaper than a park
     * and a wake-up, and parks for the maximum.
     */
    long wokenParkCostNs()
    {
        final long episodes = this.episodes - episodesAtPlan;
        final long wakes = wakesSincePlan;
        if (wokenParksSincePlan > 0)
        {
            final long meanNs = wakeLatencySincePlanNs / wokenParksSincePlan;
            wakeLatencyEstimateNs = wakeLatencyEstimateNs < 0 ? meanNs : (wakeLatencyEstimateNs + meanNs) / 2;
        }
        episodesAtPlan = this.episodes;
        wakesSincePlan = 0;
        wokenParksSincePlan = 0;
        wakeLatencySincePlanNs = 0;
        if (episodes == 0 || wakes < WOKEN_EPISODES_SHARE * episodes)
        {
            return -1;
        }
        final long wakeLatencyNs = wakeLatencyEstimateNs >= 0 ? wakeLatencyEstimateNs : timer().floorNs();
        return timer().parkCpuNs() + (long)(planLatencyWeight() * wakeLatencyNs);
    }

    /**
     * Parks unless a wake is pending, telling {@link #wake()} first that it is about to park.
     *
     * @return whether an unpark made during the park ended it; then {@link #lastWakeNs} says when it was made.
     */
    boolean park(final ThreadWaits waits, final long nanos)
    {
        STATE.setVolatile(this, PARKING);
        if ((int)PENDING.getVolatile(this) != 0)
        {
            STATE.setRelease(this, RUNNING);
            return false;
        }
        final long beforeNs = waits.nanoTime();
        waits.parkNanos(nanos);
        STATE.setRelease(this, RUNNING);
        if ((int)PENDING.getVolatile(this) == 0)
        {
            return false;
        }
        final long unparkNs = (long)UNPARK_NS.getAcquire(this);
        if (unparkNs - beforeNs < 0)
        {
            return false;
        }
        final long latencyNs = Math.max(0, waits.nanoTime() - unparkNs);
        statistics().wokenPark(latencyNs);
        wokenParksSincePlan++;
        wakeLatencySincePlanNs += latencyNs;
        lastWakeNs = unparkNs;
        return true;
    }

    private static Duration requirePositive(final Duration maxPark)
    {
        Durations.requirePositiveNanos("maxPark", maxPark);
        return maxPark;
    }

    /**
     * The real (or a test's) waits, with each park going through the wake protocol.
     */
    private static final class WakeAwareWaits implements ThreadWaits
    {
        private final ThreadWaits waits;
        private WakeableIdleStrategy owner;
        private boolean lastParkWasWoken;

        WakeAwareWaits(final ThreadWaits waits)
        {
            this.waits = waits;
        }

        public long nanoTime()
        {
            return waits.nanoTime();
        }

        public void onSpinWait()
        {
            waits.onSpinWait();
        }

        public void yieldThread()
        {
            waits.yieldThread();
        }

        public void parkNanos(final long nanos)
        {
            lastParkWasWoken = owner.park(waits, nanos);
        }

        public boolean lastParkWasWoken()
        {
            return lastParkWasWoken;
        }

        public long lastWakeNs()
        {
            return owner.lastWakeNs;
        }

        public long threadCpuNanos()
        {
            return waits.threadCpuNanos();
        }
    }
}
