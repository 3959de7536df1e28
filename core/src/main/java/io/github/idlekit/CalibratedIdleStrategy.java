package io.github.idlekit;

import io.github.idlekit.internal.Durations;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;

abstract class CalibratedIdleStrategyPrePad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class CalibratedIdleStrategyState extends CalibratedIdleStrategyPrePad
{
    static final int WORKING = 0;
    static final int SPINNING = 1;
    static final int YIELDING = 2;
    static final int PARKING = 3;

    /**
     * An {@link IdlePhase} ordinal, read by other threads through {@link IdleStatistics#phase()}.
     */
    int phase;
    int segment;
    long episodeStartNs;
    long lastIdleFromNs;
    long lastIdleToNs;
    long busySinceNs;
    boolean episodeToRecord;
    long parks;
    long exploreUntilNs;
    boolean exploring;
    boolean onLadder;
    boolean plannedForWakes;
    boolean promptlyWoken;
    boolean planDue;
    boolean planning;
    boolean planFromStart;
    boolean parkPointReached;
    boolean shortEpisodePending;
    long planningCpuNs;
    long exploreFromNs;
    int surprises;
    int surprisesForChange;
    long parksAtEpisodeStart;
    long firstParkNs;
    long busyAtEpisodeStartNs;
    /**
     * The strategy's own running totals: spin, yield and bookkeeping time, time parked, episodes. Its plans and
     * budgets read these, never the published statistics, which an operator's tool may reset once they are
     * registered in a {@code CountersManager}.
     */
    long busyNs;
    long parkedNs;
    long episodes;
    boolean cpuClocked;
    long busyAtLastParkNs;
    long probeBusyNs;
    /**
     * The episodes the current one is among, by how the one before it ended, and whose plan it follows.
     */
    EpisodeContext context;
    /**
     * Whether the plan in force was made apart for each context, from its own episodes.
     */
    boolean plannedApart;
    /**
     * Where the last park ended with no work under a coarse timer: when, how long the strategy busy-waits from then
     * before it parks again ({@link WakeLinger}), and whether it has.
     */
    long wakeNs;
    long windowNs;
    boolean lingered;
}

abstract class CalibratedIdleStrategyPostPad extends CalibratedIdleStrategyState
{
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

/**
 * An idle strategy that learns what its own thread's parks really last and how long its idle episodes are, and
 * spins, yields and parks so that the expected CPU per episode plus λ times the expected wake-up latency is least.
 *
 * <p>Why learn rather than measure once: a park's real length depends on the thread (Linux timer slack is per
 * thread; a virtual thread waits on the scheduler's timer) and can change while the JVM runs (another process
 * raising the Windows timer resolution), and the best plan depends on when work comes: regular gaps are best met by
 * parking until just before the next item and spinning the rest, memoryless gaps by spinning for a threshold and
 * then parking, rare work by parks whose period grows with the square root of the gap. Fixed ladders such as
 * Agrona's {@code BackoffIdleStrategy} get one of these right at a time, and mean different latencies on every OS.
 *
 * <p>How: each park's real duration is measured (one clock read after a park that lasted tens of microseconds or
 * more) into a {@link ParkTimerModel} seeded from {@link TimerProfile#current()}; each episode's length is known,
 * to within the park it ended in, from the clock reads the strategy makes anyway (none on the work-found path) and
 * goes into a decaying {@link IdleGapHistogram}, not when the next episode starts but once a later one has
 * busy-waited {@value #MIN_SPIN_NS} ns or a plan begins (see {@link PendingEpisodes}): after a park of
 * milliseconds that learning runs from cold caches, and the rest of a burst would wait for it (under a coarse timer
 * it runs as a later episode starts, a batch at a time, see {@link #learnsAtStart}). Every
 * {@value PlanCadence#EPISODES_PER_PLAN} episodes, at most once per {@value PlanCadence#MIN_PLAN_INTERVAL_NS} ns and
 * once the waiting since the last plan cost a multiple of its CPU that grows while the workload stays the same (see
 * {@link PlanCadence}), a {@link CostPlanner} recomputes the plan in slices of {@value #PLAN_SLICE_NS} ns, each made
 * where the episode would park, instead of the park (or at the start of the next episode, if this one never parks):
 * bounded work, no allocation, and work that comes while a slice runs waits for the slice instead of for a park.
 * Consecutive episodes that surprise the histogram (the workload seems to have changed), or a block of episodes
 * nearly all of which end in a first park the plan expected few to end in (see {@link FirstParkOverflow}), put the
 * strategy back on its preset's floor-sized ladder until the histogram has seen
 * {@value PlanCadence#EPISODES_PER_PLAN} more,
 * so a change of workload costs about what a fixed ladder costs while it lasts, not what a plan made for another
 * workload would. Until the first plan the strategy follows its preset's floor-sized ladder (see {@link IdlePreset}).
 * An episode that settles the histogram's guess (see {@link IdleGapHistogram#settleAt}) makes the next plan before
 * anything else: under a coarse timer the ladder's episodes all end in parks of a whole tick, the histogram's even
 * spreading of them can make the first plan spin through whole gaps, and each episode until the next plan would do
 * so again.
 *
 * <p>Episodes are told apart by how the one before them ended (see {@link EpisodeContext}): a feed that does not
 * wait for its worker brings the work after one that waited through a park sooner, and a single plan for both
 * kinds would swing between spinning and parking. Each kind is learnt from apart too, its histogram seeded with all
 * the episodes wherever the workload changed or the histogram of all of them settled, and planned from its own
 * where their mean differs from that of all of them (see {@link ContextPlanner#CONTEXT_MEAN_RATIO}); otherwise, as
 * wherever a producer waits for its worker, one plan serves both.
 *
 * <p>Under a coarse timer, where every thread's parks end at the same tick, work another thread hands over comes
 * microseconds after both woke, whenever the episode began: a park that ends with no work is followed by a short
 * busy-wait where such waits have been seen to catch work often enough to pay for themselves, instead of a whole
 * tick's latency at every hop of a chain of threads (see {@link WakeLinger}).
 *
 * <p>The latency weight λ is CPU nanoseconds per nanosecond of latency: the presets are λ = 10 (low-latency), 1
 * (balanced, the default) and 0.1 (low-cpu), or any positive value by spec ({@code calibrated:lambda=2}). No park
 * exceeds the maximum park (the preset's, or the one given), so a silent producer never leaves the worker asleep
 * for long. Busy-waiting past the first microsecond of an episode yields instead of spinning, so a runnable thread
 * may use the core.
 * Where the thread is kept off its CPU for part of the time it wants to run (other runnable threads, a CPU quota that
 * throttles its process), each nanosecond of its CPU is one that other threads wait for: each plan reads the thread's
 * CPU-time clock and, on Linux, the time it waited for a CPU, weighs its CPU by how many threads wanted it (one over
 * the share of the time it ran) and spins less.
 *
 * <p>Drop-in for Agrona's {@code AgentRunner} and for Aeron, which creates idle strategies from a class name
 * through the public no-arg constructor, e.g.
 * {@code -Daeron.sender.idle.strategy=io.github.idlekit.CalibratedIdleStrategy -Didlekit.preset=low-cpu}, or one
 * class per preset ({@link LowLatencyIdleStrategy}, {@link LowCpuIdleStrategy}) where agents need different ones.
 *
 * <p>Not thread-safe: one instance per thread, as with every Agrona idle strategy; only its {@link #statistics()}
 * and {@link #currentPlan()} may be read from other threads. {@code idle(workCount > 0)} writes one plain field;
 * the hot fields are padded against false sharing.
 */
public class CalibratedIdleStrategy extends CalibratedIdleStrategyPostPad implements ObservableIdleStrategy
{
    private static final VarHandle PHASE;

