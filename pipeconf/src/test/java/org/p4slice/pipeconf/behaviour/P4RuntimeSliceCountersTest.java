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
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.net.pi.runtime.PiEntity;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.p4slice.pipeconf.SliceCounterException;
import org.p4slice.pipeconf.SliceCounterValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_SLICE_TX_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_DROP_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_RX_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.MAX_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.MIN_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ARRAY_SIZE;
import static org.p4slice.pipeconf.behaviour.TestP4RuntimeDevice.P4_DEVICE_ID;

/**
 * Tests of {@link P4RuntimeSliceCounters} against a fake P4Runtime client.
 */
public class P4RuntimeSliceCountersTest {

    private TestP4RuntimeDevice device;
    private P4RuntimeSliceCounters counters;

    @Before
    public void setUp() {
        device = new TestP4RuntimeDevice();
        counters = new P4RuntimeSliceCounters();
        counters.setHandler(device.handler);
    }

    private static PiCounterCell cell(PiCounterId counter, long index, long packets, long bytes) {
        return new PiCounterCell(PiCounterCellId.ofIndirect(counter, index), packets, bytes);
    }

    private void answer(List<? extends PiEntity> cells) {
        device.client.readAnswer = read -> new FakeP4Runtime.Response(true, cells, null);
    }

    /** Cells of every counter for every index, as bmv2 answers, plus traffic in slices 3 and 4094. */
    private static List<PiCounterCell> fullAnswer() {
        List<PiCounterCell> cells = new ArrayList<>();
        for (PiCounterId counter : P4RuntimeSliceCounters.COUNTERS) {
            for (int i = 0; i < SLICE_ARRAY_SIZE; i++) {
                cells.add(cell(counter, i, 0, 0));
            }
        }
        cells.set(3, cell(INGRESS_SLICE_RX_COUNTER, 3, 10, 1000));
        cells.set(SLICE_ARRAY_SIZE + 3, cell(INGRESS_SLICE_DROP_COUNTER, 3, 2, 200));
        cells.set(2 * SLICE_ARRAY_SIZE + 3, cell(EGRESS_SLICE_TX_COUNTER, 3, 8, 800));
        cells.set(MAX_SLICE_ID, cell(INGRESS_SLICE_RX_COUNTER, MAX_SLICE_ID, 1, 64));
        return cells;
    }

    @Test
    public void readAllIsOneReadRequestWithOneWildcardPerCounter() {
        answer(fullAnswer());

        Map<Integer, SliceCounterValues> values = counters.readAll();

        assertEquals("one read request", 1, device.client.reads.size());
        FakeP4Runtime.Read read = device.client.reads.get(0);
        assertEquals("submitted once", 1, read.submits);
        assertThat(read.counterIds, contains(INGRESS_SLICE_RX_COUNTER, INGRESS_SLICE_DROP_COUNTER,
                                             EGRESS_SLICE_TX_COUNTER));
        assertEquals(P4_DEVICE_ID, read.p4DeviceId);
        assertSame(device.pipeconf, read.pipeconf);
        assertTrue("no writes", device.client.writes.isEmpty());

        assertEquals(SLICE_ARRAY_SIZE, values.size());
        assertEquals(new SliceCounterValues(10, 1000, 2, 200, 8, 800), values.get(3));
        assertEquals(new SliceCounterValues(1, 64, 0, 0, 0, 0), values.get(MAX_SLICE_ID));
        assertEquals(SliceCounterValues.ZERO, values.get(1));
        assertEquals(SliceCounterValues.ZERO, values.get(0));
    }

    @Test
    public void readOfFewSlicesAsksForExactlyTheirCellsInOneRequest() {
        // the device answers what it is asked for: the cells of slices 3 and 4094 of each counter
        device.client.readAnswer = read -> new FakeP4Runtime.Response(true, read.handles.stream()
                .map(h -> ((PiCounterCellHandle) h).cellId())
                .map(id -> new PiCounterCell(id, id.index() == 3 ? 10 : 1, id.index() == 3 ? 1000 : 64))
                .collect(Collectors.toList()), null);

        Map<Integer, SliceCounterValues> values = counters.read(Set.of(MAX_SLICE_ID, 3));

        assertEquals("one read request", 1, device.client.reads.size());
        FakeP4Runtime.Read read = device.client.reads.get(0);
        assertEquals(1, read.submits);
        assertTrue("no wildcard", read.counterIds.isEmpty());
        List<String> asked = read.handles.stream().map(h -> ((PiCounterCellHandle) h).cellId())
                .map(id -> id.counterId().id() + "[" + id.index() + "]").collect(Collectors.toList());
        assertEquals(List.of(INGRESS_SLICE_RX_COUNTER.id() + "[3]", INGRESS_SLICE_RX_COUNTER.id() + "[4094]",
                             INGRESS_SLICE_DROP_COUNTER.id() + "[3]", INGRESS_SLICE_DROP_COUNTER.id() + "[4094]",
                             EGRESS_SLICE_TX_COUNTER.id() + "[3]", EGRESS_SLICE_TX_COUNTER.id() + "[4094]"), asked);
        assertEquals(List.of(3, MAX_SLICE_ID), List.copyOf(values.keySet()));
        assertEquals(new SliceCounterValues(10, 1000, 10, 1000, 10, 1000), values.get(3));
        assertEquals(new SliceCounterValues(1, 64, 1, 64, 1, 64), values.get(MAX_SLICE_ID));
    }

