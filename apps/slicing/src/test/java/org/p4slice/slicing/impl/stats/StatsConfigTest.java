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
package org.p4slice.slicing.impl.stats;

import org.junit.Test;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * Component configuration of the statistics: defaults, valid and invalid values.
 */
public class StatsConfigTest {

    @Test
    public void defaults() {
        StatsConfig c = StatsConfig.DEFAULT;
        assertEquals(1000, c.pollPeriodMs());
        assertEquals(5, c.windowSamples());
        assertEquals(64, c.counterBits());
    }

    @Test
    public void validValuesApply() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("pollPeriodMs", "500");
        p.put("windowSamples", 10);
        p.put("counterBits", "48");
        List<String> errors = new ArrayList<>();
        StatsConfig c = StatsConfig.DEFAULT.update(p, errors);
        assertTrue(errors.toString(), errors.isEmpty());
        assertEquals(500, c.pollPeriodMs());
        assertEquals(10, c.windowSamples());
        assertEquals(48, c.counterBits());
        assertTrue(StatsConfig.DEFAULT.needsNewWindows(c));
    }

    @Test
    public void invalidValuesKeepThePreviousOneWithAPreciseMessage() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("pollPeriodMs", "10");
        p.put("windowSamples", "five");
        p.put("counterBits", "65");
        List<String> errors = new ArrayList<>();
        StatsConfig c = StatsConfig.DEFAULT.update(p, errors);
        assertEquals(StatsConfig.DEFAULT, c);
        assertEquals(List.of(
                "pollPeriodMs must be in 100..60000, got 10; keeping 1000",
                "windowSamples must be an integer, got 'five'; keeping 5",
                "counterBits must be in 1..64, got 65; keeping 64"), errors);
    }

    @Test
    public void noPropertiesNoChange() {
        List<String> errors = new ArrayList<>();
        assertSame(StatsConfig.DEFAULT, StatsConfig.DEFAULT.update(null, errors));
        StatsConfig same = StatsConfig.DEFAULT.update(new Hashtable<>(), errors);
        assertEquals(StatsConfig.DEFAULT, same);
        assertFalse(StatsConfig.DEFAULT.needsNewWindows(same));
        assertTrue(errors.isEmpty());
    }
}
