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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.ReservationTestbed;
import org.p4slice.testbed.SlicingTestbed;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationEvent;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Reservations over the real slice manager with a test clock: every transition, overlap edges
 * (touching, nested, same port in another slot, bandwidth exactly at the limit and one bit over),
 * cancel and extend, and the slice created and released by the scheduler.
 */
public class ReservationManagerTest {

    static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    static final Instant T2 = Instant.parse("2026-11-21T12:00:00Z");
    static final long MBPS = 1_000_000L;

    private ReservationTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        SlicingTestbed slicing = new SlicingTestbed();
        // 100 Mbps ports: 95 Mbps usable with the default guard band
        s1 = slicing.addSwitch("s1", 4, 100);
        s2 = slicing.addSwitch("s2", 4, 100);
        slicing.connect(cp(s1, 4), cp(s2, 4));
        bed = new ReservationTestbed(slicing);
        bed.start();
    }

    @After
    public void tearDown() {
        bed.stopReservations();
        bed.slicing.stop();
    }

    private Reservation reserve(SliceRequest slice, Instant start, Instant end) {
        return bed.manager.reserve(ReservationRequest.of(ITB, slice, start, end));
    }

    private Reservation reservation(long id) {
        return bed.manager.getReservation(ReservationId.of(id)).orElseThrow();
    }

    private SliceRequest lab(String name, long quotaMbps, Endpoint... endpoints) {
        return request(name, endpoints).quotaBps(quotaMbps * MBPS).build();
    }

    private void at(Instant t) {
        bed.clock.set(t);
        bed.tick();
    }

    private List<ReservationEvent.Type> eventTypes() {
        return bed.events.stream().map(ReservationEvent::type).collect(Collectors.toList());
    }

    /**
     * Asserts that a booking is refused with the given message and that nothing changed.
     *
     * @param type    expected exception class
     * @param message expected message
     * @param booking the refused booking
     */
    private void assertRefused(Kind kind, String message, Runnable booking) {
        List<Reservation> before = bed.manager.getReservations();
        int events = bed.events.size();
        try {
            booking.run();
            fail("expected a refusal of kind " + kind + ": " + message);
        } catch (SlicingException e) {
            assertEquals(kind, e.kind());
            assertEquals(message, e.getMessage());
        }
        assertEquals(before, bed.manager.getReservations());
        assertEquals(events, bed.events.size());
    }

    @Test
    public void scheduledThenActiveThenCompleted() {
        Reservation r = reserve(lab("lab1", 10, Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2))), T0, T1);
        assertEquals(ReservationId.of(1), r.id());
        assertEquals(ReservationState.SCHEDULED, r.state());
        assertEquals(Optional.empty(), r.sliceId());
        assertEquals(List.of(r), bed.manager.getReservations());
        assertEquals(List.of(r), bed.manager.getReservations(ITB));

        at(T0.minusMillis(1));
        assertEquals(ReservationState.SCHEDULED, reservation(1).state());
        assertEquals(0, bed.slicing.manager.getSlices().size());

        at(T0);
        Reservation active = reservation(1);
        assertEquals(ReservationState.ACTIVE, active.state());
        assertEquals(Optional.of(SliceId.of(1)), active.sliceId());
        assertEquals(Optional.empty(), active.reason());
        Slice slice = bed.slicing.manager.getSlice(SliceId.of(1)).orElseThrow();
        assertEquals(SliceState.ACTIVE, slice.state());
        assertEquals("lab1", slice.name());
        assertEquals(10 * MBPS, slice.quotaBps());
        assertEquals(4, bed.slicing.flows.installed(s1).size());
        assertEquals(1, bed.slicing.meters.cells().size());
        assertEquals(1, bed.slicing.groups.installed(s1).size());

        at(T1.minusMillis(1));
        assertEquals(ReservationState.ACTIVE, reservation(1).state());

        at(T1);
        Reservation done = reservation(1);
        assertEquals(ReservationState.COMPLETED, done.state());
        assertEquals(Optional.empty(), done.reason());
        assertEquals(Optional.of(SliceId.of(1)), done.sliceId());
        // the switch is left clean: no slice, entries, meter cells or groups; counters reset
        assertEquals(0, bed.slicing.manager.getSlices().size());
        assertEquals(List.of(), bed.slicing.flows.installed(s1));
        assertEquals(0, bed.slicing.meters.cells().size());
        assertEquals(List.of(), bed.slicing.groups.installed(s1));
        assertEquals(List.of(1), bed.slicing.counters.get(s1).resets);
        assertEquals(List.of(ReservationEvent.Type.RESERVATION_ADDED, ReservationEvent.Type.RESERVATION_UPDATED,
                             ReservationEvent.Type.RESERVATION_UPDATED), eventTypes());
        assertEquals(ReservationState.ACTIVE, bed.events.get(2).prevSubject().orElseThrow().state());

        at(T2);
        assertEquals(done, reservation(1));
    }

    /** A booking of exactly the maximum duration is accepted (one millisecond more is refused). */
    @Test
    public void exactlyTheMaximumDurationIsAccepted() {
        reserve(lab("lab", 10, Endpoint.access(cp(s1, 1))), T0, T0.plus(Duration.ofDays(7)));
        assertEquals(1, bed.manager.getReservations().size());
    }

    @Test
    public void backToBackSlotsHandOverThePort() {
        reserve(lab("a", 10, Endpoint.access(cp(s1, 1))), T0, T1);
        Reservation b = reserve(lab("b", 10, Endpoint.access(cp(s1, 1))), T1, T2);
        assertEquals(ReservationState.SCHEDULED, b.state());

        at(T0);
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(ReservationState.ACTIVE, reservation(2).state());
        Slice slice = bed.slicing.manager.getSlice(reservation(2).sliceId().orElseThrow()).orElseThrow();
        assertEquals("b", slice.name());
        assertEquals(1, bed.slicing.manager.getSlices().size());
        at(T2);
        assertEquals(ReservationState.COMPLETED, reservation(2).state());
        assertEquals(0, bed.slicing.manager.getSlices().size());
    }

    @Test
    public void overlappingAccessPortIsRefusedAtTheFirstCommonInstant() {
        reserve(lab("a", 10, Endpoint.access(cp(s1, 1))), T0, T1);
        assertRefused(Kind.CONFLICT,
                      "at 2026-11-21T10:30:00Z: port device:bmv2:s1/1 is the access port of reservation 1 "
                              + "(itb/a, 2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z); an access port belongs "
                              + "to one slice only",
                      () -> reserve(lab("b", 10, Endpoint.access(cp(s1, 1))), T0.plus(Duration.ofMinutes(30)),
                                    T1.plus(Duration.ofMinutes(30))));
        // a trunk on another's access port is refused as well
        assertRefused(Kind.CONFLICT,
                      "at 2026-11-21T10:00:00Z: port device:bmv2:s1/1 is the access port of reservation 1 "
                              + "(itb/a, 2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z); an access port belongs "
                              + "to one slice only",
                      () -> reserve(lab("b", 10, Endpoint.trunk(cp(s1, 1)), Endpoint.access(cp(s1, 2))),
                                    T0.minus(Duration.ofMinutes(30)), T1));
    }

    @Test
    public void nestedSlotsConflictWhicheverIsBookedFirst() {
        Instant inner = T0.plus(Duration.ofMinutes(20));
        reserve(lab("outer", 10, Endpoint.access(cp(s1, 1))), T0, T2);
        assertRefused(Kind.CONFLICT,
                      "at 2026-11-21T10:20:00Z: port device:bmv2:s1/1 is the access port of reservation 1 "
                              + "(itb/outer, 2026-11-21T10:00:00Z to 2026-11-21T12:00:00Z); an access port "
                              + "belongs to one slice only",
                      () -> reserve(lab("inner", 10, Endpoint.access(cp(s1, 1))), inner, T1));

        bed.manager.cancel(ReservationId.of(1));
        reserve(lab("inner", 10, Endpoint.access(cp(s1, 1))), inner, T1);
        // the outer slot is free at its start, taken from the inner slot's start on
        assertRefused(Kind.CONFLICT,
                      "at 2026-11-21T10:20:00Z: port device:bmv2:s1/1 is the access port of reservation 2 "
                              + "(itb/inner, 2026-11-21T10:20:00Z to 2026-11-21T11:00:00Z); an access port "
                              + "belongs to one slice only",
                      () -> reserve(lab("outer", 10, Endpoint.access(cp(s1, 1))), T0, T2));
    }

    @Test
    public void samePortInAnotherSlotIsAccepted() {
        reserve(lab("a", 10, Endpoint.access(cp(s1, 1))), T0, T1);
        Reservation later = reserve(lab("a", 10, Endpoint.access(cp(s1, 1))), T2, T2.plus(Duration.ofHours(1)));
        assertEquals(ReservationState.SCHEDULED, later.state());
        assertEquals(2, bed.manager.getReservations().size());
    }

    @Test
    public void bandwidthExactlyAtTheLimitIsAcceptedOneBitOverIsRefused() {
        // the trunk link: 100 Mbps, 95 Mbps usable
        reserve(lab("a", 50, Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1))), T0, T1);
        Reservation b = reserve(request("b", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                        .quotaBps(45 * MBPS).build(), T0, T1);
        assertEquals(ReservationState.SCHEDULED, b.state());
        bed.manager.cancel(b.id());

        assertRefused(Kind.ADMISSION_REFUSED,
                      "at 2026-11-21T10:00:00Z: admission refused on link device:bmv2:s1/4-device:bmv2:s2/4: "
                              + "capacity 100000000 bps, usable 95000000 bps after the guard band, allocated "
                              + "50000000 bps, requested 45000001 bps, short by 1 bps; allocated there to "
                              + "reservation 1 (itb/a, 2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z)",
                      () -> reserve(request("c", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                            .quotaBps(45 * MBPS + 1).build(), T0, T1));
        // after the first slot the link is free again
        Reservation later = reserve(request("c", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                            .quotaBps(45 * MBPS + 1).build(), T1, T2);
        assertEquals(ReservationState.SCHEDULED, later.state());
    }

    @Test
    public void existingSlicesCountAtEveryInstant() {
        Slice slice = bed.slicing.manager.createSlice(lab("now", 90, Endpoint.access(cp(s1, 3)),
                                                          Endpoint.trunk(cp(s1, 2))));
        assertRefused(Kind.CONFLICT,
                      "at 2026-11-21T10:00:00Z: port device:bmv2:s1/3 is the access port of slice 1 (itb/now); "
                              + "an access port belongs to one slice only",
                      () -> reserve(lab("a", 1, Endpoint.access(cp(s1, 3))), T0, T1));
        assertRefused(Kind.ADMISSION_REFUSED,
                      "at 2026-11-21T10:00:00Z: admission refused on port device:bmv2:s1/2: capacity 100000000 "
                              + "bps, usable 95000000 bps after the guard band, allocated 90000000 bps, requested "
                              + "6000000 bps, short by 1000000 bps; allocated there to slice 1 (itb/now)",
                      () -> reserve(lab("a", 6, Endpoint.trunk(cp(s1, 2)), Endpoint.access(cp(s1, 1))), T0, T1));
        assertRefused(Kind.CONFLICT,
                      "tenant itb already has a slice named now (slice 1)",
                      () -> reserve(lab("now", 1, Endpoint.access(cp(s1, 1))), T0, T1));
        assertRefused(Kind.CONFLICT,
                      "VLAN 100 is taken by slice 1 (itb/now)",
                      () -> reserve(request("x", Endpoint.access(cp(s1, 1))).vlan(slice.vlan()).build(), T0, T1));
    }

    /**
     * Asserts that creating a slice now is refused with the given message and changes nothing.
     */
    private void assertSliceRefused(Kind kind, String message, SliceRequest request) {
        int slices = bed.slicing.manager.getSlices().size();
        int flows = bed.slicing.flows.installed(s1).size();
        try {
            bed.slicing.manager.createSlice(request);
            fail("expected a refusal of kind " + kind + ": " + message);
        } catch (SlicingException e) {
            assertEquals(kind, e.kind());
            assertEquals(message, e.getMessage());
        }
        assertEquals(slices, bed.slicing.manager.getSlices().size());
        assertEquals(flows, bed.slicing.flows.installed(s1).size());
    }

    @Test
    public void aSliceCreatedNowMustLeaveTheBookedSlotsAlone() {
        bed.clock.set(T0.minus(Duration.ofHours(1)));
        reserve(lab("booked", 50, Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s2, 1))), T0, T1);
        // a slice has no end: it would still hold the booked access port when the slot starts
        assertSliceRefused(Kind.CONFLICT,
                           "slice adhoc would take what a booking holds: at 2026-11-21T10:00:00Z: port "
                                   + "device:bmv2:s1/1 is the access port of reservation 1 (itb/booked, "
                                   + "2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z); an access port belongs to one "
                                   + "slice only",
                           lab("adhoc", 1, Endpoint.access(cp(s1, 1))));
        // nor take the booked capacity of the link: 50 booked + 46 > 95 usable
        assertSliceRefused(Kind.ADMISSION_REFUSED,
                           "at 2026-11-21T10:00:00Z: admission refused on link device:bmv2:s1/4-device:bmv2:s2/4: "
                                   + "capacity 100000000 bps, usable 95000000 bps after the guard band, allocated "
                                   + "50000000 bps, requested 46000000 bps, short by 1000000 bps; allocated there to "
                                   + "reservation 1 (itb/booked, 2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z)",
                           lab("adhoc", 46, Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2))));
        // nor the booked slice's name
        assertSliceRefused(Kind.CONFLICT,
                           "slice booked would take what a booking holds: reservation 1 (itb/booked, "
                                   + "2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z) books a slice of the same name "
                                   + "booked in an overlapping slot",
                           lab("booked", 1, Endpoint.access(cp(s1, 3))));
        // what fits next to the booking is admitted, and the booking still starts and ends by itself
        Slice fits = bed.slicing.manager.createSlice(lab("adhoc", 45, Endpoint.access(cp(s1, 2)),
                                                         Endpoint.access(cp(s2, 2))));
        assertEquals(SliceState.ACTIVE, fits.state());
        at(T0);
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        assertEquals(2, bed.slicing.manager.getSlices().size());
        // reshaping the booked slice is judged against the other bookings only
        Slice booked = bed.slicing.manager.getSlice(reservation(1).sliceId().orElseThrow()).orElseThrow();
        Slice reshaped = bed.slicing.manager.updateSlice(booked.id(), lab("booked", 40, Endpoint.access(cp(s1, 1)),
                                                                          Endpoint.access(cp(s2, 1))));
        assertEquals(40 * MBPS, reshaped.quotaBps());
        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        // once the slot is over, the port is free for slices again
        assertEquals(SliceState.ACTIVE, bed.slicing.manager.createSlice(lab("after", 1, Endpoint.access(cp(s1, 1))))
                .state());
    }

    @Test
    public void capacityIsCheckedWhereEveryOtherSlotStarts() {
        // 40 + 40 fit on s1/4 from T0; a third 40 only fits before the second starts
        reserve(lab("a", 40, Endpoint.access(cp(s1, 1)), Endpoint.trunk(cp(s1, 3))), T0, T2);
        reserve(lab("b", 40, Endpoint.access(cp(s1, 2)), Endpoint.trunk(cp(s1, 3))), T1, T2);
        assertRefused(Kind.ADMISSION_REFUSED,
                      "at 2026-11-21T11:00:00Z: admission refused on port device:bmv2:s1/3: capacity 100000000 "
                              + "bps, usable 95000000 bps after the guard band, allocated 80000000 bps, requested "
                              + "40000000 bps, short by 25000000 bps; allocated there to reservation 1 (itb/a, "
                              + "2026-11-21T10:00:00Z to 2026-11-21T12:00:00Z), reservation 2 (itb/b, "
                              + "2026-11-21T11:00:00Z to 2026-11-21T12:00:00Z)",
                      () -> reserve(lab("c", 40, Endpoint.access(cp(s2, 1)), Endpoint.trunk(cp(s1, 3))), T0,
                                    T2));
        Reservation c = reserve(lab("c", 40, Endpoint.access(cp(s2, 1)), Endpoint.trunk(cp(s1, 3))), T0, T1);
        assertEquals(ReservationState.SCHEDULED, c.state());
    }

    @Test
    public void sameNameOrVlanInOverlappingSlotsIsRefused() {
        reserve(request("a", Endpoint.access(cp(s1, 1))).vlan(VlanId.vlanId((short) 300))
                        .build(), T0, T1);
        assertRefused(Kind.CONFLICT,
                      "reservation 1 (itb/a, 2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z) books a slice of the "
                              + "same name a in an overlapping slot",
                      () -> reserve(lab("a", 1, Endpoint.access(cp(s1, 2))), T0, T1));
        assertRefused(Kind.CONFLICT,
                      "VLAN 300 is booked by reservation 1 (itb/a, 2026-11-21T10:00:00Z to 2026-11-21T11:00:00Z)",
                      () -> reserve(request("b", Endpoint.access(cp(s1, 2)))
                                            .vlan(VlanId.vlanId((short) 300)).build(), T0, T1));
    }

    @Test
    public void cancelReleasesAnActiveSlotAndStopsAScheduledOne() {
        reserve(lab("a", 10, Endpoint.access(cp(s1, 1))), T0, T1);
        reserve(lab("b", 10, Endpoint.access(cp(s1, 2))), T1, T2);
        at(T0);
        assertEquals(1, bed.slicing.manager.getSlices().size());

        Reservation a = bed.manager.cancel(ReservationId.of(1));
        assertEquals(ReservationState.CANCELLED, a.state());
        assertEquals(Optional.of("cancelled at 2026-11-21T10:00:00Z; slice 1 released"), a.reason());
        assertEquals(a, reservation(1));
        assertEquals(0, bed.slicing.manager.getSlices().size());
        assertEquals(List.of(), bed.slicing.flows.installed(s1));

        Reservation b = bed.manager.cancel(ReservationId.of(2));
        assertEquals(ReservationState.CANCELLED, b.state());
        assertEquals(Optional.of("cancelled at 2026-11-21T10:00:00Z before its start"), b.reason());
        at(T1);
        assertEquals(ReservationState.CANCELLED, reservation(2).state());
        assertEquals(0, bed.slicing.manager.getSlices().size());

        assertRefused(Kind.CONFLICT,
                      "reservation 1 is CANCELLED; only a SCHEDULED or ACTIVE reservation can be cancelled",
                      () -> bed.manager.cancel(ReservationId.of(1)));
        assertRefused(Kind.NOT_FOUND, "no reservation with id 9",
                      () -> bed.manager.cancel(ReservationId.of(9)));
        // a cancelled slot is free again
        reserve(lab("c", 10, Endpoint.access(cp(s1, 2))), T1, T2);
    }

    @Test
    public void extendIsReadmittedAndARefusalChangesNothing() {
        reserve(lab("a", 10, Endpoint.access(cp(s1, 1))), T0, T1);
        reserve(lab("b", 10, Endpoint.access(cp(s1, 1))), T2, T2.plus(Duration.ofHours(1)));
        at(T0);

        // touching the next slot is allowed, one millisecond more is not
        Reservation a = bed.manager.extend(ReservationId.of(1), T2);
        assertEquals(T2, a.end());
        assertEquals(ReservationState.ACTIVE, a.state());
        assertEquals(a, reservation(1));
        assertEquals(ReservationEvent.Type.RESERVATION_UPDATED, bed.events.get(bed.events.size() - 1).type());

        assertRefused(Kind.CONFLICT,
                      "at 2026-11-21T12:00:00Z: port device:bmv2:s1/1 is the access port of reservation 2 "
                              + "(itb/b, 2026-11-21T12:00:00Z to 2026-11-21T13:00:00Z); an access port belongs "
                              + "to one slice only",
                      () -> bed.manager.extend(ReservationId.of(1), T2.plusMillis(1)));
        assertRefused(Kind.INVALID,
                      "end 2026-11-21T10:00:00Z must be after start 2026-11-21T10:00:00Z",
                      () -> bed.manager.extend(ReservationId.of(1), T0));
        bed.clock.set(T1);
        assertRefused(Kind.INVALID,
                      "end 2026-11-21T10:30:00Z is in the past (now 2026-11-21T11:00:00Z)",
                      () -> bed.manager.extend(ReservationId.of(1), T0.plus(Duration.ofMinutes(30))));
        // shortening is allowed while the slot runs
        Reservation shorter = bed.manager.extend(ReservationId.of(1), T1.plus(Duration.ofMinutes(5)));
        assertEquals(T1.plus(Duration.ofMinutes(5)), shorter.end());
        at(T1.plus(Duration.ofMinutes(5)));
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertRefused(Kind.CONFLICT,
                      "reservation 1 is COMPLETED; only a SCHEDULED or ACTIVE reservation can be extended",
                      () -> bed.manager.extend(ReservationId.of(1), T2));
    }
}
