package io.github.idlekit;

/**
 * Makes a strategy's plan for each {@link EpisodeContext} in turn with one {@link CostPlanner}, in slices: first for
 * the episodes after a busy-wait, then, where those after a park are planned from episodes of their own, for them;
 * otherwise the first plan serves both. Used by the worker's thread only.
 */
final class ContextPlanner
{
    /**
     * Episodes a context must have learnt from since its histogram was last seeded with all the strategy's before
     * it may be planned from its own (see {@link #source}): two plans' worth.
     */
    static final long CONTEXT_EPISODES = 2 * PlanCadence.EPISODES_PER_PLAN;

    /**
     * A context is planned from its own episodes (see {@link #source}) only where their mean is more than this many
     * times that of all episodes, or less than its inverse: a few times the chance deviation of the mean of the
     * hundred-odd episodes a histogram mostly weighs (about a tenth, for memoryless ones). Where a feed does not wait
     * for its worker and parks end a coarse tick after regular work came, the episodes after a park are shorter by
     * as long as the work waited, about half the gap on average.
     */
    static final double CONTEXT_MEAN_RATIO = 4.0 / 3;

    private final CostPlanner planner = new CostPlanner();
    private final EpisodeContext[] contexts;
    private final IdleGapHistogram gaps;
    private final ParkTimerModel timer;
    private final long maxParkNs;
    private final IdleGapHistogram[] sources = new IdleGapHistogram[2];
    private int planningContext;
    private boolean apart;
    private long wokenParkCostNs;
    private double latencyWeight;

    /**
     * @param contexts  the strategy's contexts, indexed by {@link EpisodeContext#AFTER_BUSY_WAIT} and
     *                  {@link EpisodeContext#AFTER_PARK}, whose schedules the plans are written into.
     * @param gaps      all the strategy's episodes.
     * @param timer     the strategy's timer model.
     * @param maxParkNs the longest park a plan may make.
     */
    ContextPlanner(
        final EpisodeContext[] contexts, final IdleGapHistogram gaps, final ParkTimerModel timer, final long maxParkNs)
    {
        this.contexts = contexts;
        this.gaps = gaps;
        this.timer = timer;
        this.maxParkNs = maxParkNs;
    }

    /**
     * Begins a plan, each context's from the episodes that suit it (see {@link #source}).
     *
     * @param wokenParkCostNs what a park costs when wakes end the parks, or negative when parks end as their
     *                        periods pass.
     * @param latencyWeight   the latency weight to plan with.
     */
    void begin(final long wokenParkCostNs, final double latencyWeight)
    {
        this.wokenParkCostNs = wokenParkCostNs;
        this.latencyWeight = latencyWeight;
        sources[EpisodeContext.AFTER_BUSY_WAIT] = source(EpisodeContext.AFTER_BUSY_WAIT);
        sources[EpisodeContext.AFTER_PARK] = source(EpisodeContext.AFTER_PARK);
        planningContext = EpisodeContext.AFTER_BUSY_WAIT;
        beginContext();
    }

    /**
     * Plans until the plan for the context being planned is made or {@code untilNs} passes.
     *
     * @return whether that plan is made, to be written by {@link #writeMadePlan()}.
     */
    boolean advance(final ThreadWaits clock, final long untilNs)
    {
        return planner.advance(clock, untilNs);
    }

    /**
     * Writes the plan just made into its context's schedule, and begins the other context's where that is planned
     * from other episodes; otherwise writes it there too.
     *
     * @return whether every context's plan is written.
     */
    boolean writeMadePlan()
    {
        write(contexts[planningContext].schedule);
        if (planningContext == EpisodeContext.AFTER_BUSY_WAIT)
        {
            planningContext = EpisodeContext.AFTER_PARK;
            apart = sources[EpisodeContext.AFTER_PARK] != sources[EpisodeContext.AFTER_BUSY_WAIT];
            if (apart)
            {
                beginContext();
                return false;
            }
            write(contexts[EpisodeContext.AFTER_PARK].schedule);
        }
        return true;
    }

    /**
     * @return whether the plan being made is one for wakes.
     */
    boolean forWakes()
    {
        return planner.forWakes();
    }

    /**
     * @return whether the plan is made apart for each context, from its own episodes; known once the first
     * context's plan is written.
     */
    boolean apart()
    {
        return apart;
    }

    /**
     * @return what the last plan begun weighed a woken park at, negative where it was not made for wakes.
     */
    long wokenParkCostNs()
    {
        return wokenParkCostNs;
    }

    /**
     * Seeds each context's histogram with all the strategy's episodes: where the workload changed, and where the
     * histogram of all of them settled (see {@link IdleGapHistogram#settleAt}), a guess the contexts' own, each
     * holding half the episodes, would settle only later or never.
     */
    void seedContexts()
    {
        for (final EpisodeContext c : contexts)
        {
            c.gaps.copyFrom(gaps);
            c.learntSinceCopy = 0;
        }
    }

    private void beginContext()
    {
        final IdleGapHistogram source = sources[planningContext];
        if (wokenParkCostNs >= 0)
        {
            planner.beginForWakes(source, wokenParkCostNs, maxParkNs);
        }
        else
        {
            planner.begin(source, timer, latencyWeight, timer.parkCpuNs(), maxParkNs,
                contexts[planningContext].schedule.spinBeforeFirstParkNs());
        }
    }

    /**
     * @return the episodes the plan for {@code kind}'s context is made from: the context's own, seeded with all the
     * strategy's, where it has learnt from {@value #CONTEXT_EPISODES} since and their mean differs from that of all
     * the strategy's by more than {@link #CONTEXT_MEAN_RATIO}; else all the strategy's. Where a producer waits for
     * its worker the two differ only by chance, and a context planned from its own, half as many, would be planned
     * from a noisier history, and at twice the planning CPU; a context that few episodes fall in (after a park, where
     * every gap is spun through) would be planned from a handful.
     */
    private IdleGapHistogram source(final int kind)
    {
        final EpisodeContext own = contexts[kind];
        if (own.learntSinceCopy < CONTEXT_EPISODES)
        {
            return gaps;
        }
        final double ratio = own.gaps.overallMeanNs() / gaps.overallMeanNs();
        return ratio > CONTEXT_MEAN_RATIO || ratio < 1 / CONTEXT_MEAN_RATIO ? own.gaps : gaps;
    }

    private void write(final IdleSchedule schedule)
    {
        schedule.beginRewrite();
        planner.write(schedule);
        schedule.endRewrite();
    }
}
