package io.github.idlekit;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;
import org.openjdk.jcstress.infra.results.ZI_Result;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The timer profile cache behind {@link TimerProfile#current()} under races: first use from two threads, and a
 * recalibration racing a reader.
 */
public final class CalibrationCacheStress
{
    private CalibrationCacheStress()
    {
    }

    /**
     * Two threads use the cache first at the same time: both get the same profile, measured once.
     */
    @JCStressTest
    @Outcome(id = "true, 1", expect = ACCEPTABLE, desc = "one calibration, shared by both readers")
    @Outcome(expect = FORBIDDEN, desc = "calibrated twice, or the readers saw different or missing profiles")
    @State
    public static class FirstUse
    {
        private final AtomicInteger calibrations = new AtomicInteger();
        private final CalibrationCache cache = new CalibrationCache(() ->
            TimerProfile.of(Duration.ofNanos(1_000L * calibrations.incrementAndGet())));
        private TimerProfile first;
        private TimerProfile second;

        /**
         * The first reader.
         */
        @Actor
        public void firstReader()
        {
            first = cache.get();
        }

        /**
         * The second reader.
         */
        @Actor
        public void secondReader()
        {
            second = cache.get();
        }

        /**
         * @param result whether both saw the same profile, and how many calibrations ran.
         */
        @Arbiter
        public void check(final ZI_Result result)
        {
            result.r1 = null != first && first == second;
            result.r2 = calibrations.get();
        }
    }

    /**
     * A reader racing {@code recalibrate()} sees the old or the new profile, never nothing or a half-built one.
     */
    @JCStressTest
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "the reader came first: the initial profile")
    @Outcome(id = "2", expect = ACCEPTABLE, desc = "the refresh came first: the new profile")
    @Outcome(expect = FORBIDDEN, desc = "no profile, or one that is not fully built")
    @State
    public static class RefreshRacingReader
    {
        private final AtomicInteger calibrations = new AtomicInteger();
        private final CalibrationCache cache = new CalibrationCache(() ->
            TimerProfile.of(Duration.ofNanos(1_000L * calibrations.incrementAndGet())));

        /**
         * Calibrates once before the race.
         */
        public RefreshRacingReader()
        {
            cache.get();
        }

        /**
         * The reader.
         *
         * @param result 1 or 2: which calibration the reader saw, 0 for none.
         */
        @Actor
        public void reader(final I_Result result)
        {
            final TimerProfile profile = cache.get();
            result.r1 = null == profile ? 0 : (int)(profile.parkFloorNs() / 1_000);
        }

        /**
         * The recalibration.
         */
        @Actor
        public void refresher()
        {
            cache.refresh();
        }
    }
}
