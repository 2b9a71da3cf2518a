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
package org.p4slice.slicing.impl.store;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.SharedStorageService;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * Two instances' slice stores on one storage, with the other instance's write forced into the
 * exact moment between what one instance read and what it writes (a listener of the access-port
 * map runs in the writer's thread when the writer claims its new port): a reshape never
 * overwrites a slice that became RELEASING, gives back the port it claimed, and a state change never
 * takes a slice out of RELEASING.
 */
public class StoreRaceTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final SliceId ID = SliceId.of(1);

    private SharedStorageService storage;
    private DistributedSliceStore one;
    private DistributedSliceStore two;

    @Before
    public void setUp() {
        storage = new SharedStorageService();
        one = started(storage);
        two = started(storage);
    }

    private static DistributedSliceStore started(SharedStorageService storage) {
        DistributedSliceStore store = new DistributedSliceStore();
        store.storageService = storage;
        store.activate();
        return store;
    }

    private static Slice slice(int port, long quota) {
        return Slice.builder().id(ID).name("lab").tenant(ITB).vlan(VlanId.vlanId((short) 100)).quotaBps(quota)
                .endpoints(List.of(Endpoint.access(cp(S1, port)))).build().withState(SliceState.ACTIVE, null);
    }

    // runs 'meanwhile' once, when a port is first claimed in the cluster's access-port map
    private void whenAPortIsClaimed(Runnable meanwhile) {
        ConsistentMap<ConnectPoint, SliceId> ports = storage.<ConnectPoint, SliceId>consistentMapBuilder()
                .withName("p4slice-access-ports").withSerializer(DistributedSliceStore.SERIALIZER).build();
        MapEventListener<ConnectPoint, SliceId> listener = new MapEventListener<>() {
            private boolean done;

            @Override
            public void event(MapEvent<ConnectPoint, SliceId> event) {
                if (!done && event.type() == MapEvent.Type.INSERT) {
                    done = true;
                    meanwhile.run();
                }
            }
        };
        ports.addListener(listener);
    }

    @Test
    public void aReshapeNeverOverwritesASliceThatBecameReleasing() {
        Slice active = slice(1, 10);
        one.createSlice(active);
        whenAPortIsClaimed(() -> two.setState(ID, SliceState.RELEASING, null));
        try {
            one.updateSlice(active, slice(5, 20).withState(SliceState.PROVISIONING, null));
            fail("a reshape overwrote a RELEASING slice");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("slice 1 is being released; nothing was changed", e.getMessage());
        }
        // the release goes on with the shape it read; the port the reshape claimed is free again
        Slice stored = two.getSlice(ID).orElseThrow();
        assertEquals(SliceState.RELEASING, stored.state());
        assertEquals(active.endpoints(), stored.endpoints());
        assertEquals(Map.of(cp(S1, 1), ID), one.getAccessPortAllocations());
        assertEquals(Optional.of(stored), one.getSlice(ID));
    }

    @Test
    public void aReshapeDecidedOnAnOlderVersionIsRefused() {
        Slice active = slice(1, 10);
        one.createSlice(active);
        two.updateSlice(active, slice(2, 10));
        try {
            one.updateSlice(active, slice(3, 10));
            fail("a reshape decided on an older version was stored");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("slice 1 was changed meanwhile by another request; nothing was changed, try again",
                         e.getMessage());
        }
        assertEquals(Optional.of(slice(2, 10)), one.getSlice(ID));
        assertEquals(Map.of(cp(S1, 2), ID), one.getAccessPortAllocations());
    }

    @Test
    public void aStateChangeNeverTakesASliceOutOfReleasing() {
        one.createSlice(slice(1, 10).withState(SliceState.PROVISIONING, null));
        two.setState(ID, SliceState.RELEASING, null);
        // the programming that was under way on the first instance ends and records its outcome
        Optional<Slice> after = one.setState(ID, SliceState.ACTIVE, null);
        assertEquals(SliceState.RELEASING, after.orElseThrow().state());
        assertEquals(SliceState.RELEASING, two.getSlice(ID).orElseThrow().state());
        assertEquals(SliceState.RELEASING, one.setState(ID, SliceState.FAILED, "device down").orElseThrow().state());
    }
}
