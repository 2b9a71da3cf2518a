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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.testbed.ReservationTestbed;
import org.p4slice.testbed.SlicingTestbed;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.store.service.AsyncDistributedLock;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.SliceState;

import java.time.Duration;
import java.time.Instant;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Admission is serialised across the cluster: while another instance holds the admission lock,
 * a slice or a booking waits, and after the wait it is refused with the reason and nothing changes.
 */
public class AdmissionLockTest {

    private SlicingTestbed slicing;
    private ReservationTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        slicing = new SlicingTestbed();
        s1 = slicing.addSwitch("s1", 4, 100);
        slicing.admissionWait = Duration.ofMillis(200);
        bed = new ReservationTestbed(slicing);
        bed.admissionWait = Duration.ofMillis(200);
        bed.start();
    }

    @After
    public void tearDown() {
        bed.stopReservations();
        slicing.stop();
    }

    private static final String REFUSED = "another controller instance has been admitting a slice or a booking for "
            + "more than 0 s; nothing was changed, try again";

    @Test
    public void whileAnotherInstanceAdmitsNothingIsAdmittedHere() {
        AsyncDistributedLock other = slicing.storage.lock(AdmissionLock.NAME);
        assertTrue(other.tryLock().join().isPresent());
        try {
            slicing.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build());
            fail("a slice was admitted while another instance held the admission lock");
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals(REFUSED, e.getMessage());
        }
        Instant start = ReservationTestbed.NOW.plus(Duration.ofHours(1));
        try {
            bed.manager.reserve(ReservationRequest.of(ITB, request("b", Endpoint.access(cp(s1, 2))).build(), start,
                                                      start.plus(Duration.ofHours(1))));
            fail("a booking was admitted while another instance held the admission lock");
        } catch (SlicingException e) {
            assertEquals(Kind.CONFLICT, e.kind());
            assertEquals(REFUSED, e.getMessage());
        }
        assertEquals(0, slicing.manager.getSlices().size());
        assertEquals(0, bed.manager.getReservations().size());
        assertEquals(0, slicing.flows.installed(s1).size());

        other.unlock().join();
        assertEquals(SliceState.ACTIVE, slicing.manager.createSlice(request("a", Endpoint.access(cp(s1, 1))).build())
                .state());
        assertEquals(ReservationState.SCHEDULED, bed.manager.reserve(ReservationRequest.of(
                ITB, request("b", Endpoint.access(cp(s1, 2))).build(), start, start.plus(Duration.ofHours(1))))
                .state());
        // the lock is free again for the other instance
        assertTrue(other.tryLock().join().isPresent());
        other.unlock().join();
    }
}
