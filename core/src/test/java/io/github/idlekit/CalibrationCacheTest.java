package io.github.idlekit;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class CalibrationCacheTest
{
    private final AtomicInteger calibrations = new AtomicInteger();
    private final CalibrationCache cache = new CalibrationCache(() ->
        TimerProfile.of(Duration.ofNanos(1_000L * calibrations.incrementAndGet())));

    @Test
    void calibratesOnFirstUseOnly()
    {
        final TimerProfile first = cache.get();

        assertSame(first, cache.get());
        assertEquals(1, calibrations.get());
        assertEquals(1_000, first.parkFloorNs());
    }

    @Test
    void refreshCalibratesAgainAndPublishes()
    {
        final TimerProfile first = cache.get();

        final TimerProfile refreshed = cache.refresh();

        assertNotSame(first, refreshed);
        assertSame(refreshed, cache.get());
        assertEquals(2_000, refreshed.parkFloorNs());
    }
}
