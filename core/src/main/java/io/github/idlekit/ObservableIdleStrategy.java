package io.github.idlekit;

import org.agrona.concurrent.IdleStrategy;

/**
 * An {@link IdleStrategy} whose live counters other threads may read, so that a monitoring thread (or Aeron's
 * {@code AeronStat}, see {@link IdleStatistics#registerIn}) can see how its worker waits.
 */
public interface ObservableIdleStrategy extends IdleStrategy
{
    /**
     * @return the strategy's live counters; always the same instance.
     */
    IdleStatistics statistics();
}
