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
package org.p4slice.slicing.impl.slice;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Two controller instances of one cluster (two testbeds over one storage, each with its own view
 * of mastership, its own work queue and its own device access): instance A masters s1, instance B
 * masters s2, and a slice spans both. Each device is written by its master only; the slice's state
 * is decided by its owner (the master of s1) alone; a master that takes over a device completes
 * what the previous one left.
 */
public class TwoInstanceDeviceWorkTest {

    private final QueuedWork workA = new QueuedWork();
    private final QueuedWork workB = new QueuedWork();
    private SlicingTestbed a;
    private SlicingTestbed b;
    private DeviceId s1;
    private DeviceId s2;
    private final List<SlicingTestbed> running = new ArrayList<>();

    @Before
    public void setUp() {
        a = new SlicingTestbed();
        b = new SlicingTestbed(a.storage);
        for (SlicingTestbed node : List.of(a, b)) {
            TwoSwitches net = TwoSwitches.addTo(node);
            s1 = net.s1;
            s2 = net.s2;
        }
        masteredElsewhere(a, s2);
        masteredElsewhere(b, s1);
        a.executor = workA;
        b.executor = workB;
        a.start();
        b.start();
        running.addAll(List.of(a, b));
        settle();
    }

    @After
    public void tearDown() {
        running.forEach(SlicingTestbed::stop);
    }

    // an instance dies: its queued work is lost, it hears of nothing any more
    private void kill(SlicingTestbed node, QueuedWork work) {
        work.clear();
        node.stop();
        running.remove(node);
    }

    private static void masteredElsewhere(SlicingTestbed node, DeviceId device) {
        node.mastership.masteredElsewhere(device);
        node.meters.setLocalMaster(device, false);
    }

    private static void becomeMaster(SlicingTestbed node, DeviceId device) {
        node.meters.setLocalMaster(device, true);
        node.mastership.becomeMaster(device);
    }

    // runs both instances' queues until neither has anything left
    private void settle() {
        for (Runnable task = next(); task != null; task = next()) {
            task.run();
        }
    }

    private Runnable next() {
        Runnable task = workA.poll();
        return task != null ? task : workB.poll();
    }

