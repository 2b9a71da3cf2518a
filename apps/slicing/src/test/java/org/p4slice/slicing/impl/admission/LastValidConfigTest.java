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
package org.p4slice.slicing.impl.admission;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.testbed.SlicingTestbed;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/**
 * The {@code p4slice} netcfg admission decides on: the configuration while it is valid, the last
 * valid one while it is not, none once it is removed; a valid configuration replaced at once by an
 * invalid one still counts, seen as it arrived.
 */
public class LastValidConfigTest {

    private SlicingTestbed bed;
    private LastValidConfig config;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        bed.start();
        config = new LastValidConfig(bed.netcfg, SlicingTestbed.APP_ID);
        config.start();
    }

    @After
    public void tearDown() {
        config.stop();
        bed.stop();
    }

    private Optional<Double> guardBand() {
        SlicingConfig c = config.get();
        return c == null ? null : c.guardBand();
    }

    @Test
    public void anInvalidConfigurationLeavesTheLastValidInEffect() {
        bed.configure("{'guardBand': 0.2}");
        assertEquals(Optional.of(0.2), guardBand());
        bed.configure("{'guardBand': 0.3, 'vlanPool': 'many'}");
        assertEquals(Optional.of(0.2), guardBand());
        bed.configure("{'guardBand': 0.1}");
        assertEquals(Optional.of(0.1), guardBand());
    }

    @Test
    public void aValidConfigurationSeenOnlyAsItArrivedStillCounts() {
        bed.configure("{'guardBand': 0.25}");
        bed.configure("{'vlanPool': 'many'}");
        assertEquals(Optional.of(0.25), guardBand());
    }

    @Test
    public void aRemovedConfigurationLeavesNone() {
        bed.configure("{'guardBand': 0.2}");
        assertEquals(Optional.of(0.2), guardBand());
        bed.netcfg.removeConfig(SlicingTestbed.APP_ID, SlicingConfig.class);
        assertNull(config.get());
    }

    @Test
    public void stoppedItNoLongerSeesChangesAsTheyArrive() {
        bed.configure("{'guardBand': 0.2}");
        config.get();
        config.stop();
        bed.configure("{'guardBand': 0.4}");
        bed.configure("{'vlanPool': 'many'}");
        assertEquals("only what it read itself", Optional.of(0.2), guardBand());
        config.start();
    }
}
