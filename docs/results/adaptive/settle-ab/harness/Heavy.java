package io.github.idlekit;

/** Warm, then ROUNDS fresh instances at GAP; prints each event above 3 ms of CPU with the plan after it and before. */
public final class Heavy
{
    public static void main(final String[] args) throws Exception
    {
        final long gapNs = Long.parseLong(args[0]);
        final int events = Integer.parseInt(args[1]);
        final int rounds = Integer.parseInt(args[2]);
        ClosedLoop.run(IdleStrategies.parse(args[3]), 10_000, 300_000, (k, c) -> false);
        for (int r = 0; r < rounds; r++) {
            final CalibratedIdleStrategy s = (CalibratedIdleStrategy) IdleStrategies.parse(args[3]);
            final String[] plans = new String[events];
            final long[] cpu = ClosedLoop.run(s, gapNs, events, (k, c) -> { plans[k] = s.currentPlan() + " | plans " + s.statistics().plans(); return true; });
            for (int k = 1; k < events; k++) if (cpu[k] > 3_000_000) System.out.printf("round %d event %d cpu %.1f ms; before: %s; after: %s%n", r, k, cpu[k] / 1e6, plans[k - 1], plans[k]);
        }
    }
}
