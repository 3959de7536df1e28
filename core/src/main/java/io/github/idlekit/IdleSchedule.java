package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What an adaptive strategy does at each moment of an idle episode: a short list of segments, each ending at a
 * time since the episode started. A segment spins (with {@code onSpinWait} in the episode's first microsecond,
 * by yielding after it so that a runnable thread may use the core), parks until its end, or parks
 * again and again with one period until its end, the last of those parks cut short to end with it (but lasting at
 * least a floor): the plan counts on what follows, such as the spin through a regular gap, starting on time. Past
 * the last segment, where the episodes planned for are over, the strategy parks with periods that grow with the
 * time idle, up to the tail period.
 * Preallocated, rewritten in place by {@link CostPlanner}; one instance per strategy. Its owner brackets each
 * rewrite with {@link #beginRewrite()} and {@link #endRewrite()}, a sequence lock through which any thread may
 * {@link #describe()} it without ever blocking the owner.
 */
final class IdleSchedule
{
    private static final VarHandle VERSION;

    static
    {
        try
        {
            VERSION = MethodHandles.lookup().findVarHandle(IdleSchedule.class, "version", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    static final int SPIN = 0;
    static final int PARK_UNTIL = 1;
    static final int PARK_EVERY = 2;
    static final int MAX_SEGMENTS = 48;

    /**
     * Repeated parks whose periods differ by at most one part in this many merge into one segment with the
     * shorter period, so that a schedule stays a handful of segments long.
     */
    static final long MERGE_WITHIN = 4;

    final int[] kinds = new int[MAX_SEGMENTS];
    final long[] endsNs = new long[MAX_SEGMENTS];
    final long[] periodsNs = new long[MAX_SEGMENTS];
    int count;
    long tailPeriodNs;

    /**
     * Whether repeated parks keep their period from an episode's first park, as the plan made for memoryless
     * episodes counts them, rather than backing off from a floor.
     */
    boolean steadyTrains;

    /**
     * The share of episodes the plan expects to end during their first park, where the plan parks after its first
     * spin (see {@link #firstParkUntilNs()} and {@link #firstTrainPeriodNs()}); else 0.
     */
    double firstParkEndShare;
    private long version;

    /**
     * Marks the schedule as being rewritten; readers retry until {@link #endRewrite()}.
     */
    void beginRewrite()
    {
        VERSION.setOpaque(this, version + 1);
        VarHandle.storeStoreFence();
    }

    /**
     * Publishes the rewritten schedule.
     */
    void endRewrite()
    {
        VERSION.setRelease(this, version + 1);
    }

    /**
     * Describes the schedule from any thread: copies it, and copies again while its owner was rewriting it.
     *
     * @return what {@link #toString()} gives for a schedule between rewrites.
     */
    String describe()
    {
        final IdleSchedule copy = new IdleSchedule();
        while (true)
        {
            final long before = (long)VERSION.getAcquire(this);
            if ((before & 1) == 0)
            {
                copy.copyOf(this);
                VarHandle.acquireFence();
                if ((long)VERSION.getOpaque(this) == before)
                {
                    return copy.toString();
                }
            }
            Thread.onSpinWait();
        }
    }

    void clear(final long tailPeriodNs)
    {
        count = 0;
        this.tailPeriodNs = tailPeriodNs;
        steadyTrains = false;
        firstParkEndShare = 0;
    }

    private void copyOf(final IdleSchedule source)
    {
        count = source.count;
        tailPeriodNs = source.tailPeriodNs;
        steadyTrains = source.steadyTrains;
        firstParkEndShare = source.firstParkEndShare;
        System.arraycopy(source.kinds, 0, kinds, 0, count);
        System.arraycopy(source.endsNs, 0, endsNs, 0, count);
        System.arraycopy(source.periodsNs, 0, periodsNs, 0, count);
    }

    /**
     * Appends a segment, merging it into the previous one when both spin, or both park with about the same
     * period.
     *
     * @param periodNs the park period of a {@link #PARK_EVERY} segment, else 0.
     * @return false when the schedule is full.
     */
    boolean add(final int kind, final long endNs, final long periodNs)
    {
        if (count > 0 && kinds[count - 1] == kind && kind != PARK_UNTIL &&
            Math.abs(periodsNs[count - 1] - periodNs) <= Math.min(periodsNs[count - 1], periodNs) / MERGE_WITHIN)
        {
            endsNs[count - 1] = endNs;
            periodsNs[count - 1] = Math.min(periodsNs[count - 1], periodNs);
            return true;
        }
        if (count == MAX_SEGMENTS)
        {
            return false;
        }
        kinds[count] = kind;
        endsNs[count] = endNs;
        periodsNs[count] = periodNs;
        count++;
        return true;
    }

    /**
     * @return the time spent spinning or yielding at the start of an episode before the first park.
     */
    long spinBeforeFirstParkNs()
    {
        return count > 0 && kinds[0] == SPIN ? endsNs[0] : 0;
    }

    /**
     * @return how long the first park lasts where it parks until a moment after the first spin, else 0.
     */
    long firstParkUntilNs()
    {
        final int first = firstParkSegment();
        return first < count && kinds[first] == PARK_UNTIL ? endsNs[first] - spinBeforeFirstParkNs() : 0;
    }

    /**
     * @return the period of the first park where it parks again and again after the first spin, else 0.
     */
    long firstTrainPeriodNs()
    {
        final int first = firstParkSegment();
        return first < count && kinds[first] == PARK_EVERY ? periodsNs[first] : 0;
    }

    private int firstParkSegment()
    {
        return count > 0 && kinds[0] == SPIN ? 1 : 0;
    }

    /**
     * @return e.g. {@code spin to 12.0 µs, park until 9.80 ms, spin to 10.6 ms, park every 1.00 ms}.
     */
    public String toString()
    {
        final StringBuilder text = new StringBuilder(64 + 40 * count);
        for (int i = 0; i < count; i++)
        {
            switch (kinds[i])
            {
                case SPIN:
                    text.append("spin to ").append(Durations.toHuman(endsNs[i]));
                    break;
                case PARK_UNTIL:
                    text.append("park until ").append(Durations.toHuman(endsNs[i]));
                    break;
                default:
                    text.append("park every ").append(Durations.toHuman(periodsNs[i]))
                        .append(" to ").append(Durations.toHuman(endsNs[i]));
            }
            text.append(", ");
        }
        return text.append("then park every ").append(Durations.toHuman(tailPeriodNs)).toString();
    }
}
