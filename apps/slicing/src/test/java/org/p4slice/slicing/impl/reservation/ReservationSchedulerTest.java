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


import org.p4slice.testbed.ReservationTestbed;
import org.p4slice.testbed.SlicingTestbed;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
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
import org.p4slice.testbed.ReservationTestExecutor;
import org.p4slice.testbed.TestComponentContext;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.MBPS;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.T0;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.T1;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.T2;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The scheduler: recovery after a restart (new manager over the same store), one failing
 * activation among others, work partitions, and its component properties.
 */
public class ReservationSchedulerTest {

    private SlicingTestbed slicing;
    private ReservationTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        slicing = new SlicingTestbed();
        s1 = slicing.addSwitch("s1", 4, 100);
        bed = new ReservationTestbed(slicing);
        bed.start();
    }

    @After
    public void tearDown() {
        bed.stopReservations();
        slicing.stop();
    }

    private Reservation reserve(String name, int port, Instant start, Instant end) {
        SliceRequest slice = request(name, Endpoint.access(cp(s1, port))).quotaBps(10 * MBPS).build();
        return bed.manager.reserve(ReservationRequest.of(ITB, slice, start, end));
    }

    private Reservation reservation(long id) {
        return bed.manager.getReservation(ReservationId.of(id)).orElseThrow();
    }

    private void at(Instant t) {
        bed.clock.set(t);
        bed.tick();
    }

    @Test
    public void restartReleasesWhatEndedAndStartsWhatIsDue() {
        reserve("a", 1, T0, T1);
        reserve("b", 1, T1, T2);
        reserve("missed", 2, T0.plus(Duration.ofMinutes(10)), T0.plus(Duration.ofMinutes(20)));
        reserve("later", 3, T2, T2.plus(Duration.ofHours(1)));
        at(T0);
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        SliceId first = reservation(1).sliceId().orElseThrow();

        // the controller is down from T0 to T1 + 10 min
        bed.stopReservations();
        slicing.stop();
        bed.clock.set(T1.plus(Duration.ofMinutes(10)));
        slicing.start();
        bed.startReservations(null);
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        assertEquals(1, bed.executor.periodic().size());

        // the first tick after activation catches up
        bed.tick();
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(Optional.empty(), slicing.manager.getSlice(first).filter(s -> s.name().equals("a")));
        Reservation b = reservation(2);
        assertEquals(ReservationState.ACTIVE, b.state());
        Slice slice = slicing.manager.getSlice(b.sliceId().orElseThrow()).orElseThrow();
        assertEquals("b", slice.name());
        assertEquals(SliceState.ACTIVE, slice.state());
        Reservation missed = reservation(3);
        assertEquals(ReservationState.COMPLETED, missed.state());
        assertEquals(Optional.of("the slot passed before it could start (no instance was running from "
                                         + "2026-11-21T10:10:00Z to 2026-11-21T10:20:00Z)"), missed.reason());
        assertEquals(Optional.empty(), missed.sliceId());
        assertEquals(ReservationState.SCHEDULED, reservation(4).state());
        assertEquals(1, slicing.manager.getSlices().size());

        // ids continue after a restart
        assertEquals(ReservationId.of(5), reserve("next", 3, T2.plus(Duration.ofHours(2)),
                                                  T2.plus(Duration.ofHours(3))).id());
    }

    /**
     * An instance created the booked slice and died before recording it in the reservation: the
     * next start takes that slice over instead of creating a second one (or failing on the name).
     */
    @Test
    public void aStartCutShortIsCompletedWithTheSliceItLeft() {
        reserve("a", 1, T0, T1);
        // what the interrupted start left: the booked slice, not recorded in the reservation
        Slice left = slicing.manager.createBookedSlice(ReservationId.of(1),
                request("a", Endpoint.access(cp(s1, 1))).quotaBps(10 * MBPS).build());

        at(T0);
        Reservation r = reservation(1);
        assertEquals(ReservationState.ACTIVE, r.state());
        assertEquals(Optional.of(left.id()), r.sliceId());
        assertEquals(1, slicing.manager.getSlices().size());

        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(Set.of(), slicing.manager.getSlices());
    }

    @Test
    public void oneFailingActivationLeavesTheOthersAlone() {
        reserve("a", 1, T0, T1);
        reserve("b", 2, T0, T1);
        reserve("c", 3, T0, T1);
        // meanwhile a slice takes port 2: created as if it were b's own start (exempt from b's
        // booking), so it holds the port when b starts
        Slice intruder = slicing.manager.createBookedSlice(ReservationId.of(2),
                request("intruder", Endpoint.access(cp(s1, 2))).build());

        at(T0);
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        Reservation b = reservation(2);
        assertEquals(ReservationState.FAILED, b.state());
        // the reason is shown to the booking's tenant: the port, not the slice holding it
        assertEquals(Optional.of("the slice could not be created at 2026-11-21T10:00:00Z: port device:bmv2:s1/2 is "
                                         + "the access port of another slice; an access port belongs to "
                                         + "one slice only"), b.reason());
        assertEquals(Optional.empty(), b.sliceId());
        assertEquals(ReservationState.ACTIVE, reservation(3).state());
        assertEquals(3, slicing.manager.getSlices().size());
        assertEquals(intruder, slicing.manager.getSlice(intruder.id()).orElseThrow());

        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(b, reservation(2));
        assertEquals(ReservationState.COMPLETED, reservation(3).state());
        assertEquals(List.of(intruder), List.copyOf(slicing.manager.getSlices()));
    }

    @Test
    public void aProgrammingFailureKeepsTheSlotWithTheSlicesReason() {
        reserve("a", 1, T0, T1);
        slicing.meters.failOn(s1);
        at(T0);
        Reservation a = reservation(1);
        assertEquals(ReservationState.ACTIVE, a.state());
        Slice slice = slicing.manager.getSlice(a.sliceId().orElseThrow()).orElseThrow();
        assertEquals(SliceState.FAILED, slice.state());
        assertEquals(Optional.of("slice 1 could not be programmed: " + slice.reason().orElseThrow()), a.reason());
        slicing.meters.heal();
        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(0, slicing.manager.getSlices().size());
    }

    @Test
    public void onlyTheInstanceOwningTheWorkPartitionActs() {
        reserve("a", 1, T0, T1);
        bed.mine = false;
        at(T0);
        assertEquals(ReservationState.SCHEDULED, reservation(1).state());
        assertEquals(0, slicing.manager.getSlices().size());
        bed.mine = true;
        at(T0.plusSeconds(1));
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        bed.mine = false;
        at(T1);
        assertEquals(ReservationState.ACTIVE, reservation(1).state());
        assertEquals(1, slicing.manager.getSlices().size());
    }

    @Test
    public void finishedReservationsAreForgottenAfterTheRetention() {
        bed.stopReservations();
        bed.startReservations(new TestComponentContext().with("reservationRetentionHours", "2"));
        // an invalid value is ignored: the retention stays 2 hours (checked below)
        bed.manager.modified(new TestComponentContext().with("reservationRetentionHours", "0"));
        reserve("a", 1, T0, T1);
        reserve("b", 2, T0, T2);
        bed.manager.cancel(ReservationId.of(2));
        at(T0);
        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        // listed while the retention lasts after each one's end (b: its booked end T2, c: cancelled)
        at(T1.plus(Duration.ofHours(2)).minusMillis(1));
        assertEquals(2, bed.manager.getReservations().size());
        at(T1.plus(Duration.ofHours(2)));
        assertEquals(List.of(ReservationId.of(2)), bed.manager.getReservations().stream().map(Reservation::id)
                .collect(Collectors.toList()));
        at(T2.plus(Duration.ofHours(2)));
        assertEquals(List.of(), bed.manager.getReservations());
        assertEquals(ReservationEvent.Type.RESERVATION_REMOVED, bed.events.get(bed.events.size() - 1).type());
    }

    @Test
    public void propertiesSetTheMaximumAndTheTick() {
        bed.stopReservations();
        bed.startReservations(new TestComponentContext().with("maxReservationHours", "2")
                                      .with("reservationTickSeconds", "30"));
        assertEquals(Duration.ofHours(2), bed.manager.maxDuration());
        assertEquals(List.of(30L), bed.executor.periodic().stream().map(ReservationTestExecutor.Task::periodSeconds)
                .collect(Collectors.toList()));
        reserve("a", 1, T0, T0.plus(Duration.ofHours(2)));

        // invalid values are ignored
        bed.manager.modified(new TestComponentContext().with("maxReservationHours", "0")
                                     .with("reservationTickSeconds", "x"));
        assertEquals(Duration.ofHours(2), bed.manager.maxDuration());
        assertEquals(List.of(30L), bed.executor.periodic().stream().map(ReservationTestExecutor.Task::periodSeconds)
                .collect(Collectors.toList()));

        // without properties, the defaults: 7 days, every second
        bed.manager.modified(null);
        assertEquals(Duration.ofDays(7), bed.manager.maxDuration());
        assertEquals(List.of(1L), bed.executor.periodic().stream().map(ReservationTestExecutor.Task::periodSeconds)
                .collect(Collectors.toList()));
    }

    @Test
    public void aSliceRemovedMeanwhileIsNotConfusedWithTheNextHolderOfItsId() {
        reserve("a", 1, T0, T1);
        at(T0);
        SliceId id = reservation(1).sliceId().orElseThrow();
        slicing.manager.removeSlice(id);
        // the id stays the booking's until its slot ends: the next slice gets another one
        Slice other = slicing.manager.createSlice(request("other", Endpoint.access(cp(s1, 3))).build());
        assertNotEquals(id, other.id());

        at(T1);
        Reservation a = reservation(1);
        assertEquals(ReservationState.COMPLETED, a.state());
        assertEquals(Optional.of("slice 1 had already been removed"), a.reason());
        assertEquals(List.of(other), List.copyOf(slicing.manager.getSlices()));
    }
}
