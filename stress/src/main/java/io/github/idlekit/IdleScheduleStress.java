package io.github.idlekit;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A monitoring thread describing an adaptive strategy's plan while the worker rewrites it.
 */
public final class IdleScheduleStress
{
    private IdleScheduleStress()
    {
    }

    /**
     * The reader sees the whole old plan or the whole new one, never a mix of the two.
     */
    @JCStressTest
    @Outcome(id = "old", expect = ACCEPTABLE, desc = "the reader copied the plan before the rewrite")
    @Outcome(id = "new", expect = ACCEPTABLE, desc = "the reader copied the plan after the rewrite")
    @Outcome(expect = FORBIDDEN, desc = "a plan that is neither: torn by the rewrite")
    @State
    public static class RewriteRacingReader
    {
        private static final String OLD = write(new IdleSchedule(), 1).toString();
        private static final String NEW = write(new IdleSchedule(), 2).toString();

        private final IdleSchedule schedule = write(new IdleSchedule(), 1);

        /**
         * The worker replaces its plan.
         */
        @Actor
        public void worker()
        {
            schedule.beginRewrite();
            write(schedule, 2);
            schedule.endRewrite();
        }

        /**
         * Another thread describes the plan.
         *
         * @param result {@code old}, {@code new}, or the torn description.
         */
        @Actor
        public void reader(final L_Result result)
        {
            final String plan = schedule.describe();
            result.r1 = OLD.equals(plan) ? "old" : NEW.equals(plan) ? "new" : plan;
        }

        /**
         * Writes a plan whose every figure, and whose length, depends on {@code version}.
         */
        private static IdleSchedule write(final IdleSchedule schedule, final int version)
        {
            schedule.clear(version * 1_000_000L);
            schedule.add(IdleSchedule.SPIN, version * 10_000L, 0);
            for (int i = 1; i <= version + 1; i++)
            {
                schedule.add(IdleSchedule.PARK_UNTIL, version * 100_000L * i, 0);
            }
            schedule.add(IdleSchedule.PARK_EVERY, version * 900_000L, version * 50_000L);
            return schedule;
        }
    }
}