    private Slice wan(SlicingTestbed node) {
        return node.manager.createSlice(request("wan", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                .build());
    }

    private SliceState state(SliceId id) {
        return a.store.getSlice(id).map(Slice::state).orElse(null);
    }

    private long stateChanges(SlicingTestbed node, SliceState to) {
        return node.events.stream().filter(e -> e.type() == SliceEvent.Type.SLICE_STATE_CHANGED
                && e.subject().state() == to).count();
    }

    @Test
    public void aSliceSpanningTwoMastersGetsMetersGroupsAndEntriesOnBothFromEachMaster() {
        Slice slice = wan(b);
        settle();

        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals("A wrote s1's meter cell", 1, a.meters.installed(s1).size());
        assertEquals("B wrote s2's meter cell", 1, b.meters.installed(s2).size());
        assertTrue(a.meters.installed(s2).isEmpty());
        assertTrue(b.meters.installed(s1).isEmpty());
        assertEquals(1, a.groups.installed(s1).size());
        assertEquals(1, b.groups.installed(s2).size());
        assertTrue(a.groups.installed(s2).isEmpty());
        assertTrue(b.groups.installed(s1).isEmpty());
        assertEquals(4, a.flows.installed(s1).size());
        assertEquals(4, b.flows.installed(s2).size());
        assertTrue(a.flows.installed(s2).isEmpty());
        assertTrue(b.flows.installed(s1).isEmpty());
    }

    @Test
    public void anEnforcedRateSetOnOneInstanceIsWrittenAtOnceByEachMaster() {
        Slice slice = wan(b);
        settle();
        a.meters.cells().clear();
        b.meters.cells().clear();

        a.manager.setMeterRate(slice.id(), 16_000_000);
        settle();

        assertEquals("A wrote s1's cell at 16 Mbit/s in bytes/s", List.of(2_000_000L), rates(a, s1));
        assertEquals("B wrote s2's cell, without waiting for its meter audit", List.of(2_000_000L), rates(b, s2));
        assertTrue(a.meters.installed(s2).isEmpty());
        assertTrue(b.meters.installed(s1).isEmpty());

        b.manager.setMeterRate(slice.id(), slice.quotaBps());
        settle();
        long quota = SliceTranslator.bytesPerSecond(slice.quotaBps());
        assertEquals("back at the quota on s1", List.of(quota), rates(a, s1));
        assertEquals("back at the quota on s2", List.of(quota), rates(b, s2));
    }

    // the committed rates of the meter cells an instance wrote on a device
    private static List<Long> rates(SlicingTestbed node, DeviceId device) {
        return node.meters.installed(device).stream().map(c -> c.committedBand().rate()).collect(Collectors.toList());
    }

    @Test
    public void onlyTheOwnerDecidesTheState() {
        Slice slice = wan(b);
        workB.runAll();
        assertEquals("B wrote s2 but does not decide", SliceState.PROVISIONING, state(slice.id()));
        assertEquals(4, b.flows.installed(s2).size());
        assertTrue("A has not written s1 yet", a.flows.installed(s1).isEmpty());

        workA.runAll();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals("one ACTIVE, seen by both", 1, stateChanges(a, SliceState.ACTIVE));
        assertEquals(1, stateChanges(b, SliceState.ACTIVE));

        // the other way round: A writes s1 first and waits for B's outcome on s2
        Slice second = b.manager.createSlice(request("second", Endpoint.access(cp(s1, 2)),
                                                     Endpoint.access(cp(s2, 2))).build());
        workA.runAll();
        assertEquals(SliceState.PROVISIONING, state(second.id()));
        workB.runAll();
        assertEquals("B's outcome is recorded; A decides in its own queue", SliceState.PROVISIONING,
                     state(second.id()));
        workA.runAll();
        assertEquals(SliceState.ACTIVE, state(second.id()));
    }

    @Test
    public void aFailureOnOneMastersDeviceFailsTheSliceWithItsReason() {
        b.flows.failOn(s2);
        Slice slice = wan(a);
        settle();

        Slice failed = a.store.getSlice(slice.id()).orElseThrow();
        assertEquals(SliceState.FAILED, failed.state());
        assertTrue(failed.reason().orElseThrow(), failed.reason().orElseThrow().contains("device:bmv2:s2"));
        assertEquals("the healthy device keeps what it took", 4, a.flows.installed(s1).size());

        b.flows.heal();
        a.manager.reconcileNow();
        b.manager.reconcileNow();
        settle();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
    }

    @Test
    public void eachMasterReleasesItsDeviceAndTheOwnerDeletesTheSlice() {
        Slice slice = wan(a);
        settle();
        b.manager.removeSlice(slice.id());
        workB.runAll();
        assertEquals("s1 still holds it", SliceState.RELEASING, state(slice.id()));
        assertTrue(b.flows.installed(s2).isEmpty());
        assertTrue(b.meters.installed(s2).isEmpty());
        assertTrue(b.groups.installed(s2).isEmpty());
        assertEquals(List.of(slice.id().id()), b.counters.get(s2).resets);
        assertTrue("B resets only the counters of the device it masters", b.counters.get(s1).resets.isEmpty());

        workA.runAll();
        assertEquals(null, state(slice.id()));
        assertTrue(a.flows.installed(s1).isEmpty());
        assertTrue(a.meters.installed(s1).isEmpty());
        assertTrue(a.groups.installed(s1).isEmpty());
        assertEquals(List.of(slice.id().id()), a.counters.get(s1).resets);
        assertTrue(a.counters.get(s2).resets.isEmpty());
        assertTrue(a.store.getAccessPortAllocations().isEmpty());
    }

    @Test
    public void aNewMasterCompletesAHalfProgrammedSlice() {
        Slice slice = wan(a);
        workA.runAll();
        assertEquals(SliceState.PROVISIONING, state(slice.id()));
        // B dies before it wrote s2; A takes s2 over
        kill(b, workB);
        becomeMaster(a, s2);
        settle();

        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals(1, a.meters.installed(s2).size());
        assertEquals(1, a.groups.installed(s2).size());
        assertEquals(4, a.flows.installed(s2).size());
    }

    @Test
    public void theNewMasterOfTheFirstDeviceTakesOverTheDecision() {
        Slice slice = wan(b);
        workB.runAll();
        // A (the owner, master of s1) dies before it wrote s1; B takes s1 over and with it the slice
        kill(a, workA);
        becomeMaster(b, s1);
        workB.runAll();

        assertEquals(SliceState.ACTIVE, b.store.getSlice(slice.id()).map(Slice::state).orElse(null));
        assertEquals(4, b.flows.installed(s1).size());
        assertEquals(1, b.meters.installed(s1).size());
        assertFalse(b.groups.installed(s1).isEmpty());
    }

    @Test
    public void aSliceWhoseDevicesNoInstanceMastersFailsAtOnceAndIsProgrammedByTheNextMaster() {
        a.mastership.masteredByNone(s2);
        b.mastership.masteredByNone(s2);
        Slice slice = a.manager.createSlice(request("local", Endpoint.access(cp(s2, 2)), Endpoint.access(cp(s2, 3)))
                                                    .build());
        settle();
        Slice failed = a.store.getSlice(slice.id()).orElseThrow();
        assertEquals(SliceState.FAILED, failed.state());
        assertEquals("slice " + slice.id() + ": device " + s2 + " is not available", failed.reason().orElseThrow());
        assertTrue(a.flows.installed(s2).isEmpty());
        assertTrue(b.flows.installed(s2).isEmpty());

        becomeMaster(b, s2);
        settle();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals(1, b.meters.installed(s2).size());
        assertTrue(a.meters.installed(s2).isEmpty());
    }
}
