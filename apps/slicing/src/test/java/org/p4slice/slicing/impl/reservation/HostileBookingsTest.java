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
package org.p4slice.slicing.impl.reservation;

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
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.ReservationTestClock;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * What a hostile tenant did to other tenants' bookings, each through the tenant gate as over REST: a booking's
 * slice stays the booking's whatever its tenant renames or reshapes; a booking waits only for what holds its own
 * ports, and not for ever; a booked VLAN is never handed to someone else; finished bookings are forgotten after a
 * day and a tenant's live bookings are capped without any configuration.
 */
public class HostileBookingsTest {

    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller BOB = Caller.tenantUser("bob");
    private static final TenantId ITB = SlicingTestbed.ITB;
    private static final TenantId UI = TenantId.of("ui");
    private static final long MBPS = 1_000_000L;
    private static final Instant NOW = Instant.parse("2026-11-27T08:00:00Z");
    private static final Instant T0 = NOW.plus(Duration.ofHours(2));
    private static final Instant T1 = T0.plus(Duration.ofHours(1));
    private static final Instant T2 = T1.plus(Duration.ofHours(1));

    private final QueuedWork deviceWork = new QueuedWork();
    private SlicingTestbed bed;
    private ReservationTestClock clock;
    private DeviceId s1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        bed.executor = deviceWork;
        s1 = bed.addSwitch("s1", 8, 1000);
        bed.setTenantsConfig((ObjectNode) json("{'itb': {'maxBps': 20000000}, 'ui': {}}"));
        bed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        bed.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        clock = new ReservationTestClock(NOW);
        bed.useClock(clock);
        bed.startAll();
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private static SliceRequest.Builder slice(TenantId tenant, String name, DeviceId d, int port) {
        return request(name, Endpoint.access(cp(d, port))).tenant(tenant).quotaBps(MBPS);
    }

    private Reservation book(Caller who, SliceRequest.Builder slice, Instant start, Instant end) {
        SliceRequest r = slice.build();
        return bed.gate().reserve(who, ReservationRequest.of(r.tenant(), r, start, end));
    }

    private Reservation reservation(Reservation r) {
        return bed.reservations().getReservation(r.id()).orElseThrow();
    }

    private void at(Instant t) {
        clock.set(t);
        bed.tickReservations();
        deviceWork.runAll();
    }

    /** (2) A rename keeps the slice the booking's: its end releases it and the next booking starts. */
    @Test
    public void renamedSliceIsReleasedAtTheEndOfItsBooking() {
        Reservation a = book(ALICE, slice(ITB, "a", s1, 1), T0, T1);
        Reservation b = book(BOB, slice(UI, "b", s1, 1), T1, T2);
        at(T0);
        SliceId sa = reservation(a).sliceId().orElseThrow();
        bed.gate().updateSlice(ALICE, sa, slice(ITB, "renamed", s1, 1).build());
        at(T1);
        deviceWork.runAll();
        bed.tickReservations();
        deviceWork.runAll();
        assertEquals(ReservationState.COMPLETED, reservation(a).state());
        assertFalse("the renamed slice is released", bed.slices().getSlice(sa).filter(
                s -> s.tenant().equals(ITB)).isPresent());
        Reservation started = reservation(b);
        assertEquals(started.reason().orElse(""), ReservationState.ACTIVE, started.state());
    }

