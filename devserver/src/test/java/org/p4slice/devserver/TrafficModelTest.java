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
package org.p4slice.devserver;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.PlanFixtures.thrown;
import static org.junit.Assert.assertTrue;

/**
 * Tests of the dev server's traffic patterns.
 */
public class TrafficModelTest {

    private static final double EPS = 1e-9;

    @Test
    public void steadyOffersTheFactorAllTheTime() {
        TrafficModel m = TrafficModel.parse("steady:2");
        assertEquals(2.0, m.offeredFactor(10, 0, 0), EPS);
        assertEquals(2.0, m.offeredFactor(20, 3, 1234.5), EPS);
        assertEquals(1.5, TrafficModel.parse("steady").offeredFactor(1, 0, 7), EPS);
        assertEquals("steady:2", m.toString());
    }

    @Test
    public void offOffersNothing() {
        assertEquals(0.0, TrafficModel.parse("off").offeredFactor(1, 0, 5), EPS);
    }

    @Test
    public void waveSwingsBetweenATenthAndTwiceTheQuotaWithSlicesOutOfPhase() {
        TrafficModel m = TrafficModel.parse("wave:40");
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int s = 0; s < 400; s++) {
            double f = m.offeredFactor(10, 0, s / 10.0);
            min = Math.min(min, f);
            max = Math.max(max, f);
        }
        assertEquals(0.2, min, 1e-3);
        assertEquals(2.0, max, 1e-3);
        // the second slice is a quarter period (10 s) behind the first
        assertEquals(m.offeredFactor(10, 0, 10), m.offeredFactor(20, 1, 0), EPS);
        assertEquals(1.1, m.offeredFactor(10, 0, 0), EPS);
        assertEquals(TrafficModel.parse(TrafficModel.DEFAULT).offeredFactor(1, 0, 15), 2.0, EPS);
    }

    @Test
    public void pinnedSlicesKeepTheirFactor() {
        TrafficModel m = TrafficModel.parse("wave:30,10=2,20=0.5");
        assertEquals(2.0, m.offeredFactor(10, 0, 3), EPS);
        assertEquals(0.5, m.offeredFactor(20, 1, 17), EPS);
        assertTrue(m.offeredFactor(30, 2, 0) > 0);
    }

    @Test
    public void badSpecificationsSayWhatIsWrong() {
        assertMessage("", "--traffic needs a pattern: off, steady[:F] or wave[:P]");
        assertMessage("burst", "--traffic: unknown pattern 'burst' (allowed: off, steady[:F], wave[:P])");
        assertMessage("off:1", "--traffic off takes no parameter, got 'off:1'");
        assertMessage("steady:x", "--traffic: 'steady:x' needs a number after ':'");
        assertMessage("steady:-1", "--traffic: the parameter of 'steady:-1' must be in 0.0..1000.0");
        assertMessage("wave:0", "--traffic: the parameter of 'wave:0' must be in 1.0..86400.0");
        assertMessage("wave:1:2", "--traffic: 'wave:1:2' has more than one parameter");
        assertMessage("steady,10", "--traffic: '10' is not ID=FACTOR");
        assertMessage("steady,a=1", "--traffic: 'a=1' is not ID=FACTOR");
        assertMessage("steady,0=1", "--traffic: slice id 0 is outside 1..4094");
        assertMessage("steady,5=-2", "--traffic: factor of slice 5 must be in 0..1000.0, got -2");
        assertMessage("steady,5=1,5=2", "--traffic: slice 5 is given twice");
    }

    private static void assertMessage(String spec, String message) {
        IllegalArgumentException e = thrown(IllegalArgumentException.class, () -> TrafficModel.parse(spec));
        assertEquals(message, e.getMessage());
    }
}
