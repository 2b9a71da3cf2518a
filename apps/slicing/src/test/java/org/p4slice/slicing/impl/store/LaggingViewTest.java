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

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.impl.reservation.ReservationScheduler;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Two instances of a cluster; the second one's local copy of the slices lags (it stopped hearing the
 * slice map's events): alice's slice 1 is released on the first instance and the id goes to bob's new
 * slice. A DELETE or PUT of slice 1 by alice served by the lagging instance (whose copy still shows
 * alice's slice) is answered "no slice with id 1" and leaves bob's slice as it was: the owner is checked
 * on the slice as stored, in the write that would change it.
 */
public class LaggingViewTest {

    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller BOB = Caller.tenantUser("bob");
    private static final SliceId ID = SliceId.of(1);

    private SlicingTestbed one;
    private SlicingTestbed two;
    private DeviceId s1;

    @Before
    public void setUp() {
        one = new SlicingTestbed();
        two = new SlicingTestbed(one.storage);
        for (SlicingTestbed node : List.of(one, two)) {
            s1 = node.addSwitch("s1", 8, 1000);
            node.setTenantsConfig((ObjectNode) json("{'itb': {}, 'ui': {}}"));
            node.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
            node.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
            node.startAll();
        }
        assertEquals(ID, one.gate().createSlice(ALICE, request("lab", Endpoint.access(cp(s1, 1))).build()).id());
        assertEquals("the second instance sees alice's slice", TenantId.of("itb"),
                     two.gate().getSlice(ALICE, ID).tenant());
        // from now on the second instance's copy lags: it hears no more changes of the slice map
        two.store.deactivate();
        one.gate().removeSlice(ALICE, ID);
        assertTrue("alice's slice is gone", one.slices().getSlice(ID).isEmpty());
        Slice bobs = one.gate().createSlice(BOB, request("web", Endpoint.access(cp(s1, 2))).tenant(TenantId.of("ui"))
                .build());
        assertEquals("bob's new slice reuses the id", ID, bobs.id());
        assertEquals("the lagging copy still shows alice's slice", TenantId.of("itb"),
                     two.gate().getSlice(ALICE, ID).tenant());
    }

    @After
    public void tearDown() {
        two.stop();
        one.stop();
    }

    private Slice bobsSlice() {
        return one.slices().getSlice(ID).orElseThrow();
    }

    @Test
    public void aDeleteServedFromALaggingCopyNeverReleasesAnotherTenantsSlice() {
        Slice before = bobsSlice();
        try {
            two.gate().removeSlice(ALICE, ID);
            fail("alice released slice 1, which is bob's");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.NOT_FOUND, e.kind());
            assertEquals("no slice with id 1", e.getMessage());
        }
        assertEquals("bob's slice is untouched", before, bobsSlice());
        assertEquals(SliceState.ACTIVE, bobsSlice().state());
    }

    @Test
    public void aBookingEndedFromALaggingCopyNeverReleasesAnotherTenantsSlice() {
        Slice before = bobsSlice();
        // alice's booking ends on the lagging instance, whose copy still shows her slice under id 1
        ReservationRequest booked = ReservationRequest.of(TenantId.of("itb"),
                request("lab", Endpoint.access(cp(s1, 1))).build(), Instant.EPOCH, Instant.EPOCH.plusSeconds(60));
        Reservation alices = Reservation.scheduled(ReservationId.of(1), booked)
                .withState(ReservationState.ACTIVE, null, ID);
        ReservationScheduler scheduler = new ReservationScheduler(new DistributedReservationStore(), two.slices(),
                                                                  two.manager, new WorkPartitionServiceAdapter(),
                                                                  Clock.systemUTC(), new Object());
        assertEquals("slice 1 had already been removed", scheduler.release(alices));
        assertEquals("bob's slice is untouched", before, bobsSlice());
    }

    @Test
    public void aBookingWrittenByAnotherInstanceIsSeenByAdmissionWhileItsEventsLag() {
        // the second instance's index of the bookings hears no more changes of the reservation map
        two.reservationStore.deactivate();
        Instant start = Instant.now().plus(Duration.ofHours(1));
        SliceRequest booked = request("slot", Endpoint.access(cp(s1, 3))).vlan(VlanId.vlanId((short) 300)).build();
        one.reservationStore.createReservation(ReservationRequest.of(TenantId.of("itb"), booked, start,
                                                                     start.plus(Duration.ofHours(1))));
        String before = one.slices().getSlices().toString();
        try {
            two.gate().createSlice(BOB, request("web2", Endpoint.access(cp(s1, 4))).tenant(TenantId.of("ui"))
                    .vlan(VlanId.vlanId((short) 300)).build());
            fail("the second instance handed out a VLAN booked on the first");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("VLAN 300 is not available", e.tenantMessage());
        }
        assertEquals("nothing changed", before, one.slices().getSlices().toString());
    }

    @Test
    public void aRateSetFromALaggingCopyIsNotEnforcedOnTheSliceThatReusesTheId() {
        // the fairness app on the lagging instance lends alice's slice (as that instance sees it) more
        two.slices().setMeterRate(ID, 4_000_000L);
        assertEquals("bob's slice runs at its quota", OptionalLong.empty(), one.slices().getMeterRate(ID));
        Slice bobs = bobsSlice();
        one.slices().setMeterRate(ID, 3_000_000L);
        assertEquals("a rate set for bob's slice is bob's", OptionalLong.of(3_000_000L),
                     one.slices().getMeterRate(bobs.id()));
    }

    @Test
    public void anUpdateServedFromALaggingCopyNeverTouchesAnotherTenantsSlice() {
        Slice before = bobsSlice();
        try {
            two.gate().updateSlice(ALICE, ID, request("lab", Endpoint.access(cp(s1, 3))).build());
            fail("alice changed slice 1, which is bob's");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.NOT_FOUND, e.kind());
            assertEquals("no slice with id 1", e.getMessage());
        }
        assertEquals("bob's slice is untouched", before, bobsSlice());
    }
}
