package io.github.idlekit;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleGapHistogramTest
{
    private static final double DECAY = CalibratedIdleStrategy.EPISODE_DECAY;
    private static final long TICK_NS = 15_625_000;
    private static final long NATIVE_FLOOR_NS = 70_000;

    @Test
    void everyDurationFallsInTheBinWhoseEdgesHoldIt()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        assertEquals(0, gaps.binOf(0));
        assertEquals(0, gaps.binOf(IdleGapHistogram.FIRST_EDGE_NS - 1));
        for (int k = 1; k < IdleGapHistogram.BINS; k++)
        {
            assertEquals(k, gaps.binOf(gaps.edgeNs(k)), "at the edge " + gaps.edgeNs(k) + " ns");
            assertEquals(k - 1, gaps.binOf(gaps.edgeNs(k) - 1), "below the edge " + gaps.edgeNs(k) + " ns");
            assertEquals(k, gaps.binOf(gaps.edgeNs(k + 1) - 1), "below the next edge " + gaps.edgeNs(k + 1) + " ns");
        }
        assertEquals(IdleGapHistogram.BINS - 1, gaps.binOf(gaps.edgeNs(IdleGapHistogram.BINS)));
        assertEquals(IdleGapHistogram.BINS - 1, gaps.binOf(Long.MAX_VALUE));
    }

    @Test
    void anEpisodeKnownOnlyToHaveEndedDuringAParkTakesTheShapeOfTheEpisodesItCovers()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordSpreadAround(gaps, 10_000, 1_000_000);
        final int shortBin = gaps.binOf(10_500);
        final int longBin = gaps.binOf(1_050_000);
        final double shortShare = gaps.probability(shortBin);
        final double shortMeanNs = gaps.meanNs(shortBin);
        final double shortDeviationNs = gaps.deviationNs(shortBin);
        final double longMeanNs = gaps.meanNs(longBin);
        final double longDeviationNs = gaps.deviationNs(longBin);

        final boolean surprised = gaps.record(2_000, 15_600_000, TICK_NS);

        assertFalse(surprised, "the park covers every episode recorded");
        assertEquals(shortShare, gaps.probability(shortBin), 1e-12);
        assertEquals(shortMeanNs, gaps.meanNs(shortBin), 1e-6);
        assertEquals(longMeanNs, gaps.meanNs(longBin), 1e-6);
        assertTrue(shortDeviationNs > 0 && longDeviationNs > 0);
        assertEquals(shortDeviationNs, gaps.deviationNs(shortBin), 1e-6);
        assertEquals(longDeviationNs, gaps.deviationNs(longBin), 1e-6);
        assertEquals(1.0, totalProbability(gaps), 1e-12);
    }

    @Test
    void theOverallMeanWeighsEachEpisodeByItsRecency()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        assertEquals(0, gaps.overallMeanNs());
        gaps.record(1_000, 1_000, TICK_NS);
        gaps.record(3_000, 3_000, TICK_NS);

        final double laterWeight = 1 / (1 - DECAY);
        assertEquals((1_000 + 3_000 * laterWeight) / (1 + laterWeight), gaps.overallMeanNs(), 1e-6);
    }

    @Test
    void aCopyHoldsWhatTheOriginalHoldsAndLearnsApartFromIt()
    {
        final IdleGapHistogram original = new IdleGapHistogram(DECAY);
        recordSpreadAround(original, 10_000, 1_000_000);
        original.record(2_000, 15_600_000, TICK_NS);
        final IdleGapHistogram copy = new IdleGapHistogram(DECAY);
        copy.record(50_000_000, 50_000_000, TICK_NS);

        copy.copyFrom(original);

        assertEquals(original.episodes(), copy.episodes());
        assertEquals(original.overallMeanNs(), copy.overallMeanNs());
        assertEquals(original.memorylessMeanNs(), copy.memorylessMeanNs());
        for (int k = 0; k < IdleGapHistogram.BINS; k++)
        {
            assertEquals(original.probability(k), copy.probability(k), "bin " + k);
            assertEquals(original.meanNs(k), copy.meanNs(k), "bin " + k);
            assertEquals(original.deviationNs(k), copy.deviationNs(k), "bin " + k);
        }
        final double originalMeanNs = original.overallMeanNs();
        copy.record(5_000_000, 5_000_000, TICK_NS);
        assertEquals(originalMeanNs, original.overallMeanNs());
        assertTrue(copy.overallMeanNs() > originalMeanNs);
    }

    @Test
    void theMemorylessMeanOfEpisodesSeenWhileSpinningIsTheirMean()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        assertEquals(0, gaps.memorylessMeanNs());
        gaps.record(1_000_000, 1_000_000, TICK_NS);
        gaps.record(3_000_000, 3_000_000, TICK_NS);

        final double olderWeight = 1 - DECAY;
        assertEquals((olderWeight * 1_000_000 + 3_000_000) / (olderWeight + 1), gaps.memorylessMeanNs(), 1e-6);
    }

    @Test
    void theMemorylessMeanOfEpisodesKnownOnlyByTheTickTheyEndedInIsTheirTrueMean()
    {
        final long tickNs = 15_625_000;
        final double meanNs = 8_000_000;
        final IdleGapHistogram gaps = new IdleGapHistogram(1.0 / 4096);
        final Random random = new Random(3);
        for (int episode = 0; episode < 20_000; episode++)
        {
            final long parks = (long)(-Math.log(1 - random.nextDouble()) * meanNs) / tickNs;
            gaps.record(parks * tickNs, (parks + 1) * tickNs, TICK_NS);
        }
        double binsMeanNs = 0;
        for (int k = 0; k < IdleGapHistogram.BINS; k++)
        {
            binsMeanNs += gaps.probability(k) * gaps.meanNs(k);
        }

        assertEquals(meanNs, gaps.memorylessMeanNs(), 0.05 * meanNs);
        assertTrue(Math.abs(binsMeanNs - meanNs) > 0.1 * meanNs,
            "the bins' mean " + binsMeanNs + " keeps the spreading's guess of where in the tick episodes end");
    }

    @Test
    void aParkCoveringMostOfTheHistoryGrowsWhatItCoversAndLeavesTheRestToFade()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordSpreadAround(gaps, 10_000, 1_000_000, 100_000_000);
        final int shortBin = gaps.binOf(10_500);
        final int longBin = gaps.binOf(1_050_000);
        final int rareBin = gaps.binOf(100_500_000);
        final double coveredRatio = gaps.probability(shortBin) / gaps.probability(longBin);
        final double rareShare = gaps.probability(rareBin);
        final double rareMeanNs = gaps.meanNs(rareBin);

        gaps.record(2_000, 15_600_000, TICK_NS);

        assertEquals(coveredRatio, gaps.probability(shortBin) / gaps.probability(longBin), 1e-9);
        assertTrue(gaps.probability(rareBin) < rareShare, "the bins the park does not cover hold less of the weight");
        assertEquals(rareMeanNs, gaps.meanNs(rareBin), 1e-3);
        assertEquals(1.0, totalProbability(gaps), 1e-12);
    }

    @Test
    void binsLeftWithANegligibleShareAreEmptied()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordPoints(gaps, 10_000, 100);
        recordPoints(gaps, 1_000_000, 2_000);

        assertEquals(0.0, gaps.probability(gaps.binOf(10_000)), "faded below any share a plan could use");
        assertEquals(1.0, gaps.probability(gaps.binOf(1_000_000)), 1e-12);
    }

    @Test
    void aLongHistoryFadesAtTheDecayRateThroughEveryRescaling()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        final int older = 20_000;
        final int newer = 500;
        recordPoints(gaps, 100_000, older);
        recordPoints(gaps, 110_000, newer);

        // the i-th episode weighs (1 / (1 - decay))^i, whatever the histogram rescales along the way
        final double growth = 1 / (1 - DECAY);
        final double expected = (Math.pow(growth, older) - 1) / (Math.pow(growth, older + newer) - 1);
        assertTrue(gaps.binOf(100_000) != gaps.binOf(110_000));
        assertEquals(expected, gaps.probability(gaps.binOf(100_000)), expected * 1e-9);
        assertEquals(1 - expected, gaps.probability(gaps.binOf(110_000)), 1e-9);
    }

    @Test
    void theFirstParkSpreadsTheEpisodeEvenlyPerOctave()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        final long fromNs = IdleGapHistogram.FIRST_EDGE_NS * 4;

        gaps.record(fromNs, fromNs * 16, TICK_NS);

        for (int octave = 0; octave < 4; octave++)
        {
            double share = 0;
            for (int k = gaps.binOf(fromNs << octave); k < gaps.binOf(fromNs << (octave + 1)); k++)
            {
                share += gaps.probability(k);
            }
            assertEquals(0.25, share, 0.01, "octave " + octave);
        }
        assertEquals(1.0, totalProbability(gaps), 1e-12);
    }

    @Test
    void aLaterParkOverBinsHoldingNothingIsSpreadEvenlyInTimeUnderACoarseTimerAndPerOctaveUnderAFineOne()
    {
        final IdleGapHistogram coarse = new IdleGapHistogram(DECAY);
        final IdleGapHistogram fine = new IdleGapHistogram(DECAY);
        // the first items came late: every episode so far ended in a tick's park after 13 ms
        for (int park = 0; park < 8; park++)
        {
            coarse.record(13_000_000, 28_600_000, TICK_NS);
            fine.record(13_000_000, 28_600_000, NATIVE_FLOOR_NS);
        }
        assertEquals(0, probabilityBelow(coarse, coarse.binOf(13_000_000)), 1e-12);

        // a park from the episode's start to 12.6 ms holds none of that weight
        coarse.record(2_000, 12_600_000, TICK_NS);
        fine.record(2_000, 12_600_000, NATIVE_FLOOR_NS);

        // evenly in time, under a tenth of the episode lies below 1 ms; evenly per octave, over two thirds
        final double episode = probabilityBelow(coarse, coarse.binOf(13_000_000));
        assertTrue(episode > 0.1, "the episode's weight " + episode);
        assertEquals(episode, probabilityBelow(fine, fine.binOf(13_000_000)), 1e-12);
        final double coarseBelow1Ms = probabilityBelow(coarse, coarse.binOf(1_000_000));
        final double fineBelow1Ms = probabilityBelow(fine, fine.binOf(1_000_000));
        assertTrue(coarseBelow1Ms < 0.1 * episode, "under a coarse timer, below 1 ms " + coarseBelow1Ms);
        assertTrue(fineBelow1Ms > 0.6 * episode, "under a fine timer, below 1 ms " + fineBelow1Ms);
    }

    @Test
    void anEpisodeFarFromAllHistoryIsASurpriseAndOneAmongItIsNot()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordPoints(gaps, 10_000, 100);

        assertFalse(gaps.record(11_000, 11_000, TICK_NS));
        assertTrue(gaps.record(10_000_000, 10_000_000, TICK_NS));
        assertTrue(gaps.record(100_000_000, 400_000_000, TICK_NS), "a park that covers no history");
    }

    @Test
    void episodesKnownOnlyByTheTicksTheyEndedInSettleWhereTheNextTwoEpisodesSeenToEndInsideAllOfThemDid()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordTicks(gaps, 8);
        final int gapBin = gaps.binOf(10_000_000);
        assertTrue(probabilityBelow(gaps, gapBin) > 0.5, "the even spreading's guess puts most of it early");

        assertFalse(gaps.settleAt(9_950_000), "one episode alone");
        gaps.record(9_950_000, 9_950_000, TICK_NS);
        assertTrue(probabilityBelow(gaps, gapBin) > 0.5, "one episode alone changes little");
        assertTrue(gaps.settleAt(10_000_000), "the next one, in the same bin");
        gaps.record(10_000_000, 10_000_000, TICK_NS);

        assertEquals(1.0, gaps.probability(gapBin), 1e-12);
        assertEquals(10_000_000, gaps.meanNs(gapBin), 1e-3);
        assertEquals(1.0, totalProbability(gaps), 1e-12);
    }

    @Test
    void episodesOutsideOneOfTheParksAfterTooFewApartOrAmongOthersSeenToEndInThemSettleNothing()
    {
        final IdleGapHistogram early = new IdleGapHistogram(DECAY);
        recordTicks(early, 3);
        early.record(12_000_000, 27_600_000, TICK_NS);
        assertFalse(secondSettles(early, 10_000_000, 10_000_000), "the fourth park began at 12 ms");

        final IdleGapHistogram late = new IdleGapHistogram(DECAY);
        recordTicks(late, 4);
        assertFalse(secondSettles(late, 20_000_000, 20_000_000), "the parks ended by 17.6 ms");

        final IdleGapHistogram few = new IdleGapHistogram(DECAY);
        recordTicks(few, IdleGapHistogram.SETTLE_AFTER_PARKS - 1);
        assertFalse(secondSettles(few, 10_000_000, 10_000_000), "too few parks");

        final IdleGapHistogram seen = new IdleGapHistogram(DECAY);
        seen.record(3_000_000, 3_000_000, TICK_NS);
        recordTicks(seen, 8);
        assertFalse(secondSettles(seen, 10_000_000, 10_000_000), "an episode seen to end within the parks before");

        final IdleGapHistogram apart = new IdleGapHistogram(DECAY);
        recordTicks(apart, 8);
        assertFalse(secondSettles(apart, 2_500_000, 10_000_000), "two episodes far apart, as memoryless ones end");

        final IdleGapHistogram parkBetween = new IdleGapHistogram(DECAY);
        recordTicks(parkBetween, 8);
        parkBetween.settleAt(10_000_000);
        parkBetween.record(10_000_000, 10_000_000, TICK_NS);
        parkBetween.record(12_000_000, 27_600_000, TICK_NS);
        assertFalse(parkBetween.settleAt(10_000_000), "a park between the two that began after them");
    }

    @Test
    void aParkBetweenTheTwoEpisodesThatHoldsThemTooLetsThemSettle()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordTicks(gaps, 8);
        gaps.settleAt(10_000_000);
        gaps.record(10_000_000, 10_000_000, TICK_NS);
        gaps.record(2_000, 17_600_000, TICK_NS);

        // a plan for the episodes after parks that spins through them, and another for the rest that parks: the
        // episodes seen to end alternate with parks that could hold them, and would never be two in a row
        assertTrue(gaps.settleAt(10_000_000));
    }

    @Test
    void aLateItemsParkOutsideTheOthersDoesNotKeepEpisodesInTheirWindowFromSettling()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordTicks(gaps, 5);
        gaps.record(9_000_000, 24_600_000, TICK_NS);
        gaps.record(2_000, 10_400_000, TICK_NS);
        gaps.record(9_500_000, 25_100_000, TICK_NS);
        gaps.record(16_000_000, 31_600_000, TICK_NS);
        assertTrue(gaps.parksShareAWindow(9_000_000, 11_000_000), "the parks but the last share 9.5-10.4 ms");

        // the last park, a late item's, lies outside 10 ms, where the window's parks all lie
        assertTrue(secondSettles(gaps, 10_000_000, 10_000_000));
        assertTrue(gaps.probability(gaps.binOf(10_000_000)) > 0.8, "the parks' weight moved to 10 ms");
    }

    @Test
    void anEpisodeSeenToEndBeforeTheParksDoesNotKeepThemFromSettling()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        gaps.record(1_000, 1_000, TICK_NS);
        recordTicks(gaps, 8);

        assertTrue(secondSettles(gaps, 10_000_000, 10_000_000));
        gaps.record(10_000_000, 10_000_000, TICK_NS);

        assertTrue(gaps.probability(gaps.binOf(10_000_000)) > 0.85, "the parks' weight moved to 10 ms");
        assertTrue(gaps.probability(gaps.binOf(1_000)) > 0.05, "the episode seen before them stays");
    }

    @Test
    void parksThatAllHoldOneMomentShareAWindowThroughAFewLateStrays()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        assertFalse(gaps.parksShareAWindow(0, TICK_NS), "nothing recorded");
        recordParksAroundTenMilliseconds(gaps);
        assertTrue(gaps.parksShareAWindow(0, TICK_NS), "every park holds 9-11 ms");

        // a producer held up twice: each item waits into the next tick's park
        gaps.record(TICK_NS, 2 * TICK_NS, TICK_NS);
        gaps.record(TICK_NS, 2 * TICK_NS, TICK_NS);
        assertTrue(gaps.parksShareAWindow(0, TICK_NS), "two late items in a row");

        // work that comes at any moment: parks that miss the window and each other, one after another
        gaps.record(0, 3_000_000, TICK_NS);
        assertTrue(gaps.parksShareAWindow(0, TICK_NS), "a third park away from it, the window held a moment ago");
        for (int park = 1; park < ParkWindow.GRACE_PARKS; park++)
        {
            gaps.record(park % 2 == 0 ? 0 : 4_000_000, park % 2 == 0 ? 3_000_000 : TICK_NS, TICK_NS);
        }
        assertTrue(gaps.parksShareAWindow(0, TICK_NS), "a park short of the grace");
        gaps.record(4_000_000, TICK_NS, TICK_NS);
        assertFalse(gaps.parksShareAWindow(0, TICK_NS), "the grace over, no window since");
    }

    @Test
    void aLostWindowsGraceIsTakenOverOnlyByALaterWindowThatHeldAsManyParksAsTheGraceHasLeft()
    {
        final IdleGapHistogram young = new IdleGapHistogram(DECAY);
        final IdleGapHistogram grown = new IdleGapHistogram(DECAY);
        for (final IdleGapHistogram gaps : new IdleGapHistogram[] { young, grown })
        {
            recordParksAroundTenMilliseconds(gaps);
            for (int park = 0; park < 40; park++)
            {
                gaps.record(0, TICK_NS, TICK_NS);
            }
            // late items close together: parks from 12 ms on, which miss the window at 9-11 ms and form one at
            // 14.2-15.5 ms (the first two are strays the window outlasts)
            final long[][] late = {
                { 12_000_000, 2 * TICK_NS }, { 12_000_000, 2 * TICK_NS },
                { 12_000_000, 2 * TICK_NS }, { 13_000_000, 2 * TICK_NS }, { 12_000_000, 16_000_000 },
                { 14_000_000, 2 * TICK_NS }, { 12_000_000, 15_500_000 }, { 12_500_000, 2 * TICK_NS },
                { 12_000_000, 2 * TICK_NS }, { 14_200_000, 2 * TICK_NS } };
            recordParks(gaps, late);
            assertTrue(gaps.parksShareAWindow(14_000_000, 16_000_000), "the late parks' window holds");
        }
        for (int park = 0; park < 32; park++)
        {
            grown.record(12_000_000, 2 * TICK_NS, TICK_NS);
        }
        for (final IdleGapHistogram gaps : new IdleGapHistogram[] { young, grown })
        {
            // the late items end: parks that miss the late window, and the one at 10 ms whose grace runs
            for (int park = 0; park < ParkWindow.STRAYS + 1; park++)
            {
                gaps.record(0, 3_000_000, TICK_NS);
            }
        }

        // 8 parks against the 57 the first window's grace had left: late items, not where the work comes now
        assertTrue(young.parksShareAWindow(8_000_000, 12_000_000), "the first window still counts");
        assertFalse(young.parksShareAWindow(14_000_000, 16_000_000), "the late window does not");
        // 40 parks against 25: where the work came for as long as the grace has left
        assertTrue(grown.parksShareAWindow(14_000_000, 16_000_000), "the late window counts");
        assertFalse(grown.parksShareAWindow(8_000_000, 12_000_000), "the first window no longer does");
    }

    @Test
    void aWindowHeldByShorterParksIsSharedWithoutMoreCuts()
    {
        final IdleGapHistogram tested = new IdleGapHistogram(DECAY);
        final IdleGapHistogram untested = new IdleGapHistogram(DECAY);
        for (final IdleGapHistogram gaps : new IdleGapHistogram[] { tested, untested })
        {
            // a park begun after an empty wake at 9 ms, then two that cut the window to 9-10.5 ms
            gaps.record(9_000_000, 9_000_000 + TICK_NS, TICK_NS);
            gaps.record(0, TICK_NS, TICK_NS);
            gaps.record(0, 10_500_000, TICK_NS);
        }
        // parks a timer's slack ended early, after the work: they could have ended before the window
        tested.record(0, 11_000_000, TICK_NS);
        tested.record(0, 11_500_000, TICK_NS);
        // parks as long as the tick hold any window within it
        untested.record(0, TICK_NS, TICK_NS);
        untested.record(0, TICK_NS, TICK_NS);
        for (final IdleGapHistogram gaps : new IdleGapHistogram[] { tested, untested })
        {
            for (int park = 0; park < 3; park++)
            {
                gaps.record(0, TICK_NS, TICK_NS);
            }
        }

        assertTrue(tested.parksShareAWindow(0, TICK_NS), "two cuts and three shorter parks that held it");
        assertFalse(untested.parksShareAWindow(0, TICK_NS), "two cuts and one shorter park");
    }

    @Test
    void cutsAndShorterParksThatHeldTheWindowCountTogether()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        // a park begun after an empty wake at 9 ms, one that cuts the window to 9 ms-a tick, one that cuts it to
        // 9-10.5 ms (and is short), and one a timer's slack ended after the work, short enough to have missed it
        gaps.record(9_000_000, 9_000_000 + TICK_NS, TICK_NS);
        gaps.record(0, TICK_NS, TICK_NS);
        gaps.record(0, 10_500_000, TICK_NS);
        gaps.record(0, 11_000_000, TICK_NS);
        for (int park = 0; park < 3; park++)
        {
            gaps.record(0, TICK_NS, TICK_NS);
        }
        assertFalse(gaps.parksShareAWindow(0, TICK_NS), "seven parks");

        gaps.record(0, TICK_NS, TICK_NS);

        assertTrue(gaps.parksShareAWindow(0, TICK_NS), "two cuts and one more shorter park");
    }

    @Test
    void aLostWindowsGraceCountsBesideANewerWindowThatHoldsBeyondTheRange()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordParksAroundTenMilliseconds(gaps);
        for (int park = 0; park < 40; park++)
        {
            gaps.record(0, TICK_NS, TICK_NS);
        }
        // late items: two strays, then parks from 12 ms on that form a window of their own at 14.6-15.9 ms, just
        // past the tick that bounds the first park
        final long[][] late = {
            { 12_000_000, 2 * TICK_NS }, { 12_000_000, 2 * TICK_NS }, { 12_000_000, 2 * TICK_NS },
            { 13_000_000, 2 * TICK_NS }, { 12_000_000, 16_000_000 }, { 14_000_000, 2 * TICK_NS },
            { 12_000_000, 15_900_000 }, { 14_500_000, 2 * TICK_NS }, { 12_000_000, 2 * TICK_NS },
            { 14_600_000, 2 * TICK_NS } };
        recordParks(gaps, late);
        assertTrue(gaps.parksShareAWindow(14_000_000, 16_000_000), "the late parks' window holds");

        assertTrue(gaps.parksShareAWindow(0, TICK_NS), "the window at 10 ms still counts within the tick");
    }

    @Test
    void aStrayFadesWithTheParksThatHoldTheWindowAfterIt()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordParksAroundTenMilliseconds(gaps);
        for (int stray = 0; stray < 8; stray++)
        {
            gaps.record(TICK_NS, 2 * TICK_NS, TICK_NS);
            recordParksAroundTenMilliseconds(gaps);
            assertTrue(gaps.parksShareAWindow(0, TICK_NS), "a late item after " + stray + " others, eight parks apart");
        }
    }

    @Test
    void aParkThatEndedJustAfterTheWorkConfirmsTheWindow()
    {
        final IdleGapHistogram gaps = new IdleGapHistogram(DECAY);
        recordParksAroundTenMilliseconds(gaps);

        // a timer's slack ended this park a moment after the work: barely longer than the window, but inside it
        gaps.record(9_400_000, 10_500_000, TICK_NS);

        assertTrue(gaps.parksShareAWindow(0, TICK_NS));
    }

    /**
     * Records eight parks that end a 15.6 ms tick's episodes whose work comes at 10 ms: some whole, some that a
     * timer's slack ended early, before the work (begun where they ended) or after it, narrowing their common window
     * to 9-11 ms.
     */
    private static void recordParksAroundTenMilliseconds(final IdleGapHistogram gaps)
    {
        final long[][] parks = {
            { 0, TICK_NS }, { 5_000_000, TICK_NS }, { 0, 12_000_000 }, { 7_000_000, TICK_NS },
            { 0, 11_000_000 }, { 8_000_000, TICK_NS }, { 0, TICK_NS }, { 9_000_000, TICK_NS } };
        recordParks(gaps, parks);
    }

    /**
     * Records episodes that ended in parks of a 15.6 ms tick's timer, each given as its start and end.
     */
    private static void recordParks(final IdleGapHistogram gaps, final long[][] parks)
    {
        for (final long[] park : parks)
        {
            gaps.record(park[0], park[1], TICK_NS);
        }
    }

    @Test
    void rejectsADecayOutsideZeroToOne()
    {
        final IllegalArgumentException thrown =
            assertThrows(IllegalArgumentException.class, () -> new IdleGapHistogram(1.5));
        assertEquals("decay must be in (0, 1): 1.5", thrown.getMessage());
    }

    /**
     * Records {@code count} episodes that each ended in a park of a whole 15.6 ms tick after 2 µs of spinning.
     */
    private static void recordTicks(final IdleGapHistogram gaps, final int count)
    {
        for (int e = 0; e < count; e++)
        {
            gaps.record(2_000, 17_600_000 + 10_000 * e, TICK_NS);
        }
    }

    /**
     * Offers the histogram an episode seen to end at {@code firstNs}, records it, then offers one at
     * {@code secondNs}.
     *
     * @return whether the second settled the parks.
     */
    private static boolean secondSettles(final IdleGapHistogram gaps, final long firstNs, final long secondNs)
    {
        assertFalse(gaps.settleAt(firstNs), "one episode alone never settles");
        gaps.record(firstNs, firstNs, TICK_NS);
        return gaps.settleAt(secondNs);
    }

    private static double probabilityBelow(final IdleGapHistogram gaps, final int bin)
    {
        double below = 0;
        for (int k = 0; k < bin; k++)
        {
            below += gaps.probability(k);
        }
        return below;
    }

    private static double totalProbability(final IdleGapHistogram gaps)
    {
        double total = 0;
        for (int k = 0; k < IdleGapHistogram.BINS; k++)
        {
            total += gaps.probability(k);
        }
        return total;
    }

    private static void recordPoints(final IdleGapHistogram gaps, final long episodeNs, final int times)
    {
        for (int i = 0; i < times; i++)
        {
            gaps.record(episodeNs, episodeNs, TICK_NS);
        }
    }

    /**
     * Records twenty episodes a hundredth apart from each of {@code centresNs}, in turn.
     */
    private static void recordSpreadAround(final IdleGapHistogram gaps, final long... centresNs)
    {
        for (int i = 0; i < 20; i++)
        {
            for (final long centreNs : centresNs)
            {
                final long episodeNs = centreNs + centreNs / 100 * i;
                gaps.record(episodeNs, episodeNs, TICK_NS);
            }
        }
    }
}
