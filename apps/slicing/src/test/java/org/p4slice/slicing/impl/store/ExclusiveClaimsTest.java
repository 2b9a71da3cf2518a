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
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.SharedStorageService;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * A VLAN or an access port is held by one slice of the cluster: a second claim is refused with the
 * holder named (to a tenant: "another slice") and changes nothing; a release by a slice that does not
 * hold it leaves the holder's claim alone.
 */
public class ExclusiveClaimsTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final SliceId A = SliceId.of(1);
    private static final SliceId B = SliceId.of(2);

    private SharedStorageService storage;
    private ExclusiveClaims claims;

    @Before
    public void setUp() {
        storage = new SharedStorageService();
        claims = new ExclusiveClaims(storage, DistributedSliceStore.SERIALIZER, id -> true);
    }

    private static Slice slice(SliceId id, int vlan) {
        return Slice.builder().id(id).name("lab" + id).tenant(ITB).vlan(VlanId.vlanId((short) vlan))
                .quotaBps(1_000_000L).endpoints(List.of(Endpoint.access(cp(S1, 1)))).build();
    }

    @Test
    public void aVlanHasOneHolderAcrossInstances() {
        claims.claimVlan(slice(A, 100));
        ExclusiveClaims other = new ExclusiveClaims(storage, DistributedSliceStore.SERIALIZER, id -> true);
        try {
            other.claimVlan(slice(B, 100));
            fail("VLAN 100 claimed twice");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("VLAN 100 is taken by slice 1", e.getMessage());
            assertEquals("VLAN 100 is not available", e.forTenant().getMessage());
        }
        assertEquals(Map.of(VlanId.vlanId((short) 100), A), other.vlans());
        other.releaseVlan(VlanId.vlanId((short) 100), B);
        assertEquals("a slice releases only what it holds", Map.of(VlanId.vlanId((short) 100), A), claims.vlans());
        claims.releaseVlan(VlanId.vlanId((short) 100), A);
        assertEquals(Map.of(), other.vlans());
    }

    @Test
    public void accessPortsAreClaimedOneByOneAndTheRefusedClaimSaysWhichPort() {
        Set<ConnectPoint> claimedByA = new HashSet<>();
        claims.claimAccessPorts(A, Set.of(cp(S1, 1)), claimedByA);
        assertEquals(Set.of(cp(S1, 1)), claimedByA);
        Set<ConnectPoint> again = new HashSet<>();
        claims.claimAccessPorts(A, Set.of(cp(S1, 1)), again);
        assertEquals("a port the slice holds is not claimed again", Set.of(), again);

        Set<ConnectPoint> claimedByB = new HashSet<>();
        try {
            claims.claimAccessPorts(B, Set.of(cp(S1, 1)), claimedByB);
            fail("port 1 claimed twice");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("port device:bmv2:s1/1 is the access port of slice 1; an access port belongs to one "
                                 + "slice only", e.getMessage());
        }
        assertEquals(Set.of(), claimedByB);
        claims.releaseAccessPorts(B, List.of(cp(S1, 1)));
        assertEquals(Map.of(cp(S1, 1), A), claims.accessPorts());
        claims.releaseAccessPorts(A, List.of(cp(S1, 1)));
        assertEquals(Map.of(), claims.accessPorts());
    }
}