    /** (2) A renamed booking slice can still not be moved onto the port booked after the slot. */
    @Test
    public void renamedSliceIsStillJudgedAgainstLaterBookings() {
        Reservation a = book(ALICE, slice(ITB, "a", s1, 1), T0, T1);
        book(BOB, slice(UI, "b", s1, 2), T1, T2);
        at(T0);
        SliceId sa = reservation(a).sliceId().orElseThrow();
        bed.gate().updateSlice(ALICE, sa, slice(ITB, "renamed", s1, 1).build());
        // within its slot the port booked after it is its own; the slice ends with the slot
        bed.gate().updateSlice(ALICE, sa, request("renamed", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                .tenant(ITB).quotaBps(MBPS).build());
        assertEquals(2, bed.slices().getSlice(sa).orElseThrow().endpoints().size());
    }

    /** (2) A renamed booking slice may not take a port that another booking holds later within its slot. */
    @Test
    public void reshapedBookingSliceIsJudgedAgainstWhatIsBookedLaterInItsSlot() {
        Reservation a = book(ALICE, slice(ITB, "a", s1, 1), T0, T1);
        book(BOB, slice(UI, "b", s1, 2), T0.plus(Duration.ofMinutes(30)), T1);
        at(T0);
        SliceId sa = reservation(a).sliceId().orElseThrow();
        bed.gate().updateSlice(ALICE, sa, slice(ITB, "renamed", s1, 1).build());
        Slice before = bed.slices().getSlice(sa).orElseThrow();
        try {
            bed.gate().updateSlice(ALICE, sa, request("renamed", Endpoint.access(cp(s1, 1)),
                    Endpoint.access(cp(s1, 2))).tenant(ITB).quotaBps(MBPS).build());
            fail("took a port booked later in its slot");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("slice renamed would take what a booking holds: at 2026-11-27T10:30:00Z: port "
                    + cp(s1, 2) + " is the access port of another slice; an access port belongs to one slice only",
                    e.tenantMessage());
        }
        assertEquals(before, bed.slices().getSlice(sa).orElseThrow());
    }

    /** (3) A booked slice reshaped to more quota counts at its new quota against the tenant's maxBps. */
    @Test
    public void reshapedBookedSliceCountsAtItsNewQuota() {
        Reservation a = book(ALICE, slice(ITB, "a", s1, 1), T0, T1);
        at(T0);
        SliceId sa = reservation(a).sliceId().orElseThrow();
        bed.gate().updateSlice(ALICE, sa, slice(ITB, "a", s1, 1).quotaBps(19 * MBPS).build());
        Set<Slice> before = bed.slices().getSlices();
        try {
            bed.gate().createSlice(ALICE, slice(ITB, "more", s1, 3).quotaBps(19 * MBPS).build());
            fail("38 Mbit/s held under a 20 Mbit/s cap");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals("tenant itb may hold at most 20000000 bit/s of quota in total; it holds 19000000 (slices "
                    + "and overlapping bookings), this slice asks for 19000000 (total 38000000)", e.getMessage());
        }
        assertEquals(before, bed.slices().getSlices());
        try {
            bed.gate().updateSlice(ALICE, sa, slice(ITB, "a", s1, 1).quotaBps(21 * MBPS).build());
            fail("a reshape over the cap");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
        }
        assertEquals(19 * MBPS, bed.slices().getSlice(sa).orElseThrow().quotaBps());
    }

    /**
     * (4) Another tenant's slices created and removed on a free port of the same switch every second never
     * keep a booking from starting.
     */
    @Test
    public void churnOnOtherPortsNeverDelaysABooking() {
        Reservation b = book(BOB, slice(UI, "b", s1, 1), T0, T1);
        clock.set(T0.minusSeconds(1));
        Slice churn = bed.gate().createSlice(ALICE, slice(ITB, "churn", s1, 5).build());
        deviceWork.runAll();
        bed.gate().removeSlice(ALICE, churn.id());
        assertEquals(SliceState.RELEASING, bed.slices().getSlice(churn.id()).orElseThrow().state());
        clock.set(T0);
        bed.tickReservations();
        assertEquals(ReservationState.ACTIVE, reservation(b).state());
    }

    /** (4) A slice still releasing a booking's port delays it at most the bounded wait, then it FAILS. */
    @Test
    public void aPortStillBeingReleasedDelaysABookingOnlyBriefly() {
        Reservation a = book(ALICE, slice(ITB, "held", s1, 1), T0.minus(Duration.ofHours(1)), T0);
        Reservation b = book(BOB, slice(UI, "b", s1, 1), T0, T1);
        at(T0.minus(Duration.ofHours(1)));
        assertEquals(ReservationState.ACTIVE, reservation(a).state());
        clock.set(T0);
        bed.tickReservations();
        // the release of the first slot's slice never completes on the switch
        deviceWork.clear();
        assertEquals(ReservationState.COMPLETED, reservation(a).state());
        assertEquals(ReservationState.SCHEDULED, reservation(b).state());
        clock.set(T0.plusSeconds(10));
        bed.tickReservations();
        assertEquals(ReservationState.SCHEDULED, reservation(b).state());
        clock.set(T0.plusSeconds(31));
        bed.tickReservations();
        Reservation failed = reservation(b);
        assertEquals(ReservationState.FAILED, failed.state());
        String reason = failed.reason().orElse("");
        assertTrue(reason, reason.contains("port " + cp(s1, 1) + " was still being released by another slice"));
        assertFalse(reason, reason.contains("held") || reason.contains("itb"));
    }

    /** (6) Automatic allocation skips a VLAN a booking asked for; asking for it explicitly is refused. */
    @Test
    public void bookedVlanIsNeverHandedOut() {
        Reservation b = book(BOB, slice(UI, "b", s1, 1).vlan(VlanId.vlanId((short) 100)), T0, T1);
        Slice any = bed.gate().createSlice(ALICE, slice(ITB, "any", s1, 2).build());
        assertTrue(any.vlan().toShort() != 100);
        try {
            bed.gate().createSlice(ALICE, slice(ITB, "v100", s1, 3).vlan(VlanId.vlanId((short) 100)).build());
            fail("booked VLAN handed out");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            // one answer whoever holds it (a slice, a booking) or if it is outside the pool: nothing confirmed
            assertEquals("VLAN 100 is not available", e.tenantMessage());
        }
        at(T0);
        assertEquals(ReservationState.ACTIVE, reservation(b).state());
        assertEquals(100, bed.slices().getSlice(reservation(b).sliceId().orElseThrow()).orElseThrow()
                .vlan().toShort());
    }

    /** (6) The same for a booked slice id. */
    @Test
    public void bookedSliceIdIsNeverHandedOut() {
        Reservation b = book(BOB, slice(UI, "b", s1, 1).id(SliceId.of(1)), T0, T1);
        Slice any = bed.gate().createSlice(ALICE, slice(ITB, "any", s1, 2).build());
        assertTrue(any.id().id() != 1);
        at(T0);
        assertEquals(ReservationState.ACTIVE, reservation(b).state());
        assertEquals(SliceId.of(1), reservation(b).sliceId().orElseThrow());
    }

    /** (8) A finished booking is forgotten a day after its end by default. */
    @Test
    public void finishedBookingsAreForgottenAfterADay() {
        Reservation a = book(ALICE, slice(ITB, "a", s1, 1), T0, T1);
        bed.gate().cancel(ALICE, a.id());
        at(T1.plus(Duration.ofHours(23)));
        assertTrue(bed.reservations().getReservation(a.id()).isPresent());
        at(T1.plus(Duration.ofHours(24)));
        assertFalse(bed.reservations().getReservation(a.id()).isPresent());
    }

    /** (8) Without caps of its own in the netcfg, a tenant's live bookings are capped. */
    @Test
    public void liveBookingsAreCappedByDefault() {
        int n = 0;
        try {
            for (; n < 1000; n++) {
                Instant start = T0.plus(Duration.ofMinutes(n));
                book(BOB, slice(UI, "b" + n, s1, 1 + n % 8), start, start.plusSeconds(30));
            }
            fail("1000 live bookings held");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertTrue(e.getMessage(), e.getMessage().startsWith("tenant ui may hold at most "));
        }
        List<Reservation> held = bed.reservations().getReservations(UI);
        assertEquals(n, held.size());
        assertTrue("capped well below 1000: " + n, n <= 100);
        ReservationId refused = ReservationId.of(n + 1L);
        assertFalse(held.stream().anyMatch(r -> r.id().equals(refused)));
    }
}
