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

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.ReservationTestClock;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * An explicit slice id or VLAN a tenant cannot have gets one answer, whoever holds it: bob is told
 * CONFLICT "VLAN V is not available" whether alice's slice holds V, alice's booking holds it now, or V is
 * outside the operator's pool; and "slice id N is not available" whether alice's slice or booking holds N.
 * So bob's requests tell him nothing of alice's slices and bookings; nothing changes.
 */
public class UnavailableIdsTest {

    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller BOB = Caller.tenantUser("bob");
    private static final TenantId UI = TenantId.of("ui");

    private SlicingTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 8, 1000);
        bed.setTenantsConfig((ObjectNode) json("{'itb': {}, 'ui': {}}"));
        bed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        bed.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        bed.slicingJson().put("vlanPool", "100-199");
        ReservationTestClock clock = new ReservationTestClock(Instant.parse("2026-11-27T08:00:00Z"));
        bed.useClock(clock);
        bed.startAll();
        // alice's slice: id 1, VLAN 100; alice's booking, from now: id 7, VLAN 150
        Slice lab = bed.gate().createSlice(ALICE, request("lab", Endpoint.access(cp(s1, 1))).build());
        assertEquals(VlanId.vlanId((short) 100), lab.vlan());
        Instant now = clock.instant();
        bed.gate().reserve(ALICE, ReservationRequest.of(SlicingTestbed.ITB, request("booked",
                Endpoint.access(cp(s1, 2))).id(SliceId.of(7)).vlan(VlanId.vlanId((short) 150)).build(),
                now.plus(Duration.ofMinutes(10)), now.plus(Duration.ofHours(2))));
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private void refused(SliceRequest.Builder request, String message) {
        Set<Slice> before = Set.copyOf(bed.slices().getSlices());
        try {
            bed.gate().createSlice(BOB, request.tenant(UI).build());
            fail("admitted");
        } catch (SlicingException e) {
            assertEquals(message, SlicingException.Kind.CONFLICT, e.kind());
            assertEquals(message, e.getMessage());
        }
        assertEquals("nothing changed", before, Set.copyOf(bed.slices().getSlices()));
    }

    @Test
    public void aVlanHeldBookedOrOutsideThePoolGetsOneAnswer() {
        refused(request("a", Endpoint.access(cp(s1, 5))).vlan(VlanId.vlanId((short) 100)), "VLAN 100 is not available");
        refused(request("b", Endpoint.access(cp(s1, 5))).vlan(VlanId.vlanId((short) 150)), "VLAN 150 is not available");
        refused(request("c", Endpoint.access(cp(s1, 5))).vlan(VlanId.vlanId((short) 300)), "VLAN 300 is not available");
    }

    @Test
    public void aSliceIdHeldOrBookedGetsOneAnswer() {
        refused(request("a", Endpoint.access(cp(s1, 5))).id(SliceId.of(1)), "slice id 1 is not available");
        refused(request("b", Endpoint.access(cp(s1, 5))).id(SliceId.of(7)), "slice id 7 is not available");
    }
}
