/**
 * Optional OS timer tuning for idlekit: Windows timer resolution and Linux timer slack through JNA, feeding
 * {@link io.github.idlekit.TimerProfile#recalibrate()}.
 */
package io.github.idlekit.platform;
