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
import org.p4slice.fairness.api.FairnessMode;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/**
 * Component configuration: defaults, valid and invalid values (the polling, window and counter
 * width are the slicing app's statistics' properties: {@code StatsConfigTest}).
 */
public class FairnessConfigTest {

    @Test
    public void defaults() {
        FairnessConfig c = FairnessConfig.DEFAULT;
        assertEquals(0.05, c.threshold(), 0);
        assertEquals(FairnessMode.MONITOR, c.mode());
        assertEquals(600, c.historySize());
        assertEquals(0.1, c.lendHeadroom(), 0);
    }

    @Test
    public void validValuesApply() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("threshold", "0.1");
        p.put("mode", "Enforce");
        p.put("historySize", "20");
        p.put("lendHeadroom", "0");
        List<String> errors = new ArrayList<>();
        FairnessConfig c = FairnessConfig.DEFAULT.update(p, errors);
        assertTrue(errors.toString(), errors.isEmpty());
        assertEquals(0.1, c.threshold(), 0);
        assertEquals(FairnessMode.ENFORCE, c.mode());
        assertEquals(20, c.historySize());
        assertEquals(0.0, c.lendHeadroom(), 0);
        assertTrue(FairnessConfig.DEFAULT.needsNewCycle(c));
    }

    @Test
    public void invalidValuesKeepThePreviousOneWithAPreciseMessage() {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("threshold", "0");
        p.put("mode", "police");
        p.put("lendHeadroom", "1.5");
        List<String> errors = new ArrayList<>();
        FairnessConfig c = FairnessConfig.DEFAULT.update(p, errors);
        assertEquals(FairnessConfig.DEFAULT, c);
        assertEquals(List.of(
                "threshold must be in (exclusive) 0..1, got 0; keeping 0.05",
                "lendHeadroom must be in 0..1, got 1.5; keeping 0.1",
                "mode: mode must be monitor or enforce, got police; keeping monitor"), errors);
    }

    @Test
    public void noPropertiesNoChange() {
        List<String> errors = new ArrayList<>();
        assertSame(FairnessConfig.DEFAULT, FairnessConfig.DEFAULT.update(null, errors));
        FairnessConfig same = FairnessConfig.DEFAULT.update(new Hashtable<>(), errors);
        assertEquals(FairnessConfig.DEFAULT, same);
        assertFalse(FairnessConfig.DEFAULT.needsNewCycle(same));
        assertTrue(errors.isEmpty());
    }
}
