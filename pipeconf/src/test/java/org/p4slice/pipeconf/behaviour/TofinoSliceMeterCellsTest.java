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
package org.p4slice.pipeconf.behaviour;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.pipeconf.TofinoOutputs;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.pipeconf.tofino.TofinoTarget;

import java.util.List;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;

/**
 * Tests of {@link TofinoSliceMeterCells}: rates and bursts go to the agent in whole kbit (125 B),
 * rounded up so that the agent's rounding down never cuts a quota, and a cell read back in kbit
 * is the same configuration.
 */
public class TofinoSliceMeterCellsTest {

    private TestP4RuntimeDevice device;
    private TofinoSliceMeterCells cells;

    @Before
    public void setUp() {
        TofinoOutputs.assumePackaged();
        device = new TestP4RuntimeDevice(P4SlicePipeconfs.tofino(TofinoTarget.TWO_PIPE_STRATUM.id()));
        cells = new TofinoSliceMeterCells();
        cells.setHandler(device.handler);
    }

    private static PiMeterCellConfig config(long index, long rate, long burst) {
        return PiMeterCellConfig.builder().withMeterCellId(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, index))
                .withCommittedBand(rate, burst).withPeakBand(rate, burst).build();
    }

    @Test
    public void writeRoundsRatesAndBurstsUpToWholeKbit() {
        cells.write(List.of(config(7, 125_000_001, 65_536), config(8, 1_000_000, 15_000),
                            PiMeterCellConfig.reset(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 9))));
        FakeP4Runtime.Write write = device.client.writes.get(0);
        assertEquals(config(7, 125_000_125, 65_625), write.updates.get(0).entity);
        assertEquals("a quota in whole kbit/s is written as it is", config(8, 1_000_000, 15_000),
                     write.updates.get(1).entity);
        assertEquals("a reset stays a reset", PiMeterCellConfig.reset(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 9)),
                     write.updates.get(2).entity);
    }

    @Test
    public void whatTheAgentReadsBackInKbitIsTheSameConfiguration() {
        // 4.1 Mbit/s + 1 B/s: written 512,625 B/s (4101 kbit/s); Stratum reads back 4101 x 125
        assertTrue(cells.holds(config(7, 512_501, 65_536), config(7, 512_625, 65_625)));
        assertTrue("the chip's meter rate error", cells.holds(config(7, 100_000_000, 65_536),
                                                              config(7, 98_500_000, 65_625)));
        assertFalse("a rate 10 % lower", cells.holds(config(7, 1_000_000, 65_536), config(7, 900_000, 65_625)));
        assertFalse("a burst 250 B lower", cells.holds(config(7, 1_000_000, 65_536), config(7, 1_000_000, 65_375)));
        assertFalse("another cell", cells.holds(config(7, 1_000_000, 65_536), config(8, 1_000_000, 65_625)));
        assertFalse("reset on the device", cells.holds(config(7, 1_000_000, 65_536),
                PiMeterCellConfig.reset(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 7))));
        assertFalse("nothing read", cells.holds(config(7, 1_000_000, 65_536), null));
    }

    @Test
    public void bmv2sToleranceWouldRewriteATofinoCellForever() {
        // why a Tofino pipeconf needs its own comparison: bmv2's refuses the kbit rounding
        assertFalse(SliceMeterCells.similar(config(7, 512_501, 65_536), config(7, 512_625, 65_625)));
    }
}
