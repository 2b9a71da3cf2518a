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

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.ReservationTestbed;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.MBPS;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.T0;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.T1;
import static org.p4slice.slicing.impl.reservation.ReservationManagerTest.T2;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Back-to-back bookings of the same ports, with the slices' device work queued as it is in ONOS
 * (it runs when the test says, not in the caller): the slot that ends releases its slice, which
 * stays RELEASING until its device work ran; the next slot waits for that release (SCHEDULED),
 * then starts (ACTIVE) on a slice of its own, whichever tenant and name it has.
 */
public class ReservationHandOverTest {

    private static final TenantId UI = TenantId.of("ui");

    private final QueuedWork deviceWork = new QueuedWork();
    private SlicingTestbed slicing;
    private ReservationTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        slicing = new SlicingTestbed();
        slicing.executor = deviceWork;
        s1 = slicing.addSwitch("s1", 4, 100);
        bed = new ReservationTestbed(slicing);
        bed.start();
    }

    @After
    public void tearDown() {
        bed.stopReservations();
        slicing.stop();
    }

    private void runDeviceWork() {
        deviceWork.runAll();
    }

    private Reservation reserve(TenantId tenant, String name, Instant start, Instant end) {
        return bed.manager.reserve(ReservationRequest.of(
                tenant, request(name, Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)))
                        .tenant(tenant).quotaBps(10 * MBPS).build(), start, end));
    }

    private Reservation reservation(long id) {
        return bed.manager.getReservation(ReservationId.of(id)).orElseThrow();
    }

    private List<String> slices() {
        return slicing.manager.getSlices().stream()
                .map(s -> s.id() + " " + s.tenant() + "/" + s.name() + " " + s.state()).collect(Collectors.toList());
    }

    private void at(Instant t) {
        bed.clock.set(t);
        bed.tick();
    }

    private SliceId firstSlotActive(String name) {
        at(T0);
        runDeviceWork();
        SliceId first = reservation(1).sliceId().orElseThrow();
        assertEquals(List.of(first.id() + " itb/" + name + " ACTIVE"), slices());
        return first;
    }

    /** Another tenant's booking of the same ports, starting when the first ends. */
    @Test
    public void nextTenantWaitsForTheReleaseThenStarts() {
        reserve(ITB, "bb-first", T0, T1);
        reserve(UI, "bb-second", T1, T2);
        SliceId first = firstSlotActive("bb-first");

        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(List.of(first.id() + " itb/bb-first RELEASING"), slices());
        Reservation waiting = reservation(2);
        assertEquals("waits for the release: " + waiting.reason(), ReservationState.SCHEDULED, waiting.state());
        assertEquals(Optional.empty(), waiting.sliceId());

        runDeviceWork();
        assertEquals(List.of(), slices());
        bed.tick();
        Reservation started = reservation(2);
        assertEquals(ReservationState.ACTIVE, started.state());
        runDeviceWork();
        Slice second = slicing.manager.getSlice(started.sliceId().orElseThrow()).orElseThrow();
        assertEquals("bb-second", second.name());
        assertEquals(UI, second.tenant());
        assertEquals(SliceState.ACTIVE, second.state());
        assertEquals(2, slicing.groups.installed(s1).get(0).replicas().size());
    }

    /** The same tenant and name: the next slot never takes over the slice being released. */
    @Test
    public void sameNameNeverTakesOverTheSliceBeingReleased() {
        reserve(ITB, "bb", T0, T1);
        reserve(ITB, "bb", T1, T2);
        SliceId first = firstSlotActive("bb");

        at(T1);
        assertEquals(ReservationState.COMPLETED, reservation(1).state());
        assertEquals(ReservationState.SCHEDULED, reservation(2).state());
        assertEquals(List.of(first.id() + " itb/bb RELEASING"), slices());

        runDeviceWork();
        bed.tick();
        runDeviceWork();
        Reservation started = reservation(2);
        assertEquals(ReservationState.ACTIVE, started.state());
        Slice second = slicing.manager.getSlice(started.sliceId().orElseThrow()).orElseThrow();
        assertEquals(SliceState.ACTIVE, second.state());
        assertEquals(List.of(second.id() + " itb/bb ACTIVE"), slices());
        assertTrue("the slice is on the switch", !slicing.groups.installed(s1).isEmpty());
    }
}
