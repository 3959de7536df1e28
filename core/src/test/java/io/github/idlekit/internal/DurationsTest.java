package io.github.idlekit.internal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DurationsTest
{
    @Test
    void parsesEveryUnit()
    {
        assertEquals(500, Durations.parsePositiveNanos("x", "500ns"));
        assertEquals(20_000, Durations.parsePositiveNanos("x", "20us"));
        assertEquals(20_000, Durations.parsePositiveNanos("x", "20µs"));
        assertEquals(3_000_000, Durations.parsePositiveNanos("x", "3ms"));
        assertEquals(2_000_000_000, Durations.parsePositiveNanos("x", " 2S "));
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "ms", "10", "10 parsecs", "-5us", "0ms", "1.5ms", "99999999999999999s",
        "9223372036854775808ns", "10000000000000000000000ns" })
    void rejectsMalformedTokensNamingParameterAndToken(final String token)
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> Durations.parsePositiveNanos("minPark", token));

        assertTrue(ex.getMessage().startsWith("minPark: '" + token + "'"), ex.getMessage());
    }

    @ParameterizedTest
    @ValueSource(longs = { 1, 999, 1_000, 1_500, 70_000, 1_000_000, 15_625_000, 2_000_000_000L, Long.MAX_VALUE })
    void specTokensRoundTrip(final long nanos)
    {
        assertEquals(nanos, Durations.parsePositiveNanos("x", Durations.toSpec(nanos)));
    }

    @Test
    void requirePositiveNamesParameterAndValue()
    {
        final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
            () -> Durations.requirePositiveNanos("maxPark", Duration.ofMillis(-3)));
        final NullPointerException missing = assertThrows(NullPointerException.class,
            () -> Durations.requirePositiveNanos("maxPark", null));

        assertEquals("maxPark must be positive: PT-0.003S", negative.getMessage());
        assertEquals("maxPark", missing.getMessage());
    }

    @Test
    void humanFormatKeepsThreeSignificantDigitsAndTheSign()
    {
        assertEquals("72.3 µs", Durations.toHuman(72_345));
        assertEquals("15.6 ms", Durations.toHuman(15_625_000));
        assertEquals("0.80 µs", Durations.toHuman(800));
        assertEquals("42.0 ns", Durations.toHuman(42));
        assertEquals("-15.7 s", Durations.toHuman(-15_718_456_900.0));
        assertEquals("-42.0 ns", Durations.toHuman(-42));
    }
}
