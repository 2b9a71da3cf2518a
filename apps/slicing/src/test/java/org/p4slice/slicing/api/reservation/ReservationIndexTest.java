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
package org.p4slice.slicing.api.reservation;

import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The reservation index answers each question with exactly the reservations a full scan would find.
 */
public class ReservationIndexTest {

    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final TenantId ITB = TenantId.of("itb");
    private static final TenantId UI = TenantId.of("ui");

    private final ReservationIndex index = new ReservationIndex();

    private static ConnectPoint cp(DeviceId d, long port) {
        return new ConnectPoint(d, PortNumber.portNumber(port));
    }

    private static Reservation booking(long id, TenantId t, String name, int fromHours, int hours,
                                       SliceRequest.Builder slice) {
        Instant start = T0.plus(Duration.ofHours(fromHours));
        return Reservation.scheduled(ReservationId.of(id), ReservationRequest.of(
                t, slice.name(name).tenant(t).quotaBps(1_000_000L).build(), start,
                start.plus(Duration.ofHours(hours))));
    }

    private static SliceRequest.Builder on(ConnectPoint... ports) {
        SliceRequest.Builder b = SliceRequest.builder();
        return b.endpoints(List.of(ports).stream().map(Endpoint::access).collect(Collectors.toList()));
    }

    private static Set<Long> ids(List<Reservation> rs) {
        return rs.stream().map(r -> r.id().id()).collect(Collectors.toSet());
    }

    @Test
    public void relevantFindsWhatSharesAPortLinksTenantVlanOrIdInTime() {
        index.put(booking(1, UI, "a", 0, 1, on(cp(S1, 1))));
        index.put(booking(2, UI, "b", 2, 1, on(cp(S1, 1))));
        index.put(booking(3, UI, "c", 0, 1, on(cp(S1, 2))));
        index.put(booking(4, UI, "d", 0, 1, on(cp(S1, 3), cp(S2, 3))));
        index.put(booking(5, ITB, "e", 0, 1, on(cp(S2, 5))));
        index.put(booking(6, UI, "f", 0, 1, on(cp(S2, 6)).vlan(VlanId.vlanId((short) 300))));
        index.put(booking(7, UI, "g", 0, 1, on(cp(S2, 7)).id(SliceId.of(9))));
        index.put(booking(8, UI, "h", 0, 100, on(cp(S2, 8))));
        Instant from = T0.plus(Duration.ofMinutes(30));
        Instant to = T0.plus(Duration.ofMinutes(90));
        assertEquals(Set.of(1L, 4L), ids(index.relevant(from, to, Set.of(cp(S1, 1)), TenantId.of("x"), null, null)));
        assertEquals(Set.of(1L, 2L, 4L), ids(index.relevant(from, T0.plus(Duration.ofHours(5)), Set.of(cp(S1, 1)),
                                                            TenantId.of("x"), null, null)));
        assertEquals(Set.of(4L, 5L, 6L, 7L), ids(index.relevant(from, to, Set.of(), ITB,
                                                                VlanId.vlanId((short) 300), SliceId.of(9))));
        // a long slot is found from far after its start; what ended long ago is not
        Instant late = T0.plus(Duration.ofHours(50));
        assertEquals(Set.of(8L), ids(index.relevant(late, late.plus(Duration.ofHours(1)), Set.of(cp(S2, 8)), ITB,
                                                    null, null)));
        assertEquals(Set.of(), ids(index.relevant(late, late.plus(Duration.ofHours(1)), Set.of(cp(S1, 1)), ITB,
                                                  null, null)));
    }

    @Test
    public void stateChangesMoveReservationsBetweenQuestions() {
        Reservation a = booking(1, UI, "a", 0, 1, on(cp(S1, 1)).vlan(VlanId.vlanId((short) 300)));
        index.put(a);
        assertEquals(Set.of(), ids(index.scheduledBy(T0.minusMillis(1))));
        assertEquals(Set.of(1L), ids(index.scheduledBy(T0)));
        assertTrue(index.bookedVlans(null).get(300));
        assertFalse(index.bookedVlans(a.id()).get(300));
        Reservation active = a.withState(ReservationState.ACTIVE, null, SliceId.of(5));
        index.put(active);
        assertEquals(Set.of(), ids(index.scheduledBy(T0)));
        assertEquals(active, index.activeHolding(SliceId.of(5)).orElseThrow());
        assertTrue(index.bookedIds(null).get(5));
        assertEquals(Set.of(1L), ids(index.liveEndedBy(a.end())));
        Reservation done = active.withState(ReservationState.COMPLETED, null, SliceId.of(5));
        index.put(done);
        assertEquals(Set.of(), ids(index.liveEndedBy(a.end())));
        assertFalse(index.activeHolding(SliceId.of(5)).isPresent());
        assertFalse(index.bookedVlans(null).get(300));
        assertEquals(List.of(), index.liveOf(UI));
        assertEquals(Set.of(1L), ids(index.finishedBy(a.end())));
        assertEquals(Set.of(), ids(index.relevant(T0, a.end(), Set.of(cp(S1, 1)), UI, null, null)));
        index.remove(a.id());
        assertEquals(Set.of(), ids(index.finishedBy(a.end())));
        assertEquals(0, index.size());
        assertEquals(1, index.highestId());
    }
}
