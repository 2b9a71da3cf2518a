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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.SlicingTestbed;
import com.google.common.collect.ImmutableMap;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.VlanPool;
import org.p4slice.testbed.FakeDeviceService;
import org.p4slice.testbed.FakeLinkService;
import org.p4slice.testbed.FakePathService;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.p4slice.slicing.impl.store.SliceIndex;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Ids, VLANs, links and access ports handed out by the allocator.
 */
public class SliceAllocatorTest {

    private static final VlanPool POOL = VlanPool.parse("100-102");

    private SliceAllocator allocator;
    private DeviceId s1;
    private DeviceId s2;
    private Link trunk;

    @Before
    public void setUp() {
        FakeDeviceService devices = new FakeDeviceService();
        FakeLinkService links = new FakeLinkService();
        s1 = devices.addDevice("device:bmv2:s1", 8, 1000, ImmutableMap.of());
        s2 = devices.addDevice("device:bmv2:s2", 8, 1000, ImmutableMap.of());
        trunk = links.addLink(cp(s1, 8), cp(s2, 8));
        allocator = new SliceAllocator(new TrunkPathResolver(new FakePathService(links)));
    }

    @Test
    public void allocatesTheLowestFreeIdAndVlan() {
        List<Slice> existing = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            existing.add(allocator.allocate(request("s" + i, Endpoint.access(cp(s1, i + 1))).build(),
                    SliceIndex.of(existing), POOL));
        }
        assertEquals(SliceId.of(3), existing.get(2).id());
        assertEquals(VlanId.vlanId((short) 102), existing.get(2).vlan());
        assertEquals(SliceState.PROVISIONING, existing.get(2).state());
        existing.remove(1);
        Slice again = allocator.allocate(request("x", Endpoint.access(cp(s1, 5))).build(),
                SliceIndex.of(existing), POOL);
        assertEquals(SliceId.of(2), again.id());
        assertEquals(VlanId.vlanId((short) 101), again.vlan());
        existing.add(again);
        try {
            allocator.allocate(request("y", Endpoint.access(cp(s1, 6))).build(), SliceIndex.of(existing), POOL);
            fail("allocated from an exhausted pool");
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals("no free VLAN: all 3 VLANs of the pool 100-102 are in use", e.getMessage());
        }
    }

    @Test
    public void explicitVlanMustBeInThePool() {
        try {
            allocator.allocate(request("x", Endpoint.access(cp(s1, 1))).vlan(VlanId.vlanId((short) 103)).build(),
                               SliceIndex.of(List.of()), POOL);
            fail();
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals("VLAN 103 is outside the VLAN pool 100-102", e.getMessage());
            assertEquals("VLAN 103 is not available", e.forTenant().getMessage());
        }
    }

    @Test
    public void allSliceIdsCanBeUsedAndNoMore() {
        VlanPool wide = VlanPool.parse("2-4094");
        List<Slice> existing = new ArrayList<>();
        for (int i = 1; i <= SliceId.MAX; i++) {
            existing.add(Slice.builder().id(SliceId.of(i)).name("s" + i).tenant(SlicingTestbed.ITB)
                                 .vlan(VlanId.vlanId((short) Math.min(i + 1, 4094))).quotaBps(1).build());
        }
        try {
            allocator.allocate(request("x", Endpoint.trunk(cp(s1, 1))).build(), SliceIndex.of(existing), wide);
            fail();
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals("no free slice id: all 4094 are in use", e.getMessage());
        }
    }

    @Test
    public void multiSwitchSliceGetsThePathAsTrunkLinks() {
        Slice s = allocator.allocate(request("wan", Endpoint.access(cp(s1, 1)), Endpoint.trunk(cp(s2, 2))).build(),
                                     SliceIndex.of(List.of()), POOL);
        assertEquals(Set.of(trunk), s.trunkLinks());
        assertEquals(Set.of(cp(s1, 1), cp(s1, 8), cp(s2, 2), cp(s2, 8)), s.ports());
    }

    @Test
    public void reshapeKeepsIdVlanTenantAndState() {
        Slice s = allocator.allocate(request("a", Endpoint.access(cp(s1, 1))).build(), SliceIndex.of(List.of()), POOL)
                .withState(SliceState.ACTIVE, null);
        SliceRequest change = request("b", Endpoint.access(cp(s2, 1))).quotaBps(77).burstBytes(9000).build();
        Slice r = allocator.reshape(s, change, SliceIndex.of(List.of(s)));
        assertEquals(s.id(), r.id());
        assertEquals(s.vlan(), r.vlan());
        assertEquals("b", r.name());
        assertEquals(77, r.quotaBps());
        assertEquals(9000, r.burstBytes());
        assertEquals(SliceState.ACTIVE, r.state());
        assertEquals(Set.of(s2), r.devices());
    }

    @Test
    public void accessPortsAreExclusiveTrunksShared() {
        Slice a = allocator.allocate(request("a", Endpoint.access(cp(s1, 1)), Endpoint.trunk(cp(s1, 2))).build(),
                                     SliceIndex.of(List.of()), POOL);
        Slice b = allocator.allocate(request("b", Endpoint.trunk(cp(s1, 2))).build(), SliceIndex.of(List.of(a)), POOL);
        assertEquals(SliceId.of(2), b.id());
        try {
            allocator.allocate(request("c", Endpoint.access(cp(s1, 2))).build(), SliceIndex.of(List.of(a, b)), POOL);
            fail();
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals("port device:bmv2:s1/2 already carries slice 1 (itb/a) as a trunk; "
                                 + "an access port belongs to one slice only", e.getMessage());
        }
    }
}
