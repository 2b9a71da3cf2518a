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
import org.p4slice.fairness.api.FairnessEvent;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessSummary;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * Edge-triggered threshold events.
 */
public class FairnessAlarmsTest {

    private static FairnessSummary summary(double cv, double maxDeviation) {
        return new FairnessSummary(1000, FairnessMode.MONITOR, 5, cv, 1 / (1 + cv * cv), maxDeviation, 3, 2);
    }

    @Test
    public void oneEventPerCrossing() {
        FairnessAlarms alarms = new FairnessAlarms();
        assertTrue(alarms.check(summary(0.01, 0.02), 0.05).isEmpty());

        FairnessSummary high = summary(0.01, 0.08);
        List<FairnessEvent> up = alarms.check(high, 0.05);
        assertEquals(1, up.size());
        assertEquals(FairnessEvent.Type.DEVIATION_EXCEEDED, up.get(0).type());
        assertEquals(0.08, up.get(0).value(), 1e-12);
        assertEquals(0.05, up.get(0).threshold(), 1e-12);
        assertSame(high, up.get(0).subject());
        assertEquals(1000L, up.get(0).time());
        assertTrue(alarms.deviationHigh());

        assertTrue("still above: no new event", alarms.check(summary(0.01, 0.09), 0.05).isEmpty());

        List<FairnessEvent> both = alarms.check(summary(0.07, 0.03), 0.05);
        assertEquals(2, both.size());
        assertEquals(FairnessEvent.Type.DEVIATION_RECOVERED, both.get(0).type());
        assertEquals(FairnessEvent.Type.CV_EXCEEDED, both.get(1).type());
        assertEquals(0.07, both.get(1).value(), 1e-12);
        assertFalse(alarms.deviationHigh());
        assertTrue(alarms.cvHigh());

        List<FairnessEvent> down = alarms.check(summary(0.05, 0.03), 0.05);
        assertEquals("exactly at the threshold is not above it", 1, down.size());
        assertEquals(FairnessEvent.Type.CV_RECOVERED, down.get(0).type());
        assertTrue(alarms.check(summary(0.05, 0.05), 0.05).isEmpty());
    }
}
