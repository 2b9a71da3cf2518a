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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import com.google.common.util.concurrent.MoreExecutors;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.impl.programming.DeviceBehaviours;
import org.p4slice.slicing.impl.programming.DeviceWriter;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.testbed.TestbedNetwork;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import static java.util.stream.Collectors.toList;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The slice life cycle as a real controller runs it: device work in the background, states that
 * say where it is, and the reconciliation that completes what an interrupted or failed
 * programming left (on restart, reconnection, mastership change, and periodically).
 */
public class SliceLifecycleTest {

    private static final long MBPS = 1_000_000L;

    private final QueuedWork queued = new QueuedWork();
    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        s1 = net.s1;
        s2 = net.s2;
    }

    private void startQueued() {
        bed.executor = queued;
        bed.start();
        runQueued();
    }

    private void runQueued() {
        queued.runAll();
    }

    private Slice wan(String name, int port) {
        return bed.manager.createSlice(request(name, Endpoint.access(cp(s1, port)), Endpoint.access(cp(s2, port)))
                                               .quotaBps(10 * MBPS).build());
    }

    private SliceState state(SliceId id) {
        return bed.manager.getSlice(id).map(Slice::state).orElse(null);
    }

    private PiMeterCellConfig cell(DeviceId device, SliceId id) {
        return bed.meters.cells().get(device + " P4SliceIngress.slice_meter[" + id.id() + "]");
    }

    @Test
    public void createReturnsAtOnceAndTheDevicesFollowInTheBackground() {
        startQueued();
        Slice slice = wan("lab1", 1);
        assertEquals("stored and admitted, not yet programmed", SliceState.PROVISIONING, slice.state());
        assertTrue(bed.flows.installed().isEmpty());
        assertEquals(10 * MBPS, bed.manager.getPortCapacities().stream()
                .filter(p -> p.connectPoint().equals(cp(s1, 1))).findFirst().orElseThrow().allocatedBps());
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals(8, bed.flows.installed().size());
        assertEquals(1_250_000, cell(s1, slice.id()).committedBand().rate());
    }

    @Test
    public void removeIsReleasingUntilTheDevicesAreCleared() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        bed.manager.removeSlice(slice.id());
        assertEquals(SliceState.RELEASING, state(slice.id()));
        assertEquals("its resources are held until then", 2, bed.store.getAccessPortAllocations().size());
        runQueued();
        assertEquals(null, state(slice.id()));
        assertTrue(bed.flows.installed().isEmpty());
        assertTrue(bed.meters.cells().isEmpty());
        assertTrue(bed.store.getAccessPortAllocations().isEmpty());
    }

    @Test
    public void anUpdateQueuedBehindTheCreateEndsWithTheNewShape() {
        startQueued();
        Slice slice = wan("lab1", 1);
        Slice updated = bed.manager.updateSlice(slice.id(), request("lab1", Endpoint.access(cp(s1, 1)),
                                                                    Endpoint.access(cp(s2, 1)))
                .quotaBps(20 * MBPS).build());
        assertEquals(SliceState.PROVISIONING, updated.state());
        runQueued();
        Slice now = bed.manager.getSlice(slice.id()).orElseThrow();
        assertEquals(SliceState.ACTIVE, now.state());
        assertEquals(20 * MBPS, now.quotaBps());
        assertEquals(2_500_000, cell(s1, slice.id()).committedBand().rate());
        assertEquals(2_500_000, cell(s2, slice.id()).committedBand().rate());
    }

    @Test
    public void aSliceLeftProvisioningIsCompletedByTheNewMasterOfItsDevice() {
        startQueued();
        Slice slice = wan("lab1", 1);
        // the instance that admitted it dies before programming it; this one masters neither device
        queued.clear();
        bed.stop();
        bed.mastership.masteredElsewhere(s1);
        bed.mastership.masteredElsewhere(s2);
        bed.start();
        runQueued();
        bed.manager.reconcileNow();
        runQueued();
        assertEquals("not this instance's slice", SliceState.PROVISIONING, state(slice.id()));
        assertTrue(bed.flows.installed().isEmpty());

        bed.mastership.becomeMaster(s1);
        runQueued();
        assertEquals("s2's master has not written it yet", SliceState.PROVISIONING, state(slice.id()));
        assertEquals("this instance writes the device it masters", 4, bed.flows.installed(s1).size());
        assertTrue(bed.flows.installed(s2).isEmpty());

        bed.mastership.becomeMaster(s2);
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals(8, bed.flows.installed().size());
    }

    /**
     * ONOS re-asserts mastership (MASTER_CHANGED to this same instance, e.g. after a role request
     * timed out under load) before the device accepts the role again: an ACTIVE slice is not
     * programmed again, so a write refused meanwhile cannot flip it to FAILED.
     */
    @Test
    public void anActiveSliceIsNotReprogrammedWhenMastershipIsReasserted() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        bed.clearRecords();
        bed.flows.failOn(s1);
        bed.mastership.becomeMaster(s1);
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertTrue("nothing written again", bed.flows.operations().isEmpty());
    }

    @Test
    public void theHealthyDeviceKeepsItsEntriesAndTheSliceRecoversByItself() {
        startQueued();
        Slice a = wan("a", 1);
        runQueued();
        bed.clearRecords();

        bed.flows.failOn(s2);
        Slice b = wan("b", 2);
        runQueued();
        Slice failed = bed.manager.getSlice(b.id()).orElseThrow();
        assertEquals(SliceState.FAILED, failed.state());
        assertTrue(failed.reason().orElseThrow(), failed.reason().orElseThrow().contains("device:bmv2:s2"));
        assertEquals(SliceState.ACTIVE, state(a.id()));
        assertTrue("nothing removed anywhere", bed.flows.operations().stream()
                .noneMatch(op -> op.type() == FlowRuleOperation.Type.REMOVE));
        assertEquals("both slices' entries on the healthy s1", 8, bed.flows.installed(s1).size());

        bed.flows.heal();
        bed.manager.reconcileNow();
        runQueued();
        assertEquals(SliceState.ACTIVE, state(b.id()));
        assertEquals(16, bed.flows.installed().size());
    }

    @Test
    public void theAuditRewritesLostOrWrongMeterCellsAndLeavesRoundedOnesAlone() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        String s1Cell = s1 + " P4SliceIngress.slice_meter[" + slice.id().id() + "]";
        String s2Cell = s2 + " P4SliceIngress.slice_meter[" + slice.id().id() + "]";
        // s1 lost its cell (a switch restart); s2 reads back 1 B/s lower, as bmv2 does
        bed.meters.cells().remove(s1Cell);
        bed.meters.cells().put(s2Cell, PiMeterCellConfig.builder().withMeterCellId(cell(s2, slice.id()).cellId())
                .withCommittedBand(1_249_999, 65_536).withPeakBand(1_249_999, 65_536).build());
        bed.meters.operations().clear();
        bed.manager.reconcileNow();
        runQueued();
        assertEquals(List.of("submit " + s1Cell), bed.meters.operations());
        assertEquals(1_250_000, cell(s1, slice.id()).committedBand().rate());
        assertEquals(SliceState.ACTIVE, state(slice.id()));
    }

    @Test
    public void theAuditJudgesACellByItsDevicesOwnRounding() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        String s1Cell = s1 + " P4SliceIngress.slice_meter[" + slice.id().id() + "]";
        // a Tofino agent keeps whole kbit: 1,250,000 B/s written, 1,249,875 B/s read back
        bed.meters.cells().put(s1Cell, PiMeterCellConfig.builder().withMeterCellId(cell(s1, slice.id()).cellId())
                .withCommittedBand(1_249_875, 65_500).withPeakBand(1_249_875, 65_500).build());
        bed.meters.setRounding((written, read) -> read != null
                && Math.abs(read.committedBand().rate() - written.committedBand().rate()) <= 125
                && Math.abs(read.committedBand().burst() - written.committedBand().burst()) <= 125);
        bed.meters.operations().clear();
        bed.manager.reconcileNow();
        runQueued();
        assertEquals("the device's rounding says it holds: nothing rewritten", List.of(), bed.meters.operations());

        bed.meters.setRounding(SliceMeterCells::similar);
        bed.manager.reconcileNow();
        runQueued();
        assertEquals("bmv2's rounding would rewrite it", List.of("submit " + s1Cell), bed.meters.operations());
    }

    @Test
    public void anEnforcedMeterRateIsWrittenClearedByARestartAndSetAgain() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        bed.manager.setMeterRate(slice.id(), 16 * MBPS);
        runQueued();
        assertEquals(2_000_000, cell(s1, slice.id()).committedBand().rate());
        assertEquals(2_000_000, cell(s2, slice.id()).peakBand().rate());

        bed.stop();
        bed.start();
        runQueued();
        bed.meters.cells().clear();
        bed.manager.reconcileNow();
        runQueued();
        assertEquals("a restart clears the rate: the quota, 10 Mbit/s in bytes/s", 1_250_000,
                     cell(s1, slice.id()).committedBand().rate());

        bed.manager.setMeterRate(slice.id(), 8 * MBPS);
        runQueued();
        assertEquals("a rate set again is written", 1_000_000, cell(s1, slice.id()).committedBand().rate());
    }

    @Test
    public void anInvalidMeterRateChangesNothing() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        bed.meters.operations().clear();
        try {
            bed.manager.setMeterRate(slice.id(), 0);
            fail("expected a refusal of kind INVALID");
        } catch (SlicingException e) {
            assertEquals(Kind.INVALID, e.kind());
            assertEquals("the meter rate of slice 1 must be > 0 bit/s, got 0", e.getMessage());
        }
        try {
            bed.manager.setMeterRate(SliceId.of(99), 10 * MBPS);
            fail("expected a refusal of kind NOT_FOUND");
        } catch (SlicingException e) {
            assertEquals(Kind.NOT_FOUND, e.kind());
            assertEquals("no slice with id 99", e.getMessage());
        }
        assertEquals(List.of(), bed.meters.operations());
        assertEquals(1_250_000, cell(s1, slice.id()).committedBand().rate());
        assertFalse(bed.meters.cells().isEmpty());
    }

    /** Work interrupted because the instance stops records nothing: the next activation reconciles. */
    @Test
    public void workInterruptedByAStopLeavesTheSliceForTheNextActivation() {
        startQueued();
        Slice slice = wan("lab1", 1);
        Runnable work = queued.poll();
        Thread.currentThread().interrupt();
        try {
            work.run();
        } finally {
            Thread.interrupted();
        }
        assertEquals(SliceState.PROVISIONING, state(slice.id()));
        bed.stop();
        bed.start();
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
    }

    /** After a restart, a slice is not FAILED because one of its switches reconnects later than the other. */
    @Test
    public void aSliceWaitsForAllItsDevicesBeforeItIsProgrammedAgain() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        bed.stop();
        bed.devices.setAvailable(s2, false);
        bed.meters.setAvailable(s2, false);
        bed.start();
        runQueued();
        bed.manager.reconcileNow();
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        bed.clearRecords();

        bed.meters.setAvailable(s2, true);
        bed.devices.setAvailable(s2, true);
        runQueued();
        assertEquals(SliceState.ACTIVE, state(slice.id()));
        assertEquals("programmed again once both are there (meter cells rewritten)", 2, bed.meters.operations().size());
    }

    // a life cycle of its own over the testbed's store, devices and outcomes, with a translator that
    // records every slice it translates
    private SliceLifecycle countingLifecycle(List<Slice> translated) {
        SliceTranslator translator = new SliceTranslator();
        SlicePlanner counting = new SlicePlanner((slice, hosts) -> {
            translated.add(slice);
            return translator.translate(slice, hosts);
        }, id -> OptionalLong.empty(), slice -> KnownHosts.empty());
        DeviceWriter writer = new DeviceWriter(TestbedNetwork.APP_ID, bed.flows, bed.meters, bed.groups,
                                               new DeviceBehaviours(bed.devices, new DriverServiceAdapter()),
                                               bed.mastership);
        return new SliceLifecycle(bed.store, counting, writer, bed.devices,
                                  new Outcomes(bed.deviceStore, java.time.Clock.systemUTC()),
                                  bed.mastership, new SliceWork(MoreExecutors.directExecutor()));
    }

    /**
     * One step of an update over two devices that hold the same earlier shape translates the slice
     * as stored once and that earlier shape once, for both devices.
     */
    @Test
    public void anUpdateTranslatesTheStoredSliceAndTheEarlierShapeOnce() {
        startQueued();
        Slice before = wan("lab1", 1);
        runQueued();
        before = bed.manager.getSlice(before.id()).orElseThrow();
        assertEquals(SliceState.ACTIVE, before.state());
        int flowsAdded = bed.flows.added().size();
        Slice updated = bed.manager.updateSlice(before.id(), request("lab1", Endpoint.access(cp(s1, 1)),
                                                                      Endpoint.access(cp(s2, 1)))
                .quotaBps(20 * MBPS).build());
        queued.clear();     // the step is the counting life cycle's
        List<Slice> translated = new ArrayList<>();

        countingLifecycle(translated).storeChanged(new SliceEvent(SliceEvent.Type.SLICE_UPDATED, updated, before));

        assertEquals("the stored slice once, the shape s1 and s2 held once",
                     List.of(20 * MBPS, 10 * MBPS), translated.stream().map(Slice::quotaBps).collect(toList()));
        assertEquals(SliceState.ACTIVE, state(before.id()));
        assertEquals("only what differs is written: the meter cells", flowsAdded, bed.flows.added().size());
        assertEquals(2_500_000, cell(s1, before.id()).committedBand().rate());
        assertEquals(2_500_000, cell(s2, before.id()).committedBand().rate());
    }

    /** One step of a release over two devices that hold the slice translates its shape once. */
    @Test
    public void aReleaseTranslatesTheHeldShapeOnce() {
        startQueued();
        Slice slice = wan("lab1", 1);
        runQueued();
        slice = bed.manager.getSlice(slice.id()).orElseThrow();
        bed.manager.removeSlice(slice.id());
        queued.clear();     // the step is the counting life cycle's
        Slice releasing = bed.store.getSlice(slice.id()).orElseThrow();
        List<Slice> translated = new ArrayList<>();

        countingLifecycle(translated).storeChanged(
                new SliceEvent(SliceEvent.Type.SLICE_STATE_CHANGED, releasing, slice));

        assertEquals(List.of(slice.withState(SliceState.PROVISIONING, null)), translated);
        assertEquals("released and deleted", null, state(slice.id()));
        assertTrue(bed.flows.installed().isEmpty());
        assertTrue(bed.meters.cells().isEmpty());
    }
}