    @Test
    public void readOfManySlicesIsTheWildcardReadFiltered() {
        answer(fullAnswer());
        Set<Integer> many = IntStream.rangeClosed(1, P4RuntimeSliceCounters.CELL_READ_LIMIT + 1).boxed()
                .collect(Collectors.toSet());

        Map<Integer, SliceCounterValues> values = counters.read(many);

        FakeP4Runtime.Read read = device.client.reads.get(0);
        assertTrue("no cell handles", read.handles.isEmpty());
        assertThat(read.counterIds, contains(INGRESS_SLICE_RX_COUNTER, INGRESS_SLICE_DROP_COUNTER,
                                             EGRESS_SLICE_TX_COUNTER));
        assertEquals(many, values.keySet());
        assertEquals(new SliceCounterValues(10, 1000, 2, 200, 8, 800), values.get(3));
    }

    @Test
    public void readOfACellOutsideTheArrayIsRefusedBeforeAnyRead() {
        IllegalArgumentException e = null;
        try {
            counters.read(Set.of(3, SLICE_ARRAY_SIZE));
        } catch (IllegalArgumentException expected) {
            e = expected;
        }
        assertEquals("slice ids [3, 4096] are not all in 0..4095", e == null ? null : e.getMessage());
        assertTrue(device.client.reads.isEmpty());
    }

    @Test
    public void readOfNoSliceAsksNothing() {
        assertTrue(counters.read(Set.of()).isEmpty());
        assertTrue(device.client.reads.isEmpty());
    }

    @Test
    public void readAllIteratesInSliceOrderAndZeroFillsCellsACounterDidNotReport() {
        answer(List.of(
                cell(EGRESS_SLICE_TX_COUNTER, 9, 5, 500),
                cell(INGRESS_SLICE_RX_COUNTER, 9, 6, 600),
                cell(INGRESS_SLICE_RX_COUNTER, 2, 1, 100),
                cell(INGRESS_SLICE_DROP_COUNTER, 2, 1, 100),
                cell(EGRESS_SLICE_TX_COUNTER, 2, 0, 0)));

        Map<Integer, SliceCounterValues> values = counters.readAll();

        assertThat(new ArrayList<>(values.keySet()), contains(2, 9));
        assertEquals(new SliceCounterValues(1, 100, 1, 100, 0, 0), values.get(2));
        assertEquals(new SliceCounterValues(6, 600, 0, 0, 5, 500), values.get(9));
    }

    @Test
    public void readAllIgnoresOtherCountersAndIndicesOutsideTheArray() {
        answer(List.of(
                cell(INGRESS_SLICE_RX_COUNTER, 1, 1, 1),
                cell(INGRESS_SLICE_DROP_COUNTER, 1, 1, 1),
                cell(EGRESS_SLICE_TX_COUNTER, 1, 1, 1),
                cell(INGRESS_ACL_COUNTER, 2, 50, 50),
                cell(INGRESS_SLICE_RX_COUNTER, SLICE_ARRAY_SIZE, 7, 7)));

        Map<Integer, SliceCounterValues> values = counters.readAll();

        assertEquals(Map.of(1, new SliceCounterValues(1, 1, 1, 1, 1, 1)), values);
    }

    @Test
    public void readAllFailsIfACounterReportedNoCell() {
        answer(List.of(cell(INGRESS_SLICE_RX_COUNTER, 1, 1, 1), cell(EGRESS_SLICE_TX_COUNTER, 1, 1, 1)));
        try {
            counters.readAll();
            fail("a counter without cells must fail the read");
        } catch (SliceCounterException e) {
            assertThat(e.getMessage(), containsString(INGRESS_SLICE_DROP_COUNTER.id()));
            assertThat(e.getMessage(), containsString(TestP4RuntimeDevice.DEVICE_ID.toString()));
        }
    }

