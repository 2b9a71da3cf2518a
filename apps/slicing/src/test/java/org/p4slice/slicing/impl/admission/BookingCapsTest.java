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
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.ReservationTestClock;
import org.p4slice.testbed.SlicingTestbed;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The caps on a tenant's bookings (netcfg {@code maxLiveBookings}, {@code maxBookedHours}): a booking or an
 * extension beyond one is a 409 with the figures and changes nothing; a booking that ended frees its share.
 */
public class BookingCapsTest {

    private static final Caller ALICE = Caller.tenantUser("alice");

    private SlicingTestbed bed;
    private ReservationTestClock clock;
    private DeviceId s1;
    private Instant now;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        s1 = bed.addSwitch("s1", 8, 1000);
        bed.setTenantsConfig((ObjectNode) json("{'itb': {'maxLiveBookings': 2, "
                + "'maxBookedHours': 5}}"));
        clock = new ReservationTestClock(Instant.parse("2026-11-27T08:00:00Z"));
        now = clock.instant();
        bed.useClock(clock);
        bed.startAll();
        bed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private Reservation book(String name, int port, long fromHours, long hours) {
        Instant start = now.plus(Duration.ofHours(fromHours));
        return bed.gate().reserve(ALICE, ReservationRequest.of(
                SlicingTestbed.ITB, request(name, Endpoint.access(cp(s1, port))).build(), start,
                start.plus(Duration.ofHours(hours))));
    }

    private void refused(Runnable r, String message) {
        List<Reservation> before = bed.reservations().getReservations();
        try {
            r.run();
            fail("admitted");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.CONFLICT, e.kind());
            assertEquals(message, e.getMessage());
        }
        assertEquals(before, bed.reservations().getReservations());
    }

    @Test
    public void liveBookingsAreCapped() {
        book("a", 1, 1, 1);
        book("b", 2, 3, 1);
        refused(() -> book("c", 3, 5, 1),
                "tenant itb may hold at most 2 bookings (SCHEDULED or ACTIVE) at once; it holds 2");
    }

    @Test
    public void bookedHoursAreCappedAndCountedFromNow() {
        Reservation a = book("a", 1, 1, 3);
        refused(() -> book("b", 2, 10, 3), "tenant itb may hold at most 5 h of bookings in all; it holds PT3H from "
                + "now, this booking asks for PT3H (total PT6H)");
        refused(() -> bed.gate().extend(ALICE, a.id(), a.end().plus(Duration.ofHours(3))),
                "tenant itb may hold at most 5 h of bookings in all; it holds PT0S from now, this booking asks for "
                        + "PT6H (total PT6H)");
        book("b", 2, 10, 2);
    }
}
