package io.github.idlekit;

/**
 * {@link CalibratedIdleStrategy} with {@link IdlePreset#LOW_CPU}, under a class name of its own: Aeron creates
 * each agent's idle strategy from a class name alone, so this is how one agent gets this preset while another
 * gets a different one.
 */
public final class LowCpuIdleStrategy extends CalibratedIdleStrategy
{
    /**
     * A low-CPU calibrated strategy.
     */
    public LowCpuIdleStrategy()
    {
        super(IdlePreset.LOW_CPU);
    }
}
