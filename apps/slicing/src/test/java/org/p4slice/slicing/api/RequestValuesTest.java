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
package org.p4slice.slicing.api;

import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * What a request can hold, checked by the API's builder and value types for every northbound
 * (REST and netcfg through the codecs, the CLI directly).
 */
public class RequestValuesTest {

    private static void assertRefused(Runnable r, String message) {
        try {
            r.run();
            fail("accepted; expected: " + message);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }

    @Test
    public void sliceIdNumbersAsRequestsGiveThem() {
        assertEquals(SliceId.of(7), SliceId.of(7L));
        assertRefused(() -> SliceId.of(4294967297L), "slice id must be in 1..4094, got 4294967297");
        assertRefused(() -> SliceId.of(-3L), "slice id must be in 1..4094, got -3");
        assertRefused(() -> SliceId.parse("4095"), "slice id must be in 1..4094, got 4095");
    }

    @Test
    public void vlanNumbers() {
        SliceRequest.Builder b = SliceRequest.builder().name("a").tenant(TenantId.of("t"));
        assertEquals(Optional.of(VlanId.vlanId((short) 0)), b.vlan(0).build().vlan());
        assertEquals(Optional.of(VlanId.vlanId((short) 4095)), b.vlan(4095).build().vlan());
        assertRefused(() -> b.vlan(4096), "vlan must be a 12-bit VLAN id in 0..4095, got 4096");
        assertRefused(() -> b.vlan(-1), "vlan must be a 12-bit VLAN id in 0..4095, got -1");
        assertEquals(Optional.empty(), b.vlan(null).build().vlan());
    }

    @Test
    public void endpointPortsAndModes() {
        DeviceId s1 = DeviceId.deviceId("device:bmv2:s1");
        assertEquals(ConnectPoint.deviceConnectPoint("device:bmv2:s1/0"), Endpoint.port(s1, 0));
        assertRefused(() -> Endpoint.port(s1, -1), "endpoint port must be a port number, got -1");
        assertEquals(EndpointMode.ACCESS, EndpointMode.parse("access"));
        assertEquals(EndpointMode.TRUNK, EndpointMode.parse("TRUNK"));
        assertRefused(() -> EndpointMode.parse("tagged"),
                      "endpoint mode must be \"access\" or \"trunk\", got \"tagged\"");
    }

    @Test
    public void reservationTimes() {
        assertEquals(Instant.parse("2026-11-21T10:00:00Z"),
                     ReservationRequest.parseTime("2026-11-21T11:00:00+01:00", "--start"));
        assertRefused(() -> ReservationRequest.parseTime("2026-11-21 10:00", "--start"),
                      "--start must be an ISO-8601 time with offset such as 2026-11-21T10:00:00Z, got "
                              + "\"2026-11-21 10:00\"");
        assertRefused(() -> ReservationRequest.parseTime("+10000-01-01T00:00:00Z", "\"end\""),
                      "\"end\" must be from " + Reservation.EARLIEST + " to " + Reservation.LATEST
                              + ", got +10000-01-01T00:00:00Z");
    }
}
