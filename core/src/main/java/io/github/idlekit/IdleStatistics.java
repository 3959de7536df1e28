package io.github.idlekit;

import io.github.idlekit.internal.Durations;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Live counters of one idle strategy: written only by the strategy's own thread, each with one store of release
 * semantics on the idle path (never on the work-found path), and readable from any thread at any time, so that
 * they can stay on in production. The one exception, {@link #wakeUnparks()}, is counted by the producers that
 * unpark the worker, next to the system call it counts. Times are wall-clock nanoseconds measured with the clock
 * reads the strategy makes anyway: spin and yield time run from one idle call to the next (the duty cycle's own
 * polling included, since the core is busy waiting all the same), park time from before a park to after it. The
 * last busy-waiting call of an episode is in neither: the call that reports work reads no clock. On a loaded
 * machine that can be most of the yield time, since a yield may hand the CPU to another thread for a scheduler
 * slice, after which work has usually come.
 *
 * <p>{@link #registerIn} moves the counters into an Agrona {@link CountersManager}, so that tools reading its
 * counters file (Aeron's {@code AeronStat}) show them next to the media driver's own.
 */
public final class IdleStatistics
{
    /**
     * The type id of the counters {@link #registerIn} allocates.
     */
    public static final int COUNTER_TYPE_ID = 7100;

    private static final int EPISODES = 0;
    private static final int SPIN_NS = 1;
    private static final int YIELD_NS = 2;
    private static final int PARKS = 3;
    private static final int PARKED_NS = 4;
    private static final int PARK_OVERSHOOT_NS = 5;
    private static final int PLANS = 6;
    private static final int WAKES = 7;
    private static final int WOKEN_PARKS = 8;
    private static final int WAKE_LATENCY_NS = 9;
    private static final int WAKE_UNPARKS = 10;
    private static final String[] NAMES = { "idle episodes", "spin ns", "yield ns", "parks", "parked ns",
        "park overshoot ns", "plans", "wakes", "woken parks", "wake latency ns", "wake unparks" };

    private static final VarHandle SLOTS;
    private static final VarHandle REGISTERED;
    private static final VarHandle COUNTS = MethodHandles.arrayElementVarHandle(long[].class);

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            SLOTS = lookup.findVarHandle(IdleStatistics.class, "slots", Slots.class);
            REGISTERED = lookup.findVarHandle(IdleStatistics.class, "registered", Slots.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final IntSupplier phase;
    private final LongSupplier wakeUnparks;
    private Slots slots;
    private volatile Slots registered;

    /**
     * Statistics of a strategy nobody can wake.
     *
     * @param phase reads the owning strategy's {@link IdlePhase} ordinal from any thread.
     */
    IdleStatistics(final IntSupplier phase)
    {
        this(phase, () -> 0);
    }

    /**
     * @param phase       reads the owning strategy's {@link IdlePhase} ordinal from any thread.
     * @param wakeUnparks reads, from any thread, how many unparks the producers' wakes made: the producers count
     *                    them, so they live with the strategy and are mirrored into registered counters.
     */
    IdleStatistics(final IntSupplier phase, final LongSupplier wakeUnparks)
    {
        this.phase = phase;
        this.wakeUnparks = wakeUnparks;
        slots = new Slots(null, null);
    }

    /**
     * @return idle episodes begun: the first idle call after work was found starts one.
     */
    public long episodes()
    {
        return read(EPISODES);
    }

    /**
     * @return nanoseconds spent busy-waiting with {@code Thread.onSpinWait}.
     */
    public long spinNs()
    {
        return read(SPIN_NS);
    }

    /**
     * @return nanoseconds spent busy-waiting with {@code Thread.yield}.
     */
    public long yieldNs()
    {
        return read(YIELD_NS);
    }

    /**
     * @return {@code parkNanos} calls made.
     */
    public long parks()
    {
        return read(PARKS);
    }

    /**
     * @return nanoseconds spent in {@code parkNanos} calls.
     */
    public long parkedNs()
    {
        return read(PARKED_NS);
    }

    /**
     * How much longer the parks lasted than the periods requested, summed: the OS timer's slack and resolution
     * (the whole reason for calibration), or, where negative, parks ended early by an unpark or an interrupt.
     *
     * @return nanoseconds parked beyond the requested periods.
     */
    public long parkOvershootNs()
    {
        return read(PARK_OVERSHOOT_NS);
    }

    /**
     * @return how often an adaptive strategy made a new plan from what it learnt; 0 for a strategy with a fixed
     * plan.
     */
    public long plans()
    {
        return read(PLANS);
    }

    /**
     * @return wakes the worker received from producers ({@link WakeableIdleStrategy#wake()}), calls made while one
     * was already pending counted once; 0 for a strategy nobody can wake.
     */
    public long wakes()
    {
        return read(WAKES);
    }

    /**
     * @return parks that a wake's unpark ended before their period passed.
     */
    public long wokenParks()
    {
        return read(WOKEN_PARKS);
    }

    /**
     * The time from a producer's unpark to the worker running again, summed over the {@linkplain #wokenParks()
     * woken parks}: the scheduler's wake-up latency, which a woken worker pays instead of the rest of its park
     * period.
     *
     * @return nanoseconds from unpark to running, summed.
     */
    public long wakeLatencyNs()
    {
        return read(WAKE_LATENCY_NS);
    }

    /**
     * @return how many wakes needed a system call ({@code unpark}) because the worker was parked or about to park;
     * the rest cost the producer a read or two of shared memory.
     */
    public long wakeUnparks()
    {
        return wakeUnparks.getAsLong();
    }

    /**
     * The phase of the worker now, read without synchronisation: a moment later it may have moved on.
     *
     * @return what the worker is doing.
     */
    public IdlePhase phase()
    {
        return IdlePhase.ofOrdinal(phase.getAsInt());
    }

    /**
     * Allocates one counter per statistic in {@code countersManager}, labelled {@code "idle <label>: parks"} and so
     * on with type id {@value #COUNTER_TYPE_ID}, and moves the statistics there at the start of the worker's next
     * idle episode (the worker copies its totals over; until then the new counters read zero). The counters stay
     * allocated while the strategy lives: free them only after its thread has stopped, as Aeron's media driver
     * does with its whole counters file when it closes.
     *
     * <p>Call it from a thread that may allocate from {@code countersManager} (its owner, or any thread for a
     * {@code ConcurrentCountersManager}). The producers' count of {@linkplain #wakeUnparks() wake unparks} is
     * copied into its counter by the worker at each episode and woken park. The strategy only writes the counters:
     * its plans run on totals it keeps itself, so a tool that resets or overwrites them changes what it reports,
     * not how it idles.
     *
     * @param countersManager where to allocate the counters.
     * @param label           names the strategy's worker in the counters' labels, e.g. {@code "sender"}.
     * @throws IllegalStateException when these statistics were registered already, or {@code countersManager} has
     *                               no room for them (none of them is then left allocated).
     */
    public void registerIn(final CountersManager countersManager, final String label)
    {
        Objects.requireNonNull(countersManager, "countersManager");
        Objects.requireNonNull(label, "label");
        if (null != registered)
        {
            throw new IllegalStateException("statistics already registered, now again as label=" + label);
        }
        final int[] counterIds = new int[NAMES.length];
        final int[] offsets = new int[NAMES.length];
        int allocated = 0;
        try
        {
            for (; allocated < offsets.length; allocated++)
            {
                counterIds[allocated] =
                    countersManager.allocate("idle " + label + ": " + NAMES[allocated], COUNTER_TYPE_ID);
                offsets[allocated] = CountersReader.counterOffset(counterIds[allocated]);
            }
        }
        catch (final RuntimeException ex)
        {
            free(countersManager, counterIds, allocated);
            throw ex;
        }
        if (!REGISTERED.compareAndSet(this, null, new Slots(countersManager.valuesBuffer(), offsets)))
        {
            free(countersManager, counterIds, allocated);
            throw new IllegalStateException("statistics already registered, now again as label=" + label);
        }
    }

    private static void free(final CountersManager countersManager, final int[] counterIds, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            countersManager.free(counterIds[i]);
        }
    }

    /**
     * @return every counter and the phase, e.g. {@code episodes 12, spin 40.0 µs, ..., phase PARKING}.
     */
    public String toString()
    {
        return "episodes " + episodes() + ", spin " + Durations.toHuman(spinNs()) + ", yield " +
            Durations.toHuman(yieldNs()) + ", parks " + parks() + ", parked " + Durations.toHuman(parkedNs()) +
            ", overshoot " + Durations.toHuman(parkOvershootNs()) + ", plans " + plans() + ", wakes " + wakes() +
            ", woken parks " + wokenParks() + ", wake latency " + Durations.toHuman(wakeLatencyNs()) +
            ", wake unparks " + wakeUnparks() + ", phase " + phase();
    }

    /**
     * Counts an episode; the owning thread moves the counters where {@link #registerIn} asked for, if it did.
     */
    void episodeStarted()
    {
        // a volatile field, not read through the VarHandle: the episodes run interpreted for seconds at long gaps,
        // where a VarHandle call runs through many frames
        final Slots target = registered;
        if (null != target && target != slots)
        {
            for (int i = 0; i < NAMES.length; i++)
            {
                target.buffer.putLongRelease(target.offsets[i], slots.get(i));
            }
            SLOTS.setRelease(this, target);
        }
        add(EPISODES, 1);
        mirrorWakeUnparks();
    }

    void spun(final long durationNs)
    {
        add(SPIN_NS, durationNs);
    }

    void yielded(final long durationNs)
    {
        add(YIELD_NS, durationNs);
    }

    void parked(final long requestedNs, final long durationNs)
    {
        add(PARKS, 1);
        add(PARKED_NS, durationNs);
        add(PARK_OVERSHOOT_NS, durationNs - requestedNs);
    }

    void planned()
    {
        add(PLANS, 1);
    }

    void woke()
    {
        add(WAKES, 1);
    }

    /**
     * Counts a park an unpark ended, with the time from unpark to running.
     */
    void wokenPark(final long latencyNs)
    {
        add(WOKEN_PARKS, 1);
        add(WAKE_LATENCY_NS, latencyNs);
        mirrorWakeUnparks();
    }

    private void mirrorWakeUnparks()
    {
        final Slots slots = this.slots;
        if (null != slots.buffer)
        {
            slots.buffer.putLongRelease(slots.offsets[WAKE_UNPARKS], wakeUnparks.getAsLong());
        }
    }

    private void add(final int counter, final long increment)
    {
        slots.add(counter, increment);
    }

    private long read(final int counter)
    {
        return ((Slots)SLOTS.getAcquire(this)).getAcquire(counter);
    }

    /**
     * Where the counters live: at first in an array of this JVM's heap, which needs nothing beyond the JDK (an Agrona
     * buffer would need {@code jdk.internal.misc} exported); once registered, in a buffer and at offsets of
     * Agrona counters.
     */
    private static final class Slots
    {
        final long[] counts;
        final AtomicBuffer buffer;
        final int[] offsets;

        Slots(final AtomicBuffer buffer, final int[] offsets)
        {
            this.counts = null == buffer ? new long[NAMES.length] : null;
            this.buffer = buffer;
            this.offsets = offsets;
        }

        void add(final int counter, final long increment)
        {
            if (null == buffer)
            {
                COUNTS.setRelease(counts, counter, counts[counter] + increment);
            }
            else
            {
                buffer.addLongRelease(offsets[counter], increment);
            }
        }

        long get(final int counter)
        {
            return null == buffer ? counts[counter] : buffer.getLong(offsets[counter]);
        }

        long getAcquire(final int counter)
        {
            return null == buffer ? (long)COUNTS.getAcquire(counts, counter) : buffer.getLongAcquire(offsets[counter]);
        }
    }
}
