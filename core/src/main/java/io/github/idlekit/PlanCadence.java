package io.github.idlekit;

/**
 * When a strategy's next plan is due: after {@value #EPISODES_PER_PLAN} episodes learnt from, at most once per
 * {@value #MIN_PLAN_INTERVAL_NS} ns, and once the waiting since the last plan cost a multiple of that plan's CPU
 * that grows while the workload stays the same. A plan costs hundreds of microseconds of CPU, and between changes
 * of workload the gap histogram moves by noise alone.
 */
final class PlanCadence
{
    /**
     * Episodes between two plans: enough for the histogram to have moved, few enough to follow a change of
     * workload within a few dozen episodes.
     */
    static final int EPISODES_PER_PLAN = 8;

    /**
     * Least time between two plans, so that planning stays a small share of the thread's time however short the
     * episodes are.
     */
    static final long MIN_PLAN_INTERVAL_NS = 50_000_000L;

    /**
     * Least time between two plans while the strategy re-learns a changed workload on its ladder.
     */
    static final long MIN_RELEARN_INTERVAL_NS = 2_000_000L;

    /**
     * A plan is made only once the strategy has spent at least this many times the last plan's CPU on waiting (its
     * spin and yield time, and its parks' CPU; see {@link #MAX_CPU_DIVISOR} for how many), except while it
     * re-learns a changed workload: where waiting is cheap (work every few milliseconds, a few parks each) a plan
     * made every few episodes would otherwise cost more CPU than the waiting it plans, above all while the planner's
     * code is not yet compiled.
     */
    static final long CPU_DIVISOR = 16;

    /**
     * Each plan after the first doubles the multiple of its CPU that must be spent waiting before the next, up to
     * this one: between changes of workload (which the histogram's surprises tell) the histogram moves by noise
     * alone, a plan costs hundreds of microseconds of CPU (more right after a wake from a coarse timer's tick, where
     * a whole episode's waiting costs a few dozen), and planning at {@link #CPU_DIVISOR} for ever would spend a
     * sixteenth of the waiting CPU on plans that change nothing. A change of workload, and a timer whose floor or
     * park CPU halved or doubled since the last plan (another process changed the timer resolution), go back to
     * {@link #CPU_DIVISOR}.
     */
    static final long MAX_CPU_DIVISOR = 8 * CPU_DIVISOR;

    private final WaitingMark lastPlan = new WaitingMark();
    private long lastPlanNs;
    int episodesSincePlan;
    private boolean relearning;
    private long cpuDivisor = CPU_DIVISOR;
    private long planCpuNs;
    private long floorAtPlanNs;
    private long parkCpuAtPlanNs;

    /**
     * @param nowNs the time the strategy was made, which counts as its last plan's.
     */
    PlanCadence(final long nowNs)
    {
        lastPlanNs = nowNs;
    }

    /**
     * Counts an episode learnt from while no plan is due.
     *
     * @param nowNs     the time now.
     * @param busyNs    the strategy's spin and yield time so far.
     * @param parks     its parks so far.
     * @param parkCpuNs what one park costs in CPU.
     * @return whether a plan is now due.
     */
    boolean dueAfterEpisode(final long nowNs, final long busyNs, final long parks, final long parkCpuNs)
    {
        return ++episodesSincePlan >= EPISODES_PER_PLAN && (relearning ?
            nowNs - lastPlanNs >= MIN_RELEARN_INTERVAL_NS :
            nowNs - lastPlanNs >= MIN_PLAN_INTERVAL_NS &&
            lastPlan.cpuSinceNs(busyNs, parks, parkCpuNs) >= cpuDivisor * planCpuNs);
    }

    /**
     * The workload changed: the next plan comes {@value #EPISODES_PER_PLAN} episodes from now, at most
     * {@value #MIN_RELEARN_INTERVAL_NS} ns after the last, whatever the waiting cost.
     */
    void relearn()
    {
        episodesSincePlan = 0;
        relearning = true;
    }

    /**
     * A plan was made.
     *
     * @param fromLadder whether the strategy followed its preset's ladder until now.
     * @param floorNs    the timer model's floor the plan was made with.
     * @param parkCpuNs  the park CPU it was made with.
     * @param planCpuNs  the CPU the plan took.
     * @param busyNs     the strategy's spin and yield time so far.
     * @param parks      its parks so far.
     * @param nowNs      the time now.
     */
    void planned(final boolean fromLadder, final long floorNs, final long parkCpuNs, final long planCpuNs,
        final long busyNs, final long parks, final long nowNs)
    {
        cpuDivisor = fromLadder || twofold(floorNs, floorAtPlanNs) || twofold(parkCpuNs, parkCpuAtPlanNs) ?
            CPU_DIVISOR : Math.min(MAX_CPU_DIVISOR, 2 * cpuDivisor);
        floorAtPlanNs = floorNs;
        parkCpuAtPlanNs = parkCpuNs;
        this.planCpuNs = planCpuNs;
        lastPlan.set(busyNs, parks);
        episodesSincePlan = 0;
        relearning = false;
        lastPlanNs = nowNs;
    }

    private static boolean twofold(final long nowNs, final long thenNs)
    {
        return nowNs > 2 * thenNs || thenNs > 2 * nowNs;
    }
}