    @Test
    public void readAllFailsWithTheDevicesExplanation() {
        device.client.readAnswer = read -> new FakeP4Runtime.Response(false, List.of(), "UNAVAILABLE: socket closed");
        try {
            counters.readAll();
            fail("a failed read must throw");
        } catch (SliceCounterException e) {
            assertThat(e.getMessage(), containsString("UNAVAILABLE: socket closed"));
        }
    }

    @Test
    public void readAllWrapsClientExceptions() {
        device.client.readAnswer = read -> {
            throw new IllegalStateException("channel shut down");
        };
        try {
            counters.readAll();
            fail("a client exception must become a SliceCounterException");
        } catch (SliceCounterException e) {
            assertThat(e.getMessage(), containsString("channel shut down"));
        }
    }

    @Test
    public void resetWritesZeroToTheSlicesCellOfTheThreeCountersInOneRequest() {
        counters.reset(42);

        assertEquals("one write request", 1, device.client.writes.size());
        FakeP4Runtime.Write write = device.client.writes.get(0);
        assertEquals(1, write.submits);
        assertEquals(P4_DEVICE_ID, write.p4DeviceId);
        assertSame(device.pipeconf, write.pipeconf);
        assertThat(write.updates.stream().map(u -> u.type).collect(Collectors.toList()),
                   contains(UpdateType.MODIFY, UpdateType.MODIFY, UpdateType.MODIFY));
        assertThat(write.updates.stream().map(u -> u.entity).collect(Collectors.toList()),
                   contains(cell(INGRESS_SLICE_RX_COUNTER, 42, 0, 0),
                            cell(INGRESS_SLICE_DROP_COUNTER, 42, 0, 0),
                            cell(EGRESS_SLICE_TX_COUNTER, 42, 0, 0)));
        assertTrue("no reads", device.client.reads.isEmpty());
    }

    @Test
    public void resetAcceptsTheWholeSliceRange() {
        counters.reset(MIN_SLICE_ID);
        counters.reset(MAX_SLICE_ID);
        assertEquals(2, device.client.writes.size());
    }

    @Test
    public void resetRejectsSliceIdsOutsideTheRangeWithoutWriting() {
        for (int bad : new int[]{0, -1, MAX_SLICE_ID + 1, SLICE_ARRAY_SIZE}) {
            try {
                counters.reset(bad);
                fail("slice id " + bad + " must be refused");
            } catch (IllegalArgumentException e) {
                assertThat(e.getMessage(), containsString("slice id " + bad));
            }
        }
        assertTrue("nothing written", device.client.writes.isEmpty());
    }

    @Test
    public void resetFailsWithTheRefusedUpdates() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        try {
            counters.reset(5);
            fail("a refused write must throw");
        } catch (SliceCounterException e) {
            assertThat(e.getMessage(), containsString("slice 5"));
            assertThat(e.getMessage(), containsString("OTHER_ERROR"));
            assertThat(e.getMessage(), containsString(INGRESS_SLICE_RX_COUNTER.id()));
        }
    }

    @Test
    public void missingClientIsReported() {
        device.controller.clients.clear();
        assertFailure("no P4Runtime client");
    }

    @Test
    public void missingPipeconfIsReported() {
        device.pipeconfBound = false;
        assertFailure("no pipeconf bound");
    }

    @Test
    public void missingManagementAddressIsReported() {
        device.netcfgAddress = null;
        assertFailure("has no management address");
    }

    @Test
    public void managementAddressWithoutDeviceIdIsReported() {
        device.netcfgAddress = "grpc://127.0.0.1:50001";
        assertFailure("has no device_id parameter");
    }

    @Test
    public void managementAddressAnnotationIsUsedWithoutNetcfg() {
        device.netcfgAddress = null;
        device.annotatedAddress = "grpc://10.0.0.1:50002?device_id=12";
        answer(List.of(cell(INGRESS_SLICE_RX_COUNTER, 1, 1, 1), cell(INGRESS_SLICE_DROP_COUNTER, 1, 1, 1),
                       cell(EGRESS_SLICE_TX_COUNTER, 1, 1, 1)));

        counters.readAll();

        assertEquals(12L, device.client.reads.get(0).p4DeviceId);
    }

    private void assertFailure(String expected) {
        try {
            counters.readAll();
            fail("readAll must fail with: " + expected);
        } catch (SliceCounterException e) {
            assertThat(e.getMessage(), containsString(expected));
        }
        try {
            counters.reset(1);
            fail("reset must fail with: " + expected);
        } catch (SliceCounterException e) {
            assertThat(e.getMessage(), containsString(expected));
        }
        assertThat(device.client.reads.size() + device.client.writes.size(), is(0));
    }
}
