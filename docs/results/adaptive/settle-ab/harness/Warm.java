package io.github.idlekit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import java.util.Arrays;

/** Warms each spec's code with a 10 us closed loop, then measures fresh instances at GAP, specs alternating, ROUNDS times. */
public final class Warm
{
    static IdleStrategy make(String s) { return s.equals("agrona-backoff") ? new BackoffIdleStrategy() : IdleStrategies.parse(s); }
    public static void main(final String[] args) throws Exception
    {
        final long gapNs = Long.parseLong(args[0]);
        final int events = Integer.parseInt(args[1]);
        final int rounds = Integer.parseInt(args[2]);
        for (int i = 3; i < args.length; i++) ClosedLoop.run(make(args[i]), 10_000, args[i].startsWith("calibrated") ? 300_000 : 300, (k, c) -> false);
        for (int r = 0; r < rounds; r++) {
            StringBuilder out = new StringBuilder();
            for (int i = 3; i < args.length; i++) {
                final long[] cpuNs = ClosedLoop.run(make(args[i]), gapNs, events, (k, c) -> false);
                final long[] m = Arrays.copyOfRange(cpuNs, events / 5, events);
                final double meanUs = Arrays.stream(m).sum() / 1e3 / m.length;
                int heavy = 0; long heavyNs = 0;
                for (long c : m) { if (c > 3_000_000) { heavy++; heavyNs += c; } }
                Arrays.sort(m);
                out.append(String.format("%s mean %.1f p50 %.1f heavy %d (%.1f ms)  ", args[i], meanUs, m[m.length / 2] / 1e3, heavy, heavyNs / 1e6));
            }
            System.out.println(out);
        }
    }
}
