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
import org.onosproject.net.pi.runtime.PiMeterCellHandle;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.pipeconf.SliceMeterCells;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;

/**
 * Tests of {@link P4RuntimeSliceMeterCells} against a fake P4Runtime client, and of
 * {@link SliceMeterCells#similar}: what bmv2 reads back is the same configuration.
 */
public class P4RuntimeSliceMeterCellsTest {

    private TestP4RuntimeDevice device;
    private P4RuntimeSliceMeterCells cells;

    @Before
    public void setUp() {
        device = new TestP4RuntimeDevice();
        cells = new P4RuntimeSliceMeterCells();
        cells.setHandler(device.handler);
    }

    private static PiMeterCellConfig config(long index, long rate, long burst) {
        return PiMeterCellConfig.builder().withMeterCellId(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, index))
                .withCommittedBand(rate, burst).withPeakBand(rate, burst).build();
    }

    @Test
    public void writeIsOneModifyRequest() {
        cells.write(List.of(config(7, 512_500, 65_536), config(8, 1_001_000, 65_536)));
        assertEquals(1, device.client.writes.size());
        FakeP4Runtime.Write write = device.client.writes.get(0);
        assertEquals(1, write.submits);
        assertThat(write.updates.stream().map(u -> u.type).collect(Collectors.toList()),
                   contains(UpdateType.MODIFY, UpdateType.MODIFY));
        assertEquals(config(7, 512_500, 65_536), write.updates.get(0).entity);
    }

    @Test
    public void refusedWriteNamesTheDevice() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        try {
            cells.write(List.of(config(7, 512_500, 65_536)));
            fail("expected SliceDeviceException");
        } catch (SliceDeviceException e) {
            assertThat(e.getMessage(), containsString("writing meter cells to device:bmv2:s1 failed: OTHER_ERROR"));
        }
    }

    @Test
    public void readAsksForExactlyTheCells() {
        device.client.readAnswer = read -> new FakeP4Runtime.Response(true, read.handles.stream()
                .map(h -> config(((PiMeterCellHandle) h).cellId().index(), 512_499, 65_536))
                .collect(Collectors.toList()), null);
        PiMeterCellId seven = PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 7);
        Map<PiMeterCellId, PiMeterCellConfig> read = cells.read(List.of(seven));
        assertEquals(1, device.client.reads.size());
        assertEquals(List.of(PiMeterCellHandle.of(TestP4RuntimeDevice.DEVICE_ID, seven)),
                     device.client.reads.get(0).handles);
        assertEquals(config(7, 512_499, 65_536), read.get(seven));
        assertTrue(device.client.writes.isEmpty());
    }

    /** bmv2 keeps rates as bytes per microsecond in doubles: 4.1 Mbit/s = 512,500 B/s reads back 512,499. */
    @Test
    public void similarToleratesTheDevicesRounding() {
        assertTrue(SliceMeterCells.similar(config(7, 512_500, 65_536), config(7, 512_499, 65_536)));
        assertTrue(SliceMeterCells.similar(config(7, 1_001_000, 65_536), config(7, 1_000_999, 65_536)));
        assertTrue(SliceMeterCells.similar(config(7, 100_000_000, 65_536), config(7, 99_999_000, 65_536)));
        assertFalse("another rate",
                    SliceMeterCells.similar(config(7, 512_500, 65_536), config(7, 400_000, 65_536)));
        assertFalse("another burst",
                    SliceMeterCells.similar(config(7, 512_500, 65_536), config(7, 512_500, 1_000)));
        assertFalse("another cell",
                    SliceMeterCells.similar(config(7, 512_500, 65_536), config(8, 512_500, 65_536)));
        PiMeterCellConfig reset = PiMeterCellConfig.reset(PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, 7));
        assertFalse("reset on the device", SliceMeterCells.similar(config(7, 512_500, 65_536), reset));
        assertFalse("nothing read", SliceMeterCells.similar(config(7, 512_500, 65_536), null));
    }

    /** ONOS's meter subsystem is kept off the slice meter: no meters, no features, operations refused. */
    @Test
    public void meterProgrammableLeavesTheSliceMeterAlone() throws Exception {
        P4SliceMeterProgrammable programmable = new P4SliceMeterProgrammable();
        programmable.setHandler(device.handler);
        assertTrue(programmable.getMeters().get().isEmpty());
        assertTrue(programmable.getMeterFeatures().get().isEmpty());
        assertTrue(device.client.reads.isEmpty());
        assertTrue(device.client.writes.isEmpty());
    }
}