    static
    {
        try
        {
            PHASE = MethodHandles.lookup().findVarHandle(CalibratedIdleStrategyState.class, "phase", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * Consecutive surprising episodes that mean the workload changed; one alone is a stray episode. An episode whose
     * work was already there when its first idle call returned neither counts nor breaks the run: every plan meets
     * such work within its minimum spin, so it cannot show that the plan no longer fits, and it is what follows any
     * stall of the worker or its producer (a late wake-up, a thread kept off its CPU for a few ticks, a safepoint),
     * when work queued meanwhile. Counted, the stall's own long episode and that queued work would make two, and
     * send the strategy back to its ladder for a change that never happened: under a coarse timer, milliseconds of
     * busy-waiting in each of the episodes it then takes to plan again. A change is acted on once, in the episode
     * whose surprise makes the count, not again in each queued episode after it. Under a coarse timer, where the
     * parks share a window (regular work), one more is needed (see {@link #surprisesForChange()}).
     */
    static final int SURPRISES_FOR_CHANGE = 2;

    /**
     * How much an episode's weight fades per later episode.
     */
    static final double EPISODE_DECAY = 1.0 / 64;

    /**
     * Every this many parks, one that would last at least two floors is requested as the shortest park instead:
     * planned parks are mostly long, and without these probes a thread whose floor fell (a finer timer slack, a
     * raised timer resolution) would never find out. A probe costs one extra wake-up.
     */
    static final long FLOOR_PROBE_EVERY = 32;

    /**
     * Every this many parks, the thread's CPU time is read around one, to learn what a park costs in CPU: far more
     * while the JVM warms up than later, so the startup measurement alone would keep the plan spinning too long.
     */
    static final long CPU_SAMPLE_EVERY = 16;

    /**
     * Every this many parks, where the system reports it, the thread's run delay is read around one, to learn how
     * long its wake-ups wait for a CPU (see {@link #planLatencyWeight()}). Rarer than the CPU samples: each read is
     * a file read and a parse, which a worker that parks a hundred times a second runs cold and, for its first
     * minutes, interpreted, after every one of those parks' wake-ups.
     */
    static final long RUN_DELAY_SAMPLE_EVERY = 8 * CPU_SAMPLE_EVERY;

    /**
     * Repeated parks last at most the time already idle divided by this (but at least a floor), as a backoff would:
     * work that comes when the plan did not expect it waits at most half as long again as the episode had lasted.
     * Within a plan made for memoryless episodes ({@link IdleSchedule#steadyTrains}) they keep its period from the
     * first unless the last episode surprised the histogram: that plan has weighed the work that comes early on a
     * shape known well, and at memoryless gaps of milliseconds backing off would cost every episode several extra
     * wake-ups, which the plan does not count.
     */
    static final long BACKOFF_DIVISOR = 2;

    /**
     * After an episode that surprised the histogram, and in an exploring one, a park towards a planned moment lasts
     * at most one floor plus this many times the time already idle, and the strategy parks again until the moment
     * comes: if the workload changed, work waits a few times as long as the episode has been idle, not the whole
     * planned park, and the episode surprises the histogram, until a second surprise confirms the change.
     * Otherwise the park lasts until the moment: the plan has already weighed the work that comes earlier, and the
     * steps would cost regular gaps three or four parks instead of one.
     */
    static final long PARK_UNTIL_GROWTH = 4;

    /**
     * A park towards a planned moment is skipped for the spin the plan puts after it only when what is left of it
     * is shorter than the shortest park the planner allows (seven eighths of a floor) by more than a floor divided
     * by this: the planner aims parks at that shortest length from the moment its segment starts, and the first
     * microseconds of spinning always run a little past that moment. Without the tolerance, a plan that parks one
     * whole floor (a coarse timer's 15.6 ms tick) would be skipped for a few microseconds' overrun, and the gap
     * spun through. Where another park follows, the strategy parks one floor instead: a park lasts a whole floor
     * however little is asked, so an episode's first park, which starts after its minimum spin, ends past a first
     * planned moment less than a floor away, and skipping the next moment too would merge two planned parks into
     * one of nearly two floors, where memoryless gaps near the floor want a park every floor. It parks one floor
     * too where what is left of the park is longer than the spin after it or than a few parks' CPU (see
     * {@code spinsOnIntoTheWindow}).
     */
    static final long PARK_UNTIL_TOLERANCE = 16;

    /**
     * How much shorter an exploring episode's repeated parks are.
     */
    static final long EXPLORE_PERIOD_DIVISOR = 4;

    /**
     * The most an exploring episode spins past the planned spin, in parks' worth of CPU: where a park lasts a coarse
     * timer's tick, twice the spin or a floor would be milliseconds of spinning in every sixteenth episode, several
     * times what that episode's parks cost, and at memoryless gaps of milliseconds explorations see work often
     * enough that they never become rarer.
     */
    static final long EXPLORE_PARKS = 8;

    /**
     * A yield that lasts longer than this let another thread run on the worker's CPU, and work found after it is
     * taken to have come as the yield ended, not as it began. Where the worker and the thread that hands it work
     * share a CPU (two vCPUs, one of them busy with the JIT's compilations), each yield runs that thread until it
     * publishes and yields back: timed from the yield's start, every such episode would look as short as the spin
     * before it, and a plan made from them would spin for a few microseconds and then park, under a coarse timer for
     * a whole tick, once the two threads run apart again.
     */
    static final long LONG_YIELD_NS = 2_000L;

    /**
     * The most CPU, in parks' worth, that the strategy spends spinning on through a planned park that is too close
     * to make (see {@link #PARK_UNTIL_TOLERANCE}).
     */
    static final long SKIP_PARKS = 8;

    /**
     * Every episode busy-waits at least this long, about what Agrona's backoff spends on its 10 spins and 5 yields,
     * whatever the plan: work that follows other work within microseconds (the rest of a burst) is the common
     * case of many workloads, a park would make it wait a whole floor, and episodes that end this early are seen
     * only when the strategy spins through them.
     */
    static final long MIN_SPIN_NS = 2_000L;

    /**
     * Episodes that ended and are not yet learnt from, at most: learning waits until an episode has busy-waited
     * {@link #MIN_SPIN_NS} (under a coarse timer, only where an episode that ended sooner waits, see
     * {@link #LEARN_BATCH}), so that the rest of a burst does not wait for it, and a burst of more episodes than this
     * is learnt from where it fills them.
     */
    static final int PENDING_EPISODES = 64;

    /**
     * Under a coarse timer (see {@link #learnsAtStart}), episodes that parked after a short busy-wait are
     * learnt from once this many wait: after a sleep of a whole tick the learning runs from cold caches (and, where
     * parks are few, interpreted), and costs about as much for a batch as for one episode, where such an episode
     * costs little more than its park. An episode that never parked, or busy-waited for longer than a park costs,
     * is learnt from at once, with those before it: its learning runs warm, or costs less than its waiting did, and
     * the latter is the kind that shows a plan spinning through gaps it should have parked in. One that ended
     * within {@link #MIN_SPIN_NS} is learnt from, with those before it, once a later episode has busy-waited that
     * long, as under a fine timer: the rest of its burst is likely to come within microseconds, and would wait for
     * the learning.
     */
    static final int LEARN_BATCH = PlanCadence.EPISODES_PER_PLAN;

    /**
     * A wake this soon after the park began is taken to say that the work was held back by the worker's own
     * spinning (a producer sharing its core runs only once the worker sleeps), not that it came then: such an
     * episode is not learnt from, since spinning longer would only have delayed the work further. Exploring
     * episodes, which spin longer, tell the two cases apart.
     */
    static final long PROMPT_WAKE_NS = 20_000L;

    /**
     * Episodes spin with {@code onSpinWait} for this long, about what Agrona's backoff spends on its 10 spins, then
     * busy-wait by yielding. Where more threads are runnable than there are CPUs (a pipeline's three workers on two),
     * a thread that spins keeps the core from the thread whose work would end its episode until the scheduler's next
     * tick preempts it, and each then parks instead: a yield lets that thread run at once, so that neighbours hand
     * work to each other within microseconds and need not park at all. Where no other thread is runnable a yield
     * returns at once and costs what spinning does. A strategy that producers wake spins longer before it yields,
     * and a plan for wakes never yields (see {@link WakeableIdleStrategy#spinBeforeYieldNs()}).
     */
    static final long SPIN_BEFORE_YIELD_NS = 1_000L;

    /**
     * A due plan is made in slices of about this long, each in place of a park: the planner runs only a few times a
     * second, so the JIT compiles it late, and until then a plan takes many times longer than it later does; work
     * that comes while a slice runs waits only for the slice to end. This is less than any park lasts on Linux,
     * whose default timer slack alone is 50 µs, or on Windows and macOS, whose timers are coarser.
     */
    static final long PLAN_SLICE_NS = 20_000L;

    /**
     * A plan that busy-waits through every gap never parks, so it would never find out that parking became cheaper
     * than it was planned at. Once it has busy-waited this many times what one park can cost since its last park,
     * an episode parks once anyway:
     * <ul>
     *     <li>under a coarse timer (see {@link ParkTimerModel#COARSE_FLOOR_NS}), where a park can cost its CPU and,
     *     should work come as it begins, a floor of latency at the latency weight: for the shortest period after its
     *     minimum spin, which shows whether the timer became finer (another process raised the Windows timer
     *     resolution), so that parking until just before the work would now cost a fraction of the spinning; and
     *     again after an eighth as much while those parks disagree with the timer model, until enough do to call the
     *     timer changed (see {@link ParkTimerModel#CHANGED_AFTER}) and the strategy plans again. Not sooner: under a
     *     Linux timer slack a park can end early by chance (another interrupt came within the slack), and each probe
     *     that ends after the work came costs the work the rest of the park. Under a fine timer, never: the thread's
     *     neighbours may need it awake (a pipeline's workers hand each other work within microseconds), and a finer
     *     timer would change little;</li>
     *     <li>where a producer's wake ends the parks, where a park costs what the plan weighed a woken one at: for
     *     the longest period, so that the wake that ends it shows how long a wake-up takes now. A few wake-ups that
     *     waited milliseconds for a CPU (the JIT compiling beside the worker) make the plan spin through gaps, and
     *     without the probes it would go on spinning through them, on a whole core, for as long as it lives.</li>
     * </ul>
     */
    static final long PROBE_DIVISOR = 64;

    private static final String SPEC_PREFIX = "calibrated:";
    private static final String LAMBDA_PREFIX = "lambda=";

    private final ThreadWaits waits;
    private final IdlePreset preset;
    private final double latencyWeight;
    private final Duration maxPark;
    private final long maxParkNs;
    private final TimerProfile profile;
    private final ParkTimerModel timer;
    private final IdleGapHistogram gaps = new IdleGapHistogram(EPISODE_DECAY);
    private final EpisodeContext[] contexts = { new EpisodeContext(), new EpisodeContext() };
    private final PendingEpisodes pending = new PendingEpisodes(PENDING_EPISODES);
    private final ContextPlanner plans;
    private final IdlePlan ladderPlan;
    private final CpuWeight cpuWeight = new CpuWeight();
    /**
     * When an episode explores. An exploring one spins on past the planned spin, to twice its length or one park floor
     * (but no more than {@value #EXPLORE_PARKS} parks' worth of CPU), parks with a period
     * {@value #EXPLORE_PERIOD_DIVISOR} times shorter where the plan parks again and again, and parks towards a
     * planned moment in steps (see {@link #PARK_UNTIL_GROWTH}), and so sees more closely when work really arrives. A
     * plan for wakes explores too, but only to twice {@link #PROMPT_WAKE_NS} or twice its spin, whichever is longer:
     * a prompt wake says nothing, and only spinning a little longer shows whether the work would have come during the
     * spin (a woken park itself says when later work came).
     */
    final ExplorationCadence explorations = new ExplorationCadence();
    private final WakeLinger linger = new WakeLinger();
    final PlanCadence cadence;
    private final IdleStatistics statistics =
        new IdleStatistics(() -> (int)PHASE.getOpaque(this), this::wakeUnparks);


    /**
     * A strategy with the preset named by {@value IdlePreset#PRESET_PROPERTY}, {@link IdlePreset#BALANCED} by
     * default.
     */
    public CalibratedIdleStrategy()
    {
        this(IdlePreset.fromSystemProperty());
    }

    /**
     * A strategy with {@code preset}'s latency weight and maximum park.
     *
     * @param preset the trade-off between latency and CPU.
     */
    public CalibratedIdleStrategy(final IdlePreset preset)
    {
        this(TimerProfile.CURRENT::get, Objects.requireNonNull(preset, "preset"), preset.latencyWeight(), null,
            SystemThreadWaits.INSTANCE);
    }

    /**
     * A strategy with {@code preset}'s latency weight and its longest park at {@code maxPark} (at one floor if
     * that is longer, since no park is shorter).
     *
     * @param preset  the trade-off between latency and CPU.
     * @param maxPark the longest park period, positive.
     */
    public CalibratedIdleStrategy(final IdlePreset preset, final Duration maxPark)
    {
        this(TimerProfile.CURRENT::get, Objects.requireNonNull(preset, "preset"), preset.latencyWeight(),
            requireMaxPark(maxPark), SystemThreadWaits.INSTANCE);
    }

    /**
     * A strategy weighing a nanosecond of latency as {@code latencyWeight} nanoseconds of CPU, with
     * {@link IdlePreset#BALANCED}'s maximum park.
     *
     * @param latencyWeight λ, positive and finite: 1 weighs them equally, more favours latency.
     */
    public CalibratedIdleStrategy(final double latencyWeight)
    {
        this(TimerProfile.CURRENT::get, null, requireLatencyWeight(latencyWeight), null, SystemThreadWaits.INSTANCE);
    }

    /**
     * A strategy weighing a nanosecond of latency as {@code latencyWeight} nanoseconds of CPU.
     *
     * @param latencyWeight λ, positive and finite: 1 weighs them equally, more favours latency.
     * @param maxPark       the longest park period, positive.
     */
    public CalibratedIdleStrategy(final double latencyWeight, final Duration maxPark)
    {
        this(TimerProfile.CURRENT::get, null, requireLatencyWeight(latencyWeight), requireMaxPark(maxPark),
            SystemThreadWaits.INSTANCE);
    }

    /**
     * A strategy seeded from {@code profile} instead of {@link TimerProfile#current()}.
     *
     * @param profile the timer behaviour to start from.
     * @param preset  the trade-off between latency and CPU.
     */
    public CalibratedIdleStrategy(final TimerProfile profile, final IdlePreset preset)
    {
        this(fixed(Objects.requireNonNull(profile, "profile")), Objects.requireNonNull(preset, "preset"),
            preset.latencyWeight(), null, SystemThreadWaits.INSTANCE);
    }

    /**
     * @param profiles gives the profile that seeds the timer model.
     * @param preset   the preset, or null when only λ was given.
     */
    CalibratedIdleStrategy(
        final Supplier<TimerProfile> profiles,
        final IdlePreset preset,
        final double latencyWeight,
        final Duration maxPark,
        final ThreadWaits waits)
    {
        this.waits = Objects.requireNonNull(waits, "waits");
        this.preset = preset;
        this.latencyWeight = latencyWeight;
        this.maxPark = maxPark;
        this.profile = profiles.get();
        this.timer = new ParkTimerModel(profile, waits.nanoTime());
        final IdlePreset ladder = null == preset ? IdlePreset.BALANCED : preset;
        this.maxParkNs = null != maxPark ? maxPark.toNanos() : ladder.adaptiveMaxParkNs();
        // the ladder parks no longer than a maximum the user set either, while the strategy has nothing better
        this.ladderPlan = null != maxPark ? ladder.planParkingAtMost(profile, maxParkNs) : ladder.plan(profile);
        this.plans = new ContextPlanner(contexts, gaps, timer, maxParkNs);
        this.context = contexts[EpisodeContext.AFTER_BUSY_WAIT];
        followPresetLadder();
        probeBusyNs = probeBusyNs();
        this.cadence = new PlanCadence(waits.nanoTime());
    }

    /**
     * {@inheritDoc}
     */
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            phase = WORKING;
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
        long nowNs = waits.nanoTime();
        final int previous = phase;
        if (previous == WORKING)
        {
            startEpisode(nowNs);
            final long bookkeptNs = waits.nanoTime();
            busyNs += bookkeptNs - nowNs;
            busyAtEpisodeStartNs = busyNs;
            if (!planFromStart)
            {
                // the episode is learnt from the call's start, its spinning counted from the bookkeeping's end
                busyWait(nowNs, 0);
                busySinceNs = bookkeptNs;
                return;
            }
        }
        else if (previous == SPINNING)
        {
            statistics.spun(nowNs - busySinceNs);
            busyNs += nowNs - busySinceNs;
        }
        else if (previous == YIELDING)
        {
            statistics.yielded(nowNs - busySinceNs);
            busyNs += nowNs - busySinceNs;
        }
        if (planFromStart)
        {
            planSlice(nowNs);
            return;
        }
        if (nowNs - episodeStartNs < exploreUntilNs || nowNs - episodeStartNs < MIN_SPIN_NS)
        {
            busyWait(nowNs, nowNs - episodeStartNs);
            return;
        }
        if (pending.size() > 0 && (shortEpisodePending || !learnsAtStart()))
        {
            learnPending(nowNs);
            segment = 0;
            final long learntNs = waits.nanoTime();
            busyNs += learntNs - nowNs;
            nowNs = learntNs;
        }
        final long elapsedNs = nowNs - episodeStartNs;
        final IdleSchedule schedule = context.schedule;
        int i = segment;
        while (i < schedule.count && (elapsedNs >= schedule.endsNs[i] || spinsOnIntoTheWindow(i, nowNs, elapsedNs)))
        {
            i++;
        }
        segment = i;
        final long parkNs;
        if (i == schedule.count || schedule.kinds[i] == IdleSchedule.PARK_EVERY)
        {
            final long periodNs;
            if (i < schedule.count)
            {
                periodNs = surprises > 0 || !schedule.steadyTrains ?
                    Math.min(schedule.periodsNs[i], elapsedNs / BACKOFF_DIVISOR) : schedule.periodsNs[i];
            }
            else if (plannedForWakes)
            {
                periodNs = schedule.tailPeriodNs;
            }
            else
            {
                final long tailNs = onLadder ? ladderTailNs(elapsedNs) :
                    Math.min(schedule.tailPeriodNs, squareRootPeriodNs(elapsedNs));
                periodNs = Math.min(tailNs, elapsedNs / BACKOFF_DIVISOR);
            }
            final long trainNs = exploring ? periodNs / EXPLORE_PERIOD_DIVISOR : periodNs;
            parkNs = Math.max(timer.floorNs(),
                i < schedule.count ? Math.min(trainNs, schedule.endsNs[i] - elapsedNs) : trainNs);
        }
        else if (schedule.kinds[i] == IdleSchedule.PARK_UNTIL)
        {
            final long untilNs = schedule.endsNs[i] - elapsedNs;
            parkNs = surprises > 0 || exploring ?
                Math.min(untilNs, timer.floorNs() + elapsedNs * PARK_UNTIL_GROWTH) : untilNs;
        }
        else if (probeBusyNs < Long.MAX_VALUE && !exploring && busyNs - busyAtLastParkNs >=
            (timer.unsettled() && !plannedForWakes ? probeBusyNs / ParkTimerModel.CHANGED_AFTER : probeBusyNs))
        {
            parkNs = plannedForWakes ? maxParkNs : 0;
        }
        else
        {
            // the plan busy-waits here anyway: what comes now says nothing of waiting after a wake
            lingered = false;
            windowNs = 0;
            busyWait(nowNs, elapsedNs);
            return;
        }
        if (nowNs - wakeNs < windowNs)
        {
            lingered = true;
            busyWait(nowNs, elapsedNs);
            return;
        }
        if (lingered)
        {
            linger.missed(windowNs, timer.floorNs(), timer.parkCpuNs(), planLatencyWeight());
            lingered = false;
        }
        windowNs = 0;
        parkPointReached = true;
        if (planDue)
        {
            planSlice(nowNs);
            return;
        }
        // a plan made while the timer model held a coarser floor than this thread's parks now have would park
        // that floor at a time: no park is planned to last longer than the maximum, which lasts a floor if no park
        // is shorter
        park(nowNs, Math.min(parkNs, maxParkNs));
    }

    /**
     * Parks for about {@code parkNs} and learns from it: what it really lasted, and in one park in so many its CPU,
     * its wake-up's run delay, or, as a probe, what the shortest park lasts. A method of its own, so that where
     * parks are rare HotSpot compiles it apart from {@link #idle()}: a sample that comes due only after the compiler
     * has seen a few parks then recompiles this, not the whole of {@link #idle()}.
     */
    private void park(final long nowNs, final long parkNs)
    {
        final long park = ++parks;
        firstParkNs = park == parksAtEpisodeStart + 1 ? nowNs - episodeStartNs : firstParkNs;
        final long requestNs = park % FLOOR_PROBE_EVERY == 0 && parkNs >= 2 * timer.floorNs() && !plannedForWakes ?
            ParkTimerModel.SHORTEST_REQUEST_NS : timer.requestFor(parkNs, nowNs);
        final boolean sampled = park % CPU_SAMPLE_EVERY == 0;
        // read before the CPU time, so that the read is no part of the park's CPU; a thread without a CPU-time
        // clock is a virtual one, and /proc/thread-self would be its carrier's
        final long delayBeforeNs =
            park % RUN_DELAY_SAMPLE_EVERY == 0 && cpuClocked ? waits.threadRunDelayNanos() : -1;
        final long cpuBeforeNs = sampled ? waits.threadCpuNanos() : -1;
        cpuClocked = sampled ? cpuBeforeNs >= 0 : cpuClocked;
        phase = PARKING;
        waits.parkKeepingInterrupt(requestNs);
        final long afterNs = waits.nanoTime();
        if (cpuBeforeNs >= 0)
        {
            timer.recordCpu(waits.threadCpuNanos() - cpuBeforeNs, afterNs);
            if (delayBeforeNs >= 0)
            {
                cpuWeight.sampleWakeRunDelay(waits.threadRunDelayNanos() - delayBeforeNs);
            }
        }
        final boolean woken = waits.lastParkWasWoken();
        if (!woken && timer.record(requestNs, afterNs - nowNs, afterNs))
        {
            cadence.relearn();
        }
        busyAtLastParkNs = busyNs;
        wakeNs = afterNs;
        windowNs = woken || plannedForWakes || !timer.coarse() ? 0 :
            linger.windowNs(timer.floorNs(), timer.parkCpuNs(), busyNs, parks);
        statistics.parked(requestNs, afterNs - nowNs);
        parkedNs += afterNs - nowNs;
        lastIdleFromNs = woken ? waits.lastWakeNs() : nowNs;
        lastIdleToNs = woken ? waits.lastWakeNs() : afterNs;
        promptlyWoken = woken && waits.lastWakeNs() - nowNs < PROMPT_WAKE_NS;
    }

    /**
     * {@inheritDoc}
     */
    public void reset()
    {
        phase = WORKING;
    }

    /**
     * @return {@code calibrated:<preset>} or {@code calibrated:lambda=<λ>}, followed by {@code :<maxPark>} when
     * one was given; {@link IdleStrategies#parse(String)} turns it back into an equal strategy.
     */
    public String alias()
    {
        final String weight = null == preset ? LAMBDA_PREFIX + latencyWeight : preset.specName();
        return null == maxPark ? SPEC_PREFIX + weight : SPEC_PREFIX + weight + ":" + Durations.toSpec(maxParkNs);
    }

    /**
     * @return the preset, or null when the strategy was made with an explicit latency weight.
     */
    public IdlePreset preset()
    {
        return preset;
    }

    /**
     * @return λ, the CPU nanoseconds one nanosecond of wake-up latency is worth.
     */
    public double latencyWeight()
    {
        return latencyWeight;
    }

    /**
     * @return the profile the timer model was seeded from.
     */
    public TimerProfile profile()
    {
        return profile;
    }

    /**
     * {@inheritDoc}
     */
    public IdleStatistics statistics()
    {
        return statistics;
    }

    /**
     * The plan in force, safe to call from any thread (it allocates): where the plan for episodes that follow work
     * seen only as a park ended differs, that one too, after {@code "; after a park: "}; where the strategy
     * busy-waits after a park that ended with no work (see {@link WakeLinger}), for how long, after
     * {@code "; after an empty wake, busy-wait "}.
     *
     * @return e.g. {@code spin to 12.0 µs, park until 9.80 ms, spin to 10.6 ms, then park every 1.00 ms}.
     */
    public String currentPlan()
    {
        final String afterBusyWait = contexts[EpisodeContext.AFTER_BUSY_WAIT].schedule.describe();
        final String afterPark = contexts[EpisodeContext.AFTER_PARK].schedule.describe();
        final String plan =
            afterBusyWait.equals(afterPark) ? afterBusyWait : afterBusyWait + "; after a park: " + afterPark;
        final long lingerNs = linger.lingerNs();
        return lingerNs == 0 ? plan : plan + "; after an empty wake, busy-wait " + Durations.toHuman(lingerNs);
    }

    /**
     * Describes the strategy; safe to call from any thread, though the timer model's figures may be torn.
     *
     * @return the alias, the plan, the timer model and the statistics.
     */
    public String toString()
    {
        return "CalibratedIdleStrategy{" + alias() + ": " + currentPlan() + "; park floor " +
            Durations.toHuman(timer.floorNs()) + " (spread " + Durations.toHuman(timer.spreadNs()) +
            (timer.onTickGrid() ? ", on a tick grid" : "") + "), park CPU " +
            Durations.toHuman(timer.parkCpuNs()) + ", CPU weight " +
            String.format(Locale.ROOT, "%.2f", cpuWeight.weight()) + "; " + statistics + "}";
    }

    long maxParkNs()
    {
        return maxParkNs;
    }

    /**
     * @return how long an episode spins with {@code onSpinWait} before it busy-waits by yielding.
     */
    long spinBeforeYieldNs()
    {
        return SPIN_BEFORE_YIELD_NS;
    }

    /**
     * @return unparks producers made to end this strategy's parks; none for a strategy nobody can wake.
     */
    long wakeUnparks()
    {
        return 0;
    }

    /**
     * @return what a park costs (its CPU plus λ times the wake-up latency) when wakes end the parks, or -1 when
     * parks end as their periods pass: asked once per plan, on the worker's thread.
     */
    long wokenParkCostNs()
    {
        return -1;
    }

    /**
     * @return the episodes the gap histogram has learnt from.
     */
    long episodesLearnt()
    {
        return gaps.episodes();
    }

    /**
     * @return the schedule the current episode follows.
     */
    IdleSchedule schedule()
    {
        return context.schedule;
    }

    ParkTimerModel timer()
    {
        return timer;
    }

    /**
     * Whether, with less than the shortest park left until the planned moment of segment {@code i}, the strategy
     * spins on through it into the spin window the plan puts after it: only where what is left is no longer than
     * that window and costs at most {@value #SKIP_PARKS} parks' CPU. A park the plan aimed at seven eighths of a
     * floor lasts a floor and a little more, and skipping the next park for a window of a few microseconds would
     * spin most of a floor; under a timer with slack a park can end long before its moment (another interrupt came
     * within the slack), and spinning to the moment would cost milliseconds that parking again, as Agrona's ladder
     * does, does not. Where parks end on a grid of ticks (see {@link TickGrid}), a park from any segment but a spin
     * ends at the next tick, and where that comes after the moment, the work the window waits for would wait for the
     * tick: the strategy spins on where the time left costs less than half what that tick adds, at the plan's
     * latency weight.
     */
    private boolean spinsOnIntoTheWindow(final int i, final long nowNs, final long elapsedNs)
    {
        final IdleSchedule schedule = context.schedule;
        if (i + 1 >= schedule.count || schedule.kinds[i + 1] != IdleSchedule.SPIN)
        {
            return false;
        }
        final long leftNs = schedule.endsNs[i] - elapsedNs;
        final long tickInNs = timer.nextTickInNs(nowNs);
        if (tickInNs >= 0)
        {
            return schedule.kinds[i] != IdleSchedule.SPIN && tickInNs > leftNs &&
                leftNs < planLatencyWeight() * (tickInNs - leftNs) / 2;
        }
        final long shortestParkNs = timer.floorNs() - timer.floorNs() / 8 - timer.floorNs() / PARK_UNTIL_TOLERANCE;
        return schedule.kinds[i] == IdleSchedule.PARK_UNTIL && leftNs < shortestParkNs &&
            leftNs <= schedule.endsNs[i + 1] - schedule.endsNs[i] && leftNs <= SKIP_PARKS * timer.parkCpuNs();
    }

    private void busyWait(final long nowNs, final long elapsedNs)
    {
        long seenNs = nowNs;
        if (elapsedNs < spinBeforeYieldNs() || plannedForWakes)
        {
            phase = SPINNING;
            waits.onSpinWait();
        }
        else
        {
            phase = YIELDING;
            waits.yieldThread();
            final long yieldedUntilNs = waits.nanoTime();
            seenNs = yieldedUntilNs - nowNs > LONG_YIELD_NS ? yieldedUntilNs : nowNs;
        }
        lastIdleFromNs = seenNs;
        lastIdleToNs = seenNs;
        busySinceNs = nowNs;
    }

    /**
     * Queues the episode that just ended to be learnt from, and starts one, an exploring one when its turn and the
     * budget for it have come. Like {@link #learn}, a method that HotSpot compiles apart from {@link #idle()}, which
     * its traps recompile several times in a young JVM: both are larger than the 325 bytes of bytecode
     * ({@code FreqInlineSize}) up to which C2 inlines a hot callee, and when they were smaller C2 inlined them, and
     * {@code learn} once per call site, into each of those recompilations, which became several times dearer
     * ({@code docs/results/adaptive/extract-cadence/}).
     */
    private void startEpisode(final long nowNs)
    {
        if (episodeToRecord)
        {
            if (pending.isFull())
            {
                learnPending(nowNs);
            }
            pending.add(lastIdleFromNs - episodeStartNs, lastIdleToNs - episodeStartNs, promptlyWoken,
                lastIdleFromNs != lastIdleToNs && parks - parksAtEpisodeStart == 1, exploring, exploreFromNs,
                exploreUntilNs, parks == parksAtEpisodeStart ? lastIdleToNs - episodeStartNs : firstParkNs,
                context == contexts[EpisodeContext.AFTER_PARK]);
            context = contexts[lastIdleFromNs != lastIdleToNs ?
                EpisodeContext.AFTER_PARK : EpisodeContext.AFTER_BUSY_WAIT];
            // an episode that never parked leaves a due plan to the start of the next one
            planFromStart = planDue && !parkPointReached;
            shortEpisodePending |= lastIdleToNs - episodeStartNs < MIN_SPIN_NS;
            if (learnsAtStart() && !shortEpisodePending && (pending.size() >= LEARN_BATCH ||
                parks == parksAtEpisodeStart || busyNs - busyAtEpisodeStartNs >= timer.parkCpuNs()))
            {
                learnPending(nowNs);
            }
        }
        if (lingered)
        {
            linger.hit(lastIdleToNs - wakeNs, windowNs, timer.floorNs(), timer.parkCpuNs(), planLatencyWeight());
            lingered = false;
        }
        windowNs = 0;
        statistics.episodeStarted();
        episodes++;
        episodeToRecord = true;
        promptlyWoken = false;
        parkPointReached = false;
        episodeStartNs = nowNs;
        parksAtEpisodeStart = parks;
        segment = 0;
        final long spinNs = context.schedule.spinBeforeFirstParkNs();
        exploreFromNs = spinNs;
        exploreUntilNs = 0;
        exploring = false;
        if (explorations.turnCome())
        {
            final long untilNs = exploreEndNs(spinNs);
            if (explorations.begin(untilNs - spinNs, busyNs, parks, timer.parkCpuNs()))
            {
                exploring = true;
                exploreUntilNs = untilNs;
            }
        }
    }

    /**
     * @return whether ended episodes are learnt from as a later one starts, not once it has busy-waited: under a
     * coarse timer (Windows' default 15.6 ms tick, a Linux thread with a long timer slack), mostly
     * {@value #LEARN_BATCH} at a time (see there). A park shorter than the floor lasts a floor from whenever it
     * starts, so learning just before it would delay its wake-up, and so the work it waits for, by as long, and it
     * was measured to cost the first event of each burst more than it saved the rest.
     */
    private boolean learnsAtStart()
    {
        return timer.coarse();
    }

    /**
     * Learns from every episode in {@link #pending}, oldest first, and forgets them.
     */
    private void learnPending(final long nowNs)
    {
        for (int i = 0; i < pending.size(); i++)
        {
            learn(i, nowNs);
        }
        pending.clear();
        shortEpisodePending = false;
    }

    /**
     * Learns from the {@code i}th ended episode queued: its gap, whether it shows the workload changed, what an
     * exploration saw, and whether a plan is due. Compiled apart from {@link #idle()} (see {@link #startEpisode}).
     */
    private void learn(final int i, final long nowNs)
    {
        final long endedNs = pending.endedNs(i);
        boolean changed = false;
        boolean settled = false;
        if (!pending.promptlyWoken(i))
        {
            final int kind = pending.afterPark(i) ? EpisodeContext.AFTER_PARK : EpisodeContext.AFTER_BUSY_WAIT;
            final long fromNs = pending.fromNs(i);
            settled = fromNs == endedNs && gaps.settleAt(endedNs);
            final boolean workSeenUnparked = pending.unparkedNs(i) == endedNs && fromNs == endedNs;
            gaps.recordUnparkedStart(pending.unparkedNs(i), workSeenUnparked);
            contexts[kind].gaps.recordUnparkedStart(pending.unparkedNs(i), workSeenUnparked);
            final boolean surprised = gaps.record(fromNs, endedNs, timer.floorNs());
            final boolean overflowed = contexts[plannedApart ? kind : EpisodeContext.AFTER_BUSY_WAIT].firstParks
                .changed(pending.endedInFirstPark(i));
            contexts[kind].gaps.record(fromNs, endedNs, timer.floorNs());
            contexts[kind].learntSinceCopy++;
            if (endedNs > 0)
            {
                surprises = surprised ? surprises + 1 : 0;
                surprisesForChange = surprises == 1 ? surprisesForChange() : surprisesForChange;
            }
            changed = overflowed || endedNs > 0 && surprises > 0 && surprises == surprisesForChange;
        }
        if (pending.exploring(i) && endedNs > pending.exploreFromNs(i))
        {
            explorations.ended(endedNs <= pending.exploreUntilNs(i));
        }
        if (changed)
        {
            followPresetLadder();
            explorations.restart();
            planDue = false;
            planning = false;
            planFromStart = false;
            cadence.relearn();
        }
        else if (settled)
        {
            plans.seedContexts();
            // the plan in force may spin through this episode's gap too: the next one comes before anything else
            planDue = true;
            planFromStart = true;
        }
        else if (!planDue && cadence.dueAfterEpisode(nowNs, busyNs, parks, timer.parkCpuNs()))
        {
            planDue = true;
        }
    }

    /**
     * @return the consecutive surprises that mean a change of workload, fixed at a run's first: one more than
     * {@link #SURPRISES_FOR_CHANGE} under a coarse timer where the latest parks share a window. There regular work
     * with two late items in a row made a change, and relearning from the preset's ladder spins for a fraction of a
     * tick in each episode until the next plan; a real change costs one more episode on the old plan, which parks.
     */
    private int surprisesForChange()
    {
        return SURPRISES_FOR_CHANGE + (timer.coarse() && gaps.parksShareAWindow(0, Long.MAX_VALUE) ? 1 : 0);
    }

    /**
     * @return how long an exploring episode that starts now spins, given the plan's spin before its first park.
     */
    private long exploreEndNs(final long spinNs)
    {
        if (plannedForWakes)
        {
            return Math.max(2 * spinNs, 2 * PROMPT_WAKE_NS);
        }
        return Math.min(latestExploreEndNs(spinNs),
            Math.min(Math.max(2 * spinNs, timer.floorNs()), spinNs + EXPLORE_PARKS * timer.parkCpuNs()));
    }

    /**
     * Goes on with the plan that is due for one slice of {@value #PLAN_SLICE_NS} ns, where the episode would park,
     * and returns instead: the park would have made work wait anyway, and work that comes while the slice runs is
     * noticed as soon as it ends. An episode that never parks leaves the plan to the start of the next one, which
     * makes it in slices before anything else.
     */
    private void planSlice(final long nowNs)
    {
        final long cpuBeforeNs = waits.threadCpuNanos();
        if (!planning)
        {
            // what is learnt may show the workload changed, which puts the strategy back on its ladder instead
            learnPending(nowNs);
            if (planDue)
            {
                beginPlan(nowNs, cpuBeforeNs);
            }
        }
        if (planning)
        {
            final boolean made = plans.advance(waits, nowNs + PLAN_SLICE_NS);
            planningCpuNs += waits.threadCpuNanos() - cpuBeforeNs;
            if (made)
            {
                plannedForWakes = plans.forWakes();
                final boolean finished = plans.writeMadePlan();
                plannedApart = plans.apart();
                if (finished)
                {
                    finishPlan();
                }
            }
        }
        segment = 0;
        phase = SPINNING;
        lastIdleFromNs = nowNs;
        lastIdleToNs = waits.nanoTime();
        busySinceNs = lastIdleToNs;
    }

    /**
     * @return the latency weight plans are made with: λ over the CPU weight κ, since a plan weighs CPU against
     * latency and only their ratio matters. κ reads the thread's run delay less its wake-ups' share: where threads
     * wake one another in a chain (an Aeron driver's agents), each wake-up waits a moment for a CPU another holds,
     * which says nothing of what spinning would take from them, and counting it would make every thread on the
     * chain park longer, so that the chain's latency is paid at each of its hops.
     */
    double planLatencyWeight()
    {
        return latencyWeight / cpuWeight.weight();
    }

    private void beginPlan(final long nowNs, final long cpuNs)
    {
        timer.update(nowNs);
        // a thread without a CPU-time clock is a virtual one, and /proc/thread-self would be its carrier's
        final long runDelayNs = cpuNs < 0 ? -1 : waits.threadRunDelayNanos();
        cpuWeight.update(nowNs, cpuNs, parkedNs, parks, timer.parkCpuNs(), runDelayNs);
        plans.begin(wokenParkCostNs(), planLatencyWeight());
        planning = true;
        planningCpuNs = 0;
    }

    private void finishPlan()
    {
        statistics.planned();
        planDue = false;
        planning = false;
        planFromStart = false;
        for (final EpisodeContext c : contexts)
        {
            if (plannedForWakes || !plannedApart && c == contexts[EpisodeContext.AFTER_PARK])
            {
                c.firstParks.stop();
            }
            else
            {
                c.firstParks.watch(c.schedule, timer.floorNs());
            }
        }
        cadence.planned(
            onLadder, timer.floorNs(), timer.parkCpuNs(), planningCpuNs, busyNs, parks, waits.nanoTime());
        onLadder = false;
        probeBusyNs = probeBusyNs();
    }

    /**
     * @return the busy-waiting after which a plan that has not parked parks once anyway (see
     * {@link #PROBE_DIVISOR}): for a plan for wakes, from what it weighed a woken park at; else from the timer
     * model's estimates now, and {@code Long.MAX_VALUE}, never, under a fine timer.
     */
    private long probeBusyNs()
    {
        if (plannedForWakes)
        {
            return PROBE_DIVISOR * plans.wokenParkCostNs();
        }
        return timer.coarse() ?
            PROBE_DIVISOR * (timer.parkCpuNs() + (long)(latencyWeight * timer.floorNs())) : Long.MAX_VALUE;
    }

    /**
     * Where the plan parks until a moment right after its first spin, exploration ends while that park can still
     * be made: an episode that comes out of exploring too late for the park would skip it and spin on to the
     * moment instead. Under a coarse timer (a 15.6 ms tick, gaps of a few milliseconds) that is a whole gap spun
     * in every exploring episode, to learn an arrival time no park could use.
     */
    private long latestExploreEndNs(final long spinNs)
    {
        final IdleSchedule schedule = context.schedule;
        final int afterSpin = spinNs > 0 ? 1 : 0;
        if (afterSpin < schedule.count && schedule.kinds[afterSpin] == IdleSchedule.PARK_UNTIL)
        {
            return Math.max(spinNs, schedule.endsNs[afterSpin] - timer.floorNs());
        }
        return Long.MAX_VALUE;
    }

    /**
     * While the strategy follows its preset's ladder (before its first plan, or after a change of workload), an
     * episode past the ladder's end parks with the longer of the ladder's last period and the square-root period
     * for the time it has been idle, up to the maximum park: a thread that never sees work (an Aeron agent with
     * nothing to do) would otherwise wake once per ladder period for as long as it lives.
     */
    private long ladderTailNs(final long elapsedNs)
    {
        return Math.max(context.schedule.tailPeriodNs, Math.min(maxParkNs, squareRootPeriodNs(elapsedNs)));
    }

    /**
     * The square-root period √(2·w·t/λ) for the time t an episode has been idle, with which it parks where nothing
     * learnt says when work comes: past the ladder's end, and past a plan's, which ends where the episodes seen
     * leave a negligible share still idle. There work comes from what the plan could not learn, such as a producer
     * that stalls for milliseconds once in thousands of episodes; with nothing else known, the longer a thread has
     * waited the longer it can be expected to wait (work comes at a rate that falls as 1/t), and this period balances
     * the CPU of its wake-ups against the latency of the work that ends the wait. A plan's own longest period there
     * would make the work after such a stall wait up to the maximum park.
     */
    private long squareRootPeriodNs(final long elapsedNs)
    {
        return (long)Math.sqrt(2.0 * timer.parkCpuNs() * elapsedNs / planLatencyWeight());
    }

    private void followPresetLadder()
    {
        onLadder = true;
        plannedForWakes = false;
        plannedApart = false;
        plans.seedContexts();
        for (final EpisodeContext c : contexts)
        {
            c.firstParks.stop();
            writeLadder(c.schedule);
        }
    }

    private void writeLadder(final IdleSchedule schedule)
    {
        final IdlePlan plan = ladderPlan;
        schedule.beginRewrite();
        schedule.clear(plan.maxParkNs());
        long endNs = plan.spinNs() + plan.yieldNs();
        schedule.add(IdleSchedule.SPIN, endNs, 0);
        for (long periodNs = plan.minParkNs(); periodNs < plan.maxParkNs() &&
            schedule.count < IdleSchedule.MAX_SEGMENTS; periodNs = Math.max(periodNs + 1,
            (long)(periodNs * plan.parkGrowth())))
        {
            endNs += periodNs;
            schedule.add(IdleSchedule.PARK_UNTIL, endNs, 0);
        }
        schedule.endRewrite();
    }

    private static Supplier<TimerProfile> fixed(final TimerProfile profile)
    {
        return () -> profile;
    }

    private static Duration requireMaxPark(final Duration maxPark)
    {
        Durations.requirePositiveNanos("maxPark", maxPark);
        return maxPark;
    }

    static double requireLatencyWeight(final double latencyWeight)
    {
        if (!(latencyWeight > 0) || Double.isInfinite(latencyWeight))
        {
            throw new IllegalArgumentException("latencyWeight (λ) must be positive and finite: " + latencyWeight);
        }
        return latencyWeight;
    }
}
