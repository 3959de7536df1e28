package io.github.idlekit;

import org.junit.jupiter.api.Test;

import static io.github.idlekit.ScriptedProfiles.LINUX_LIKE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContextPlannerTest
{
    private static final long SHORT_GAP_NS = 10_000;
    private static final long LONG_GAP_NS = 1_000_000;
    private static final long MAX_PARK_NS = 100_000_000;

    private final ParkTimerModel timer = new ParkTimerModel(LINUX_LIKE, 0);
    private final IdleGapHistogram gaps = new IdleGapHistogram(CalibratedIdleStrategy.EPISODE_DECAY);
    private final EpisodeContext[] contexts = { new EpisodeContext(), new EpisodeContext() };
    private final ContextPlanner plans = new ContextPlanner(contexts, gaps, timer, MAX_PARK_NS);
    private final ScriptedWaits clock = new ScriptedWaits();

    @Test
    void contextsWhoseEpisodesDifferArePlannedEachFromItsOwnInTwoRounds()
    {
        learnApart(ContextPlanner.CONTEXT_EPISODES);

        plans.begin(-1, 1.0);
        assertTrue(plans.advance(clock, Long.MAX_VALUE));
        assertFalse(plans.writeMadePlan(), "the after-park context's plan is still to make");
        assertTrue(plans.apart());
        assertTrue(plans.advance(clock, Long.MAX_VALUE));
        assertTrue(plans.writeMadePlan());

        final String afterBusyWait = plan(EpisodeContext.AFTER_BUSY_WAIT);
        final String afterPark = plan(EpisodeContext.AFTER_PARK);
        assertEquals(plannedFrom(contexts[EpisodeContext.AFTER_BUSY_WAIT].gaps), afterBusyWait);
        assertEquals(plannedFrom(contexts[EpisodeContext.AFTER_PARK].gaps), afterPark);
        assertNotEquals(afterBusyWait, afterPark);
    }

    @Test
    void contextsThatLearntTooFewEpisodesSinceTheirSeedingShareOnePlanFromAllEpisodes()
    {
        learnApart(ContextPlanner.CONTEXT_EPISODES - 1);

        assertOnePlanFromAllEpisodes();
    }

    @Test
    void contextsWhoseMeansAreWithinTheRatioShareOnePlanFromAllEpisodes()
    {
        // each context's mean within the ratio of that of all episodes, one above it and one below
        final long nearGapNs = (long)(LONG_GAP_NS * ContextPlanner.CONTEXT_MEAN_RATIO);
        for (int i = 0; i < ContextPlanner.CONTEXT_EPISODES; i++)
        {
            learn(EpisodeContext.AFTER_BUSY_WAIT, LONG_GAP_NS);
            learn(EpisodeContext.AFTER_PARK, nearGapNs);
        }

        assertOnePlanFromAllEpisodes();
    }

    @Test
    void seedingTheContextsStartsTheirCountsAgain()
    {
        learnApart(ContextPlanner.CONTEXT_EPISODES);

        plans.seedContexts();

        assertEquals(0, contexts[EpisodeContext.AFTER_PARK].learntSinceCopy);
        assertEquals(gaps.overallMeanNs(), contexts[EpisodeContext.AFTER_PARK].gaps.overallMeanNs());
        assertOnePlanFromAllEpisodes();
    }

    @Test
    void aPlanForWakesKeepsWhatItWeighedAWokenParkAt()
    {
        learnApart(ContextPlanner.CONTEXT_EPISODES);

        plans.begin(40_000, 1.0);
        assertTrue(plans.forWakes());
        assertEquals(40_000, plans.wokenParkCostNs());
        plans.begin(-1, 1.0);
        assertFalse(plans.forWakes());
    }

    private void assertOnePlanFromAllEpisodes()
    {
        plans.begin(-1, 1.0);
        assertTrue(plans.advance(clock, Long.MAX_VALUE));
        assertTrue(plans.writeMadePlan());
        assertFalse(plans.apart());
        assertEquals(plannedFrom(gaps), plan(EpisodeContext.AFTER_BUSY_WAIT));
        assertEquals(plannedFrom(gaps), plan(EpisodeContext.AFTER_PARK));
    }

    /**
     * {@code episodes} in each context, short ones after a park and long ones after a busy-wait, as a feed that does
     * not wait for its worker gives.
     */
    private void learnApart(final long episodes)
    {
        for (int i = 0; i < episodes; i++)
        {
            learn(EpisodeContext.AFTER_BUSY_WAIT, LONG_GAP_NS);
            learn(EpisodeContext.AFTER_PARK, SHORT_GAP_NS);
        }
    }

    private void learn(final int kind, final long gapNs)
    {
        gaps.record(gapNs, gapNs, timer.floorNs());
        contexts[kind].gaps.record(gapNs, gapNs, timer.floorNs());
        contexts[kind].learntSinceCopy++;
    }

    private String plan(final int kind)
    {
        return contexts[kind].schedule.describe();
    }

    private String plannedFrom(final IdleGapHistogram source)
    {
        final CostPlanner planner = new CostPlanner();
        planner.begin(source, timer, 1.0, timer.parkCpuNs(), MAX_PARK_NS, 0);
        assertTrue(planner.advance(clock, Long.MAX_VALUE));
        final IdleSchedule schedule = new IdleSchedule();
        schedule.beginRewrite();
        planner.write(schedule);
        schedule.endRewrite();
        return schedule.describe();
    }
}
