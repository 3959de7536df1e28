package io.github.idlekit;

import java.util.Random;
import java.util.function.LongSupplier;

/**
 * Scripted workloads: the gaps between items, the same sequence for the same seed.
 */
final class Gaps
{
    private Gaps()
    {
    }

    /**
     * @return memoryless gaps with mean {@code meanNs}.
     */
    static LongSupplier exponential(final long meanNs, final long seed)
    {
        final Random random = new Random(seed);
        return () -> (long)(-Math.log(1 - random.nextDouble()) * meanNs);
    }

    /**
     * @return gaps of 10 ms, of which one in fifty comes late, between 14 and 16 ms, as from a producer that was not
     * running.
     */
    static LongSupplier regularOneInFiftyLate(final long seed)
    {
        final Random random = new Random(seed);
        return () -> random.nextInt(50) == 0 ? 14_000_000 + random.nextInt(2_000_000) : 10_000_000;
    }
}
