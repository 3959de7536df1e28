package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

abstract class PhasedIdleStrategyPrePad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class PhasedIdleStrategyState extends PhasedIdleStrategyPrePad
{
    static final int NOT_IDLE = 0;
    static final int SPINNING = 1;
    static final int YIELDING = 2;
    static final int PARKING = 3;

    /**
     * An {@link IdlePhase} ordinal, read by other threads through {@link IdleStatistics#phase()}.
     */
    int state = NOT_IDLE;
    long phaseCalls;
    long phaseStartNs;
    long lastCallNs;
    long parkPeriodNs;

    long spinCount;
    long spinNs;
    long yieldCount;
    long yieldNs;
    long minParkNs;
    long maxParkNs;
    double parkGrowth;
    long parkOvershootNs;
}

abstract class PhasedIdleStrategyPostPad extends PhasedIdleStrategyState
{
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

/**
 * An {@link IdleStrategy} that spins, then yields, then parks with geometric backoff, as an {@link IdlePlan}
 * says. Build one with {@link IdleStrategies}, or use {@link CalibratedIdleStrategy} to size the plan from the
 * measured park granularity.
 *
 * <p>An idle episode starts at the first {@link #idle()} after work was found, and ends when
 * {@link #idle(int)} sees work or {@link #reset()} is called. Every idle call reads {@code System.nanoTime} once
 * (a park reads it again after): phase bounds in time are overflow-safe differences from the start of the phase,
 * and the time between calls goes into the {@link #statistics()}. {@code idle(workCount > 0)} reads no clock,
 * writes one plain field and allocates nothing, so it costs what Agrona's {@code BackoffIdleStrategy} costs.
 *
 * <p>A thread whose interrupt flag is set would return from every park at once and spin hot. This strategy
 * instead clears the flag for the duration of the park and sets it again before returning, so the caller's duty
 * loop still sees the interrupt, and an interrupt arriving during the park still ends it early (see
 * {@code ThreadWaits.parkKeepingInterrupt}).
 *
 * <p>Not thread-safe: use one instance per thread, as with every Agrona idle strategy; only its
 * {@link #statistics()} may be read from other threads. The hot fields are padded against false sharing with
 * neighbouring objects.
 */
public final class PhasedIdleStrategy extends PhasedIdleStrategyPostPad implements ObservableIdleStrategy
{
    private static final VarHandle STATE;

    static
    {
        try
        {
            STATE = MethodHandles.lookup().findVarHandle(PhasedIdleStrategyState.class, "state", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final ThreadWaits waits;
    private final IdlePlan plan;
    private final String alias;
    private final IdleStatistics statistics = new IdleStatistics(() -> (int)STATE.getOpaque(this));

    /**
     * A strategy following {@code plan}.
     *
     * @param plan the thresholds.
     */
    public PhasedIdleStrategy(final IdlePlan plan)
    {
        this(plan, SystemThreadWaits.INSTANCE);
    }

    PhasedIdleStrategy(final IdlePlan plan, final ThreadWaits waits)
    {
        this.waits = Objects.requireNonNull(waits, "waits");
        this.plan = Objects.requireNonNull(plan, "plan");
        spinCount = plan.spinCount();
        spinNs = plan.spinNs();
        yieldCount = plan.yieldCount();
        yieldNs = plan.yieldNs();
        minParkNs = plan.minParkNs();
        maxParkNs = plan.maxParkNs();
        parkGrowth = plan.parkGrowth();
        parkOvershootNs = plan.parkOvershootNs();
        alias = plan.toSpec();
    }

    /**
     * {@inheritDoc}
     */
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            state = NOT_IDLE;
        }
        else
        {
            idle();
        }
    }

    /**
     * {@inheritDoc}
     */
    public void idle()
    {
        final long nowNs = waits.nanoTime();
        final int previous = state;
        if (previous == NOT_IDLE)
        {
            statistics.episodeStarted();
            startPhase(SPINNING, nowNs);
        }
        else if (previous == SPINNING)
        {
            statistics.spun(nowNs - lastCallNs);
        }
        else if (previous == YIELDING)
        {
            statistics.yielded(nowNs - lastCallNs);
        }
        lastCallNs = nowNs;
        if (state == SPINNING)
        {
            if (withinBound(spinCount, spinNs, nowNs))
            {
                waits.onSpinWait();
                return;
            }
            startPhase(YIELDING, nowNs);
        }
        if (state == YIELDING)
        {
            if (withinBound(yieldCount, yieldNs, nowNs))
            {
                waits.yieldThread();
                return;
            }
            state = PARKING;
            parkPeriodNs = minParkNs;
        }
        park(nowNs);
    }

    /**
     * {@inheritDoc}
     */
    public void reset()
    {
        state = NOT_IDLE;
    }

    /**
     * @return the plan in spec syntax, which {@link IdleStrategies#parse(String)} turns back into an equal strategy.
     */
    public String alias()
    {
        return alias;
    }

    /**
     * @return the plan this strategy follows.
     */
    public IdlePlan plan()
    {
        return plan;
    }

    /**
     * @return the plan and the statistics; safe to call from any thread.
     */
    public String toString()
    {
        return "PhasedIdleStrategy{" + plan + "; " + statistics + "}";
    }

    /**
     * {@inheritDoc}
     */
    public IdleStatistics statistics()
    {
        return statistics;
    }

    private void startPhase(final int phase, final long nowNs)
    {
        state = phase;
        phaseCalls = 0;
        phaseStartNs = nowNs;
    }

    private boolean withinBound(final long boundCount, final long boundNs, final long nowNs)
    {
        if (boundNs > 0)
        {
            return nowNs - phaseStartNs < boundNs;
        }
        return ++phaseCalls <= boundCount;
    }

    private void park(final long nowNs)
    {
        final long periodNs = parkPeriodNs;
        final long requestNs = Math.max(1, periodNs - parkOvershootNs);
        waits.parkKeepingInterrupt(requestNs);
        statistics.parked(requestNs, waits.nanoTime() - nowNs);
        final double grownNs = periodNs * parkGrowth;
        parkPeriodNs = grownNs >= maxParkNs ? maxParkNs : Math.max(periodNs + 1, (long)grownNs);
    }
}
