package io.github.idlekit;

/**
 * {@link CalibratedIdleStrategy} with {@link IdlePreset#LOW_LATENCY}, under a class name of its own: Aeron creates
 * each agent's idle strategy from a class name alone, so this is how one agent gets this preset while another
 * gets a different one.
 */
public final class LowLatencyIdleStrategy extends CalibratedIdleStrategy
{
    /**
     * A low-latency calibrated strategy.
     */
    public LowLatencyIdleStrategy()
    {
        super(IdlePreset.LOW_LATENCY);
    }
}
