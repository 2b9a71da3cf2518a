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
package org.p4slice.slicing.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.io.IOException;
import java.time.Instant;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Reservation JSON: encoding, bookings (with and without the tenant inside the slice request),
 * extensions (the malformed ones are in {@link CodecBadInputTest}).
 */
public class ReservationCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ConnectPoint S1P1 = ConnectPoint.deviceConnectPoint("device:bmv2:s1/1");
    private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
    private static final Instant T1 = Instant.parse("2026-11-21T11:00:00Z");
    private static final String SLICE = "{'name': 'lab1', 'quotaBps': 25000000, 'endpoints': "
            + "[{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}";

    private final CodecContext context = SlicingCodecs.context();

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text.replace('\'', '"'));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static SliceRequest lab1() {
        return SliceRequest.builder().name("lab1").tenant(TenantId.of("itb")).quotaBps(25_000_000L)
                .endpoints(List.of(Endpoint.access(S1P1))).build();
    }

    @Test
    public void encodesEveryField() {
        Reservation r = Reservation.scheduled(ReservationId.of(3), ReservationRequest.of(TenantId.of("itb"), lab1(),
                                                                                         T0, T1));
        assertThat(SlicingCodecs.RESERVATION.encode(r, context).toString(), is(json(
                "{'id': 3, 'tenant': 'itb', 'start': '2026-11-21T10:00:00Z', 'end': '2026-11-21T11:00:00Z', "
                        + "'state': 'SCHEDULED', 'reason': null, 'sliceId': null, 'slice': {'name': 'lab1', "
                        + "'tenant': 'itb', 'quotaBps': 25000000, 'burstBytes': 65536, 'endpoints': "
                        + "[{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}}").toString()));
        Reservation active = r.withState(ReservationState.ACTIVE, "note", SliceId.of(4));
        JsonNode n = SlicingCodecs.RESERVATION.encode(active, context);
        assertThat(n.get("state").asText(), is("ACTIVE"));
        assertThat(n.get("reason").asText(), is("note"));
        assertThat(n.get("sliceId").asInt(), is(4));
        assertThat(ReservationCodec.reservations(List.of(active.withEnd(T1.plusSeconds(1)), r), context)
                           .get("reservations").size(), is(2));
        assertThat(ReservationCodec.reservations(List.of(), context).toString(), is("{\"reservations\":[]}"));
    }

    @Test
    public void decodesABookingTheSliceTakingTheReservationsTenant() {
        ReservationRequest r = ReservationCodec.requestFromJson(json(
                "{'tenant': 'itb', 'start': '2026-11-21T10:00:00Z', 'end': '2026-11-21T12:00:00+01:00', "
                        + "'slice': " + SLICE + "}"));
        assertThat(r, is(ReservationRequest.of(TenantId.of("itb"), lab1(), T0, T1)));
        // a tenant inside the slice is kept (the manager refuses a mismatch)
        ReservationRequest other = ReservationCodec.requestFromJson(json(
                "{'tenant': 'itb', 'start': '2026-11-21T10:00:00Z', 'end': '2026-11-21T11:00:00Z', "
                        + "'slice': {'name': 'x', 'tenant': 'ui', 'quotaBps': 1, 'endpoints': []}}"));
        assertThat(other.slice().tenant(), is(TenantId.of("ui")));
    }


    @Test
    public void decodesExtensions() {
        assertThat(ReservationCodec.endFromJson(json("{'end': '2026-11-21T11:00:00Z'}")), is(T1));
    }
}
