/*
 * Copyright 2026-present p4slice contributors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.p4slice.fairness.impl;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Fairness arithmetic against values computed by hand.
 */
public class FairnessMathTest {

    private static final double EPS = 1e-9;

    @Test
    public void rateIsBitsPerSecond() {
        // 1,250,000 bytes in 1 s = 10 Mbit/s; in 0.5 s = 20 Mbit/s
        assertEquals(10_000_000.0, FairnessMath.rateBps(1_250_000, 1_000_000_000L), EPS);
        assertEquals(20_000_000.0, FairnessMath.rateBps(1_250_000, 500_000_000L), EPS);
        assertEquals(0.0, FairnessMath.rateBps(0, 1L), EPS);
    }

    @Test
    public void rateRefusesEmptySpanAndNegativeCount() {
        expectIllegal(() -> FairnessMath.rateBps(1, 0), "time span must be > 0 ns, got 0");
        expectIllegal(() -> FairnessMath.rateBps(-1, 10), "byte count must be >= 0, got -1.0");
    }

    @Test
    public void shareAndBacklog() {
        assertEquals(0.95, FairnessMath.share(9_500_000, 10_000_000), EPS);
        assertTrue("offered == allocation is backlogged", FairnessMath.isBacklogged(10_000_000, 10_000_000));
        assertFalse(FairnessMath.isBacklogged(9_999_999, 10_000_000));
        assertEquals(0.05, FairnessMath.deviation(0.95), EPS);
        assertEquals(0.05, FairnessMath.deviation(1.05), EPS);
        expectIllegal(() -> FairnessMath.share(1, 0), "allocation must be > 0, got 0.0");
    }

    /**
     * Shares 1.0, 0.9, 1.1, 0.8: mean 0.95; squared deviations 0.0025, 0.0025, 0.0225, 0.0225,
     * sum 0.05, population variance 0.0125, sigma 0.1118034, CV 0.1176878. Jain: sum 3.8,
     * sum of squares 3.66, 3.8^2 / (4 * 3.66) = 14.44 / 14.64 = 0.9863388. Max deviation 0.2.
     */
    @Test
    public void cvJainAndMaxDeviationOfFourShares() {
        double[] shares = {1.0, 0.9, 1.1, 0.8};
        assertEquals(0.95, FairnessMath.mean(shares, 4), EPS);
        assertEquals(Math.sqrt(0.0125) / 0.95, FairnessMath.cv(shares, 4), EPS);
        assertEquals(0.1176878, FairnessMath.cv(shares, 4), 1e-7);
        assertEquals(14.44 / 14.64, FairnessMath.jain(shares, 4), EPS);
        assertEquals(0.9863388, FairnessMath.jain(shares, 4), 1e-7);
        assertEquals(0.2, FairnessMath.maxDeviation(shares, 4), EPS);
        double cv = FairnessMath.cv(shares, 4);
        assertEquals("population CV makes jain = 1 / (1 + cv^2)", 1 / (1 + cv * cv),
                     FairnessMath.jain(shares, 4), EPS);
    }

    @Test
    public void onlyTheFirstNValuesCount() {
        double[] shares = {1.0, 0.5, 7.0, 9.0};
        // shares 1.0 and 0.5: mean 0.75, sigma 0.25, CV 1/3; Jain 1.5^2 / (2 * 1.25) = 0.9
        assertEquals(1.0 / 3, FairnessMath.cv(shares, 2), EPS);
        assertEquals(0.9, FairnessMath.jain(shares, 2), EPS);
        assertEquals(0.5, FairnessMath.maxDeviation(shares, 2), EPS);
    }

    @Test
    public void oneSliceGetsEverythingOtherNothing() {
        double[] shares = {1.0, 0.0};
        assertEquals(0.5, FairnessMath.jain(shares, 2), EPS);
        assertEquals(1.0, FairnessMath.cv(shares, 2), EPS);
        assertEquals(1.0, FairnessMath.maxDeviation(shares, 2), EPS);
    }

    @Test
    public void degenerateSets() {
        double[] none = {};
        assertEquals(0.0, FairnessMath.cv(none, 0), EPS);
        assertEquals(1.0, FairnessMath.jain(none, 0), EPS);
        assertEquals(0.0, FairnessMath.maxDeviation(none, 0), EPS);
        double[] zeros = {0.0, 0.0, 0.0};
        assertEquals("all starved alike: no spread", 0.0, FairnessMath.cv(zeros, 3), EPS);
        assertEquals(1.0, FairnessMath.jain(zeros, 3), EPS);
        assertEquals(1.0, FairnessMath.maxDeviation(zeros, 3), EPS);
        double[] one = {0.7};
        assertEquals(0.0, FairnessMath.cv(one, 1), EPS);
        assertEquals(1.0, FairnessMath.jain(one, 1), EPS);
        assertEquals(0.3, FairnessMath.maxDeviation(one, 1), EPS);
        double[] equal = {1.02, 1.02, 1.02};
        assertEquals(0.0, FairnessMath.cv(equal, 3), EPS);
        assertEquals(1.0, FairnessMath.jain(equal, 3), EPS);
        assertEquals(0.02, FairnessMath.maxDeviation(equal, 3), EPS);
        expectIllegal(() -> FairnessMath.cv(one, 2), "count must be in [0, 1], got 2");
    }

    @Test
    public void utilisation() {
        assertEquals(0.49, FairnessMath.utilisation(49_000_000, 100_000_000), EPS);
        assertEquals(0.0, FairnessMath.utilisation(49_000_000, 0), EPS);
    }

    static void expectIllegal(Runnable r, String message) {
        try {
            r.run();
            fail("expected IllegalArgumentException: " + message);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
