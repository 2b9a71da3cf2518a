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
package org.p4slice.slicing.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.InvalidSliceException;
import org.p4slice.slicing.api.ReservationInvalidException;
import org.p4slice.slicing.api.ReservationRequest;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;

import java.time.Duration;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.slicing.impl.ReservationManagerTest.T0;
import static org.p4slice.slicing.impl.ReservationManagerTest.T1;
import static org.p4slice.slicing.impl.ReservationTestbed.NOW;
import static org.p4slice.slicing.impl.SlicingTestbed.ITB;
import static org.p4slice.slicing.impl.SlicingTestbed.cp;
import static org.p4slice.slicing.impl.SlicingTestbed.request;

/**
 * Bad bookings: each is refused with a precise message and changes nothing (no reservation, no
 * event, no slice, no device programming).
 */
public class ReservationBadInputTest {

    private SlicingTestbed slicing;
    private ReservationTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        slicing = new SlicingTestbed();
        s1 = slicing.addSwitch("s1", 4, 100);
        s2 = slicing.addSwitch("s2", 4, 100);
        bed = new ReservationTestbed(slicing);
        bed.start();
    }

    @After
    public void tearDown() {
        bed.stopReservations();
        slicing.stop();
    }

    private SliceRequest lab() {
        return request("lab", Endpoint.access(cp(s1, 1))).build();
    }

    private void assertRefused(Class<? extends SlicingException> type, String message, ReservationRequest request) {
        int flowOps = slicing.flows.operations().size();
        try {
            bed.manager.reserve(request);
            fail("expected " + message);
        } catch (SlicingException e) {
            assertEquals(type, e.getClass());
            assertEquals(message, e.getMessage());
        }
        assertEquals(List.of(), bed.manager.getReservations());
        assertEquals(List.of(), bed.events);
        assertEquals(0, slicing.manager.getSlices().size());
        assertEquals(flowOps, slicing.flows.operations().size());
        // nothing was handed to the scheduler: only its periodic tick runs
        assertEquals(1, bed.executor.runDue());
    }

    @Test
    public void endNotAfterStart() {
        assertRefused(ReservationInvalidException.class,
                      "end 2026-11-21T10:00:00Z must be after start 2026-11-21T10:00:00Z",
                      ReservationRequest.of(ITB, lab(), T0, T0));
        assertRefused(ReservationInvalidException.class,
                      "end 2026-11-21T09:59:59.999Z must be after start 2026-11-21T10:00:00Z",
                      ReservationRequest.of(ITB, lab(), T0, T0.minusMillis(1)));
    }

    @Test
    public void startInThePast() {
        assertRefused(ReservationInvalidException.class,
                      "start 2026-11-21T07:59:59.999Z is in the past (now 2026-11-21T08:00:00Z)",
                      ReservationRequest.of(ITB, lab(), NOW.minusMillis(1), T1));
    }

    @Test
    public void longerThanTheMaximum() {
        assertRefused(ReservationInvalidException.class,
                      "the reservation lasts PT168H0.001S, longer than the maximum PT168H (component property "
                              + "maxReservationHours)",
                      ReservationRequest.of(ITB, lab(), T0, T0.plus(Duration.ofDays(7)).plusMillis(1)));
        // exactly the maximum is allowed
        bed.manager.reserve(ReservationRequest.of(ITB, lab(), T0, T0.plus(Duration.ofDays(7))));
        assertEquals(1, bed.manager.getReservations().size());
    }

    @Test
    public void unknownTenantOnceTenantsAreConfigured() {
        slicing.configure("{'tenants': ['itb', 'ui']}");
        TenantId guest = TenantId.of("guest");
        assertRefused(InvalidSliceException.class,
                      "unknown tenant \"guest\"; the configured tenants are [itb, ui]",
                      ReservationRequest.of(guest, request("lab", Endpoint.access(cp(s1, 1))).tenant(guest).build(),
                                            T0, T1));
    }

    @Test
    public void sliceOfAnotherTenant() {
        assertRefused(ReservationInvalidException.class,
                      "the slice request is of tenant itb but the reservation is of tenant ui",
                      ReservationRequest.of(TenantId.of("ui"), lab(), T0, T1));
    }

    @Test
    public void invalidSliceValues() {
        assertRefused(InvalidSliceException.class, "quotaBps must be > 0, got 0",
                      ReservationRequest.of(ITB, request("lab", Endpoint.access(cp(s1, 1))).quotaBps(0).build(),
                                            T0, T1));
        assertRefused(InvalidSliceException.class, "unknown port 9 on device device:bmv2:s1",
                      ReservationRequest.of(ITB, request("lab", Endpoint.access(cp(s1, 9))).build(), T0, T1));
        assertRefused(InvalidSliceException.class,
                      "quotaBps 200000000 exceeds the capacity 100000000 bps of port device:bmv2:s1/1",
                      ReservationRequest.of(ITB, request("lab", Endpoint.access(cp(s1, 1))).quotaBps(200_000_000L)
                              .build(), T0, T1));
        assertRefused(InvalidSliceException.class,
                      "VLAN 4000 is outside the VLAN pool 100-3999",
                      ReservationRequest.of(ITB, request("lab", Endpoint.access(cp(s1, 1)))
                              .vlan(VlanId.vlanId((short) 4000)).build(), T0, T1));
    }

    @Test
    public void devicesThatAreNotConnected() {
        assertRefused(InvalidSliceException.class,
                      "devices device:bmv2:s1 and device:bmv2:s2 are not connected: no path between them in the "
                              + "topology",
                      ReservationRequest.of(ITB, request("lab", Endpoint.access(cp(s1, 1)),
                                                         Endpoint.access(cp(s2, 1))).build(), T0, T1));
    }
}
