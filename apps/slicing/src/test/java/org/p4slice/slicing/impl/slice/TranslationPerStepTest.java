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

import com.google.common.util.concurrent.MoreExecutors;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.impl.programming.DeviceBehaviours;
import org.p4slice.slicing.impl.programming.DeviceWriter;
import org.p4slice.slicing.impl.store.DeviceOutcomes;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TestbedNetwork;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import static java.util.stream.Collectors.toList;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * One step of a slice's life translates each shape of the slice once: the slice as stored, and
 * each earlier shape its devices hold, shared by all the devices that hold it. The step runs in a
 * life cycle of its own over the testbed's store, devices and outcomes, with a translator that
 * records every slice it translates.
 */
public class TranslationPerStepTest {

    private static final long MBPS = 1_000_000L;

    private final QueuedWork queued = new QueuedWork();
    private final List<Slice> translated = new ArrayList<>();
    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;
    private SliceLifecycle lifecycle;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 8, 1000);
        s2 = bed.addSwitch("s2", 8, 1000);
        bed.connect(cp(s1, 8), cp(s2, 8));
        bed.executor = queued;
        bed.start();
        queued.runAll();
        SliceTranslator translator = new SliceTranslator();
        SlicePlanner counting = new SlicePlanner((slice, hosts) -> {
            translated.add(slice);
            return translator.translate(slice, hosts);
        }, id -> OptionalLong.empty(), slice -> KnownHosts.empty());
        DeviceWriter writer = new DeviceWriter(TestbedNetwork.APP_ID, bed.flows, bed.meters, bed.groups,
                                               new DeviceBehaviours(bed.devices, new DriverServiceAdapter()),
                                               bed.mastership);
        lifecycle = new SliceLifecycle(bed.store, counting, writer, bed.devices, new DeviceOutcomes(bed.storage),
                                       bed.mastership, new SliceWork(MoreExecutors.directExecutor()));
    }

    // a slice on s1:1 and s2:1, ACTIVE on both devices (written by the testbed's own life cycle)
    private Slice activeWan() {
        Slice slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1)))
                                                      .quotaBps(10 * MBPS).build());
        queued.runAll();
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(slice.id()).orElseThrow().state());
        return bed.manager.getSlice(slice.id()).orElseThrow();
    }

    /** An update over two devices that hold the same earlier shape: the new and the old shape, once each. */
    @Test
    public void anUpdateTranslatesTheStoredSliceAndTheEarlierShapeOnce() {
        Slice before = activeWan();
        int flowsAdded = bed.flows.added().size();
        Slice updated = bed.manager.updateSlice(before.id(), request("lab1", Endpoint.access(cp(s1, 1)),
                                                                      Endpoint.access(cp(s2, 1)))
                .quotaBps(20 * MBPS).build());
        queued.clear();     // the step is this test's life cycle's

        lifecycle.storeChanged(new SliceEvent(SliceEvent.Type.SLICE_UPDATED, updated, before));

        assertEquals("the stored slice once, the shape s1 and s2 held once",
                     List.of(20 * MBPS, 10 * MBPS), translated.stream().map(Slice::quotaBps).collect(toList()));
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(before.id()).orElseThrow().state());
        assertEquals(20 * MBPS, bed.manager.getSlice(before.id()).orElseThrow().quotaBps());
        assertEquals("only what differs is written: the meter cells", flowsAdded, bed.flows.added().size());
        assertEquals(2_500_000, bed.meters.cells().get(s1 + " P4SliceIngress.slice_meter[" + before.id().id() + "]")
                .committedBand().rate());
        assertEquals(2_500_000, bed.meters.cells().get(s2 + " P4SliceIngress.slice_meter[" + before.id().id() + "]")
                .committedBand().rate());
    }

    /** A release over two devices that hold the slice: its shape once, for both. */
    @Test
    public void aReleaseTranslatesTheHeldShapeOnce() {
        Slice slice = activeWan();
        bed.manager.removeSlice(slice.id());
        queued.clear();     // the step is this test's life cycle's
        Slice releasing = bed.store.getSlice(slice.id()).orElseThrow();

        lifecycle.storeChanged(new SliceEvent(SliceEvent.Type.SLICE_STATE_CHANGED, releasing, slice));

        assertEquals(1, translated.size());
        assertEquals(slice.withState(SliceState.PROVISIONING, null), translated.get(0));
        assertTrue("released and deleted", bed.store.getSlice(slice.id()).isEmpty());
        assertTrue(bed.flows.installed().isEmpty());
        assertTrue(bed.meters.cells().isEmpty());
    }
}
