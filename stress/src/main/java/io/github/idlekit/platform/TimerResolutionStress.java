package io.github.idlekit.platform;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The reference counting of {@link WindowsTimerResolution} under races, against a counting stand-in for the
 * Windows calls: a leaked or doubled {@code timeBeginPeriod} is exactly what must never happen.
 */
public final class TimerResolutionStress
{
    private TimerResolutionStress()
    {
    }

    /**
     * Counts the period calls; every call arrives under the registry's lock, as in production.
     */
    static final class CountingApi implements WindowsTimerApi
    {
        int begins;
        int ends;

        public int[] queryTimerResolution()
        {
            return new int[]{ 156_250, 5_000, 10_000 };
        }

        public int[] timeGetDevCaps()
        {
            return new int[]{ 1, 1_000_000 };
        }

        public int timeBeginPeriod(final int periodMs)
        {
            begins++;
            return 0;
        }

        public int timeEndPeriod(final int periodMs)
        {
            ends++;
            return 0;
        }

        public int ntSetTimerResolution(final int desired100ns, final boolean set, final int[] actual)
        {
            actual[0] = desired100ns;
            return 0;
        }

        public int ignoreTimerResolutionThrottling()
        {
            return 0;
        }
    }

    /**
     * Two threads each request 1 ms and release it: the period is raised at least once and every raise is undone.
     */
    @JCStressTest
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the requests overlapped: one raise, one release")
    @Outcome(id = "2, 2", expect = ACCEPTABLE, desc = "the requests did not overlap: two raises, two releases")
    @Outcome(expect = FORBIDDEN, desc = "a raise leaked or a release was doubled")
    @State
    public static class RequestAndRelease
    {
        private final CountingApi api = new CountingApi();
        private final WindowsTimerResolution resolution = new WindowsTimerResolution(api, () -> { }, false);

        /**
         * The first requester.
         */
        @Actor
        public void first()
        {
            resolution.acquire(1_000_000).close();
        }

        /**
         * The second requester.
         */
        @Actor
        public void second()
        {
            resolution.acquire(1_000_000).close();
        }

        /**
         * @param result raises and releases made.
         */
        @Arbiter
        public void check(final II_Result result)
        {
            synchronized (resolution)
            {
                result.r1 = api.begins;
                result.r2 = api.ends;
            }
        }
    }

    /**
     * Two threads close the same request: it is released exactly once.
     */
    @JCStressTest
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "one raise, one release")
    @Outcome(expect = FORBIDDEN, desc = "close was not idempotent")
    @State
    public static class DoubleClose
    {
        private final CountingApi api = new CountingApi();
        private final WindowsTimerResolution resolution = new WindowsTimerResolution(api, () -> { }, false);
        private final WindowsTimerResolution.Request request = resolution.acquire(1_000_000);

        /**
         * The first closer.
         */
        @Actor
        public void first()
        {
            request.close();
        }

        /**
         * The second closer.
         */
        @Actor
        public void second()
        {
            request.close();
        }

        /**
         * @param result raises and releases made.
         */
        @Arbiter
        public void check(final II_Result result)
        {
            synchronized (resolution)
            {
                result.r1 = api.begins;
                result.r2 = api.ends;
            }
        }
    }
}
