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
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.testbed.SharedStorageService;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The reservation store on ONOS's test storage: ids, compare-and-set updates, events, and the
 * serializer.
 */
public class DistributedReservationStoreTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00.123456Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

    private final SharedStorageService storage = new SharedStorageService();
    private final List<ReservationEvent> events = new ArrayList<>();
    private DistributedReservationStore store;

    @Before
    public void setUp() {
        store = start();
    }

    private DistributedReservationStore start() {
        DistributedReservationStore s = new DistributedReservationStore();
        s.storageService = storage;
        s.activate();
        s.setDelegate(events::add);
        return s;
    }

    @After
    public void tearDown() {
        store.deactivate();
    }

    private static ReservationRequest booking(String name) {
        SliceRequest slice = request(name, Endpoint.access(cp(S1, 1)), Endpoint.trunk(cp(S1, 4)))
                .vlan(VlanId.vlanId((short) 200)).id(SliceId.of(9)).build();
        return ReservationRequest.of(ITB, slice, T0, T1);
    }

    @Test
    public void createsWithIncreasingIdsAndMillisecondTimes() {
        Reservation a = store.createReservation(booking("a"));
        Reservation b = store.createReservation(booking("b"));
        assertEquals(ReservationId.of(1), a.id());
        assertEquals(ReservationId.of(2), b.id());
        assertEquals(ReservationState.SCHEDULED, a.state());
        assertEquals(Instant.parse("2026-11-21T10:00:00.123Z"), a.start());
        assertEquals(Optional.of(a), store.getReservation(a.id()));
        assertEquals(Set.of(a, b), Set.copyOf(store.getReservations()));
        assertEquals(List.of(ReservationEvent.Type.RESERVATION_ADDED, ReservationEvent.Type.RESERVATION_ADDED),
                     events.stream().map(ReservationEvent::type).collect(Collectors.toList()));
        assertEquals(a, events.get(0).subject());
    }

    @Test
    public void updatesOnlyWhatTheCallerRead() {
        Reservation a = store.createReservation(booking("a"));
        Reservation active = a.withState(ReservationState.ACTIVE, null, SliceId.of(3));
        assertTrue(store.updateReservation(a, active));
        assertEquals(Optional.of(active), store.getReservation(a.id()));
        // a stale version does not overwrite
        assertFalse(store.updateReservation(a, a.withState(ReservationState.CANCELLED, "late", null)));
        assertEquals(Optional.of(active), store.getReservation(a.id()));
        assertFalse(store.updateReservation(Reservation.scheduled(ReservationId.of(7), booking("x")),
                                            Reservation.scheduled(ReservationId.of(7), booking("y"))));
        ReservationEvent last = events.get(events.size() - 1);
        assertEquals(ReservationEvent.Type.RESERVATION_UPDATED, last.type());
        assertEquals(active, last.subject());
        assertEquals(Optional.of(a), last.prevSubject());
        assertEquals(2, events.size());

        assertEquals(Optional.of(active), store.removeReservation(a.id()));
        assertEquals(Optional.empty(), store.getReservation(a.id()));
        assertEquals(ReservationEvent.Type.RESERVATION_REMOVED, events.get(2).type());
    }

    @Test
    public void survivesARestartAndKeepsCounting() {
        Reservation a = store.createReservation(booking("a"));
        store.deactivate();
        store = start();
        assertEquals(Optional.of(a), store.getReservation(a.id()));
        assertEquals(ReservationId.of(2), store.createReservation(booking("b")).id());
    }

    @Test
    public void serializerRoundTripsEveryField() {
        Reservation r = Reservation.scheduled(ReservationId.of(42), booking("a"))
                .withState(ReservationState.FAILED, "why", SliceId.of(5)).withEnd(T1.plusSeconds(1));
        byte[] bytes = DistributedReservationStore.SERIALIZER.encode(r);
        Reservation back = DistributedReservationStore.SERIALIZER.decode(bytes);
        assertEquals(r, back);
        assertEquals(Optional.of("why"), back.reason());
        assertEquals(Optional.of(SliceId.of(5)), back.sliceId());
        assertEquals(T1.plusSeconds(1), back.end());
    }
}
