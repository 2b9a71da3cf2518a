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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.Endpoint;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.FakeLinkService;
import org.p4slice.testbed.SharedStorageService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * The store claims a slice's id, VLAN and access ports atomically, gives them back on removal,
 * turns map changes into slice events, and serializes every api value type with its namespace.
 */
public class DistributedSliceStoreTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    private SharedStorageService storage;
    private DistributedSliceStore store;
    private final List<SliceEvent> events = new ArrayList<>();

    @Before
    public void setUp() {
        storage = new SharedStorageService();
        store = new DistributedSliceStore();
        store.storageService = storage;
        store.activate();
        store.setDelegate(events::add);
    }

    private static Slice slice(int id, int vlan, Endpoint... endpoints) {
        return Slice.builder().id(SliceId.of(id)).name("lab" + id).tenant(ITB).vlan(VlanId.vlanId((short) vlan))
                .quotaBps(1_000_000L).endpoints(List.of(endpoints)).build();
    }

    private List<SliceEvent.Type> eventTypes() {
        return events.stream().map(SliceEvent::type).collect(Collectors.toList());
    }

    @Test
    public void createClaimsVlanAndAccessPorts() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)), Endpoint.trunk(cp(S1, 2)));
        store.createSlice(a);
        assertEquals(Optional.of(a), store.getSlice(a.id()));
        assertEquals(Map.of(VlanId.vlanId((short) 100), a.id()), store.getVlanAllocations());
        // trunk ports are shared, only access ports are claimed
        assertEquals(Map.of(cp(S1, 1), a.id()), store.getAccessPortAllocations());
        assertEquals(List.of(SliceEvent.Type.SLICE_ADDED), eventTypes());
        assertEquals(a, events.get(0).subject());
    }

    @Test
    public void conflictingCreateLeavesNothingBehind() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)));
        store.createSlice(a);
        events.clear();
        // new VLAN and a free port, but the access port s1/1 is taken: the VLAN claim is given back
        expectConflict(() -> store.createSlice(slice(2, 101, Endpoint.access(cp(S1, 2)), Endpoint.access(cp(S1, 1)))),
                       "port device:bmv2:s1/1 is the access port of slice 1; an access port belongs to one slice only");
        // same id
        expectConflict(() -> store.createSlice(slice(1, 102, Endpoint.access(cp(S1, 3)))),
                       "slice id 1 is taken by slice 1 (itb/lab1)");
        // same VLAN
        expectConflict(() -> store.createSlice(slice(3, 100, Endpoint.access(cp(S1, 4)))),
                       "VLAN 100 is taken by slice 1");
        assertEquals(Map.of(VlanId.vlanId((short) 100), a.id()), store.getVlanAllocations());
        assertEquals(Map.of(cp(S1, 1), a.id()), store.getAccessPortAllocations());
        assertEquals(List.of(a), List.copyOf(store.getSlices()));
        assertEquals(List.of(), events);
    }

    private static void expectConflict(Runnable r, String message) {
        try {
            r.run();
            fail("no conflict");
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals(message, e.getMessage());
        }
    }

    @Test
    public void updateMovesAccessPortClaims() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)), Endpoint.access(cp(S1, 2)));
        store.createSlice(a);
        store.createSlice(slice(2, 101, Endpoint.access(cp(S1, 5))));
        events.clear();
        Slice moved = slice(1, 100, Endpoint.access(cp(S1, 2)), Endpoint.access(cp(S1, 3)));
        store.updateSlice(a, moved);
        assertEquals(Set.of(cp(S1, 2), cp(S1, 3), cp(S1, 5)), store.getAccessPortAllocations().keySet());
        assertEquals(List.of(SliceEvent.Type.SLICE_UPDATED), eventTypes());
        assertEquals(a, events.get(0).prevSubject().get());

        expectConflict(() -> store.updateSlice(moved, slice(1, 100, Endpoint.access(cp(S1, 5)))),
                       "port device:bmv2:s1/5 is the access port of slice 2; an access port belongs to one slice only");
        expectConflict(() -> store.updateSlice(moved, slice(1, 107, Endpoint.access(cp(S1, 2)))),
                       "the VLAN of slice 1 is 100 and cannot be changed to 107");
        assertEquals(Optional.of(moved), store.getSlice(SliceId.of(1)));
        try {
            store.updateSlice(slice(9, 300, Endpoint.access(cp(S1, 6))), slice(9, 300, Endpoint.access(cp(S1, 7))));
            fail("updated a missing slice");
        } catch (SlicingException e) {
            assertEquals(Kind.NOT_FOUND, e.kind());
            assertEquals("no slice with id 9", e.getMessage());
        }
    }

    @Test
    public void stateChangesAreEventsOfTheirOwn() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)));
        store.createSlice(a);
        events.clear();
        Slice failed = store.setState(a.id(), SliceState.FAILED, "device refused").get();
        assertEquals(SliceState.FAILED, failed.state());
        assertEquals(Optional.of("device refused"), failed.reason());
        assertEquals(List.of(SliceEvent.Type.SLICE_STATE_CHANGED), eventTypes());
        // the same state again is no event
        store.setState(a.id(), SliceState.FAILED, "device refused");
        assertEquals(1, events.size());
        assertEquals(Optional.empty(), store.setState(SliceId.of(5), SliceState.ACTIVE, null));
    }

    @Test
    public void removeFreesEverything() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)));
        store.createSlice(a);
        events.clear();
        assertEquals(Optional.of(a), store.removeSlice(a.id()));
        assertEquals(Map.of(), store.getVlanAllocations());
        assertEquals(Map.of(), store.getAccessPortAllocations());
        assertEquals(List.of(SliceEvent.Type.SLICE_REMOVED), eventTypes());
        assertEquals(Optional.empty(), store.removeSlice(a.id()));
        store.createSlice(slice(2, 100, Endpoint.access(cp(S1, 1))));
    }

    @Test
    public void contentSurvivesARestartOfTheStore() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)));
        store.createSlice(a);
        store.deactivate();
        DistributedSliceStore again = new DistributedSliceStore();
        again.storageService = storage;
        again.activate();
        assertEquals(List.of(a), List.copyOf(again.getSlices()));
        assertEquals(Map.of(cp(S1, 1), a.id()), again.getAccessPortAllocations());
    }

    @Test
    public void everyApiValueTypeSerializes() {
        Link link = FakeLinkService.link(cp(S1, 8), cp(S2, 8));
        Slice slice = Slice.builder().id(SliceId.of(4094)).name("wan").tenant(TenantId.of("ufrgs"))
                .vlan(VlanId.vlanId((short) 3999)).quotaBps(123_456_789L).burstBytes(1500)
                .endpoints(List.of(Endpoint.access(cp(S1, 1)), Endpoint.trunk(cp(S2, 2))))
                .trunkLinks(List.of(link)).state(SliceState.FAILED).reason("meter refused").build();
        SliceRequest request = SliceRequest.builder().name("wan").tenant(ITB).id(SliceId.of(3))
                .vlan(VlanId.vlanId((short) 200)).quotaBps(5).endpoints(slice.endpoints()).build();
        List<Object> values = List.of(
                SliceId.of(1), ITB, EndpointMode.TRUNK, Endpoint.access(cp(S1, 1)), SliceState.RELEASING, slice,
                request, SliceStats.builder().counts(0, 1, 0, 3, 2, 0).rates(4, 5, 6)
                        .window(7, 8).build(),
                PortCapacity.of(cp(S1, 1), 1_000_000_000L, 0.05, 1, 949_999_999L),
                LinkCapacity.of(link, 1_000_000_000L, 0.05, 2, 949_999_998L));
        for (Object value : values) {
            Object copy = DistributedSliceStore.SERIALIZER.decode(DistributedSliceStore.SERIALIZER.encode(value));
            assertEquals(value, copy);
        }
        Slice copy = DistributedSliceStore.SERIALIZER.decode(DistributedSliceStore.SERIALIZER.encode(slice));
        // derived views work on the copy
        assertEquals(Set.of(S1, S2), copy.devices());
        assertEquals(EndpointMode.TRUNK, copy.modeOf(cp(S1, 8)));
        assertFalse(copy.hasPort(cp(S1, 9)));
    }

    @Test
    public void indexAnswersWhatThePortsAndLinksHold() {
        Link link = FakeLinkService.link(cp(S1, 8), cp(S2, 8));
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)), Endpoint.access(cp(S2, 1))).toBuilder()
                .trunkLinks(List.of(link)).quotaBps(30).build();
        Slice b = slice(2, 101, Endpoint.trunk(cp(S1, 8))).toBuilder().quotaBps(12).build();
        store.createSlice(a);
        store.createSlice(b);
        assertEquals(Map.of(a.id(), EndpointMode.ACCESS), users(cp(S1, 1)));
        assertEquals(Map.of(a.id(), EndpointMode.TRUNK, b.id(), EndpointMode.TRUNK), users(cp(S1, 8)));
        assertEquals(List.of(a.id(), b.id()), List.copyOf(users(cp(S1, 8)).keySet()));
        assertEquals(42, store.allocations().portBps(cp(S1, 8)));
        assertEquals(30, store.allocations().linkBps(LinkKeys.undirected(cp(S2, 8), cp(S1, 8))));
        assertEquals(Set.of(link), Set.copyOf(store.allocations().links().values()));
        assertEquals(Optional.of(b), store.getSlice(ITB, "lab2"));

        store.updateSlice(a, a.toBuilder().quotaBps(50).name("renamed").build());
        assertEquals(62, store.allocations().portBps(cp(S1, 8)));
        assertEquals(Optional.empty(), store.getSlice(ITB, "lab1"));
        assertEquals(a.id(), store.getSlice(ITB, "renamed").get().id());

        store.removeSlice(a.id());
        assertEquals(Map.of(), users(cp(S1, 1)));
        assertEquals(12, store.allocations().portBps(cp(S1, 8)));
        assertEquals(0, store.allocations().linkBps(LinkKeys.undirected(cp(S1, 8), cp(S2, 8))));
        assertEquals(Set.of(), Set.copyOf(store.allocations().links().values()));
    }

    @Test
    public void changesByAnotherInstanceReachTheIndex() {
        // a second store on the same maps plays the other controller instance
        DistributedSliceStore other = new DistributedSliceStore();
        other.storageService = storage;
        other.activate();
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)));
        other.createSlice(a);
        assertEquals(Optional.of(a), store.getSlice(a.id()));
        assertEquals(Map.of(a.id(), EndpointMode.ACCESS), users(cp(S1, 1)));
        assertEquals(List.of(SliceEvent.Type.SLICE_ADDED), eventTypes());
        other.setState(a.id(), SliceState.ACTIVE, null);
        assertEquals(SliceState.ACTIVE, store.getSlice(a.id()).get().state());
        other.removeSlice(a.id());
        assertEquals(Optional.empty(), store.getSlice(a.id()));
        assertEquals(0, store.allocations().portBps(cp(S1, 1)));
        // and this instance can take the port again
        store.createSlice(slice(2, 100, Endpoint.access(cp(S1, 1))));
        other.deactivate();
    }

    @Test
    public void lateEventsDoNotUndoNewerVersions() {
        Slice a = slice(1, 100, Endpoint.access(cp(S1, 1)));
        store.createSlice(a);
        Slice active = store.setState(a.id(), SliceState.ACTIVE, null).get();
        // the insert event of the first version arrives again, late (as events from the cluster may)
        store.sliceMapChanged(new MapEvent<>("p4slice-slices", a.id(), new Versioned<>(a, 1), null));
        assertEquals(Optional.of(active), store.getSlice(a.id()));
        store.removeSlice(a.id());
        store.sliceMapChanged(new MapEvent<>("p4slice-slices", a.id(), new Versioned<>(active, 2), null));
        assertEquals(Optional.empty(), store.getSlice(a.id()));
        assertEquals(0, store.allocations().portBps(cp(S1, 1)));
    }

    // the slices using a port, as admission sees them
    private Map<SliceId, EndpointMode> users(ConnectPoint port) {
        return store.allocations().portUsers(port, Integer.MAX_VALUE);
    }

}
