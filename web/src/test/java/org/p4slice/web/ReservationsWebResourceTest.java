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
package org.p4slice.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.ReservationTestClock;

import javax.ws.rs.client.WebTarget;
import javax.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * /reservations over the real reservation and slice managers with a test clock: booking, the
 * slot's life seen through REST, cancel, extend, and every error with its status and message.
 */
public class ReservationsWebResourceTest extends RestTestBase {

    private static final Instant NOW = Instant.parse("2026-11-21T08:00:00Z");

    private final ReservationTestClock clock = new ReservationTestClock(NOW);

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.useClock(clock);
    }

    private static String slot(String name, int port, String start, String end) {
        return "{'tenant': 'itb', 'start': '" + start + "', 'end': '" + end + "', 'slice': {'name': '" + name
                + "', 'quotaBps': 25000000, 'endpoints': [" + access(S1, port) + "]}}";
    }

    private static final String LAB1 = slot("lab1", 1, "2026-11-21T10:00:00Z", "2026-11-21T12:00:00Z");

    private JsonNode book(String body) {
        Response r = post("reservations", body);
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(201));
        assertThat(r.getLocation().getPath(), is("/reservations/" + json(text).get("id").asLong()));
        return json(text);
    }

    private void at(String t) {
        clock.set(Instant.parse(t));
        testbed.tickReservations();
    }

    private String reservations() {
        Response r = get("reservations");
        assertThat(r.getStatus(), is(200));
        return r.readEntity(String.class);
    }

    @Test
    public void bookedSlotStartsAndEndsByItself() {
        JsonNode r = book(LAB1);
        assertThat(r.toString(), is(q("{'id':1,'tenant':'itb','start':'2026-11-21T10:00:00Z',"
                + "'end':'2026-11-21T12:00:00Z','state':'SCHEDULED','reason':null,'sliceId':null,"
                + "'slice':{'name':'lab1','tenant':'itb','quotaBps':25000000,'burstBytes':65536,"
                + "'endpoints':[{'device':'device:bmv2:s1','port':1,'mode':'access'}]}}")));
        assertThat(body(get("reservations/1")), is(r));
        assertThat(reservations(), is("{\"reservations\":[" + r + "],\"total\":1,\"offset\":0,\"limit\":100,"
                + "\"nextOffset\":null}"));
        assertThat(slices(), is(SlicesWebResourceTest.EMPTY));

        at("2026-11-21T10:00:00Z");
        JsonNode active = body(get("reservations/1"));
        assertThat(active.get("state").asText(), is("ACTIVE"));
        assertThat(active.get("sliceId").asInt(), is(1));
        JsonNode slice = body(get("slices/1"));
        assertThat(slice.get("name").asText(), is("lab1"));
        assertThat(slice.get("state").asText(), is("ACTIVE"));
        assertThat(testbed.flows.installed(S1).size(), is(2));

        at("2026-11-21T12:00:00Z");
        assertThat(body(get("reservations/1")).get("state").asText(), is("COMPLETED"));
        assertError(get("slices/1"), 404, "no slice with id 1");
        assertThat(testbed.flows.installed(S1).size(), is(0));
        assertThat(testbed.meters.installed(S1).size(), is(0));
        assertThat(testbed.groups.installed(S1).size(), is(0));
    }

    @Test
    public void listFiltersByTenant() {
        book(LAB1);
        book("{'tenant': 'ui', 'start': '2026-11-21T10:00:00Z', 'end': '2026-11-21T11:00:00Z', 'slice': "
                     + "{'name': 'b', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 2) + "]}}");
        JsonNode ui = body(get("reservations", "tenant", "ui")).get("reservations");
        assertThat(ui.size(), is(1));
        assertThat(ui.get(0).get("id").asInt(), is(2));
        assertThat(body(get("reservations", "tenant", "nobody")).get("reservations").size(), is(0));
        assertError(get("reservations", "tenant", "a b"), 400,
                    "tenant may only contain A-Z a-z 0-9 . _ -, got \"a b\"");
    }

    private JsonNode list(String query) {
        WebTarget t = target("reservations");
        for (String kv : query.substring(1).split("&")) {
            String[] p = kv.split("=", 2);
            t = t.queryParam(p[0], p[1]);
        }
        Response r = t.request().get();
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(200));
        return json(text);
    }

    private static String ids(JsonNode page) {
        StringBuilder b = new StringBuilder();
        page.get("reservations").forEach(r -> b.append(b.length() == 0 ? "" : ",").append(r.get("id").asInt()));
        return b.toString();
    }

    @Test
    public void listIsPagedAndFilteredByStateAndTime() {
        for (int i = 0; i < 5; i++) {
            book(slot("p" + i, 1, "2026-11-21T1" + i + ":00:00Z", "2026-11-21T1" + i + ":30:00Z"));
        }
        JsonNode first = list("?limit=2");
        assertThat(ids(first), is("1,2"));
        assertThat(first.get("total").asInt(), is(5));
        assertThat(first.get("nextOffset").asInt(), is(2));
        JsonNode last = list("?limit=2&offset=4");
        assertThat(ids(last), is("5"));
        assertThat(last.get("nextOffset").isNull(), is(true));
        assertThat(list("?offset=9").get("reservations").size(), is(0));
        assertThat(ids(list("?from=2026-11-21T11:15:00Z&to=2026-11-21T13:00:00Z")), is("2,3"));

        at("2026-11-21T10:00:00Z");
        testbed.reservations().cancel(org.p4slice.slicing.api.reservation.ReservationId.of(5));
        assertThat(ids(list("?state=ACTIVE")), is("1"));
        assertThat(ids(list("?state=scheduled,cancelled&limit=2")), is("2,3"));
        assertThat(list("?state=scheduled,cancelled&limit=2").get("total").asInt(), is(4));

        assertError(target("reservations").queryParam("limit", "0").request().get(), 400,
                    "limit must be an integer from 1 to 1000, got \"0\"");
        assertError(target("reservations").queryParam("limit", "1001").request().get(), 400,
                    "limit must be an integer from 1 to 1000, got \"1001\"");
        assertError(target("reservations").queryParam("offset", "-1").request().get(), 400,
                    "offset must be an integer from 0 to 2147483647, got \"-1\"");
        assertError(target("reservations").queryParam("state", "DONE").request().get(), 400,
                    "state must be one or more of SCHEDULED,ACTIVE,COMPLETED,CANCELLED,FAILED, separated by "
                            + "commas, got \"DONE\"");
        assertError(target("reservations").queryParam("from", "yesterday").request().get(), 400,
                    "from must be an ISO-8601 time with offset such as 2026-11-21T10:00:00Z, got \"yesterday\"");
        assertError(target("reservations").queryParam("from", "2026-11-21T12:00:00Z")
                            .queryParam("to", "2026-11-21T11:00:00Z").request().get(), 400,
                    "to 2026-11-21T11:00:00Z must be after from 2026-11-21T12:00:00Z");
    }

    @Test
    public void conflictsAre409WithThePreciseMessageAndChangeNothing() {
        book(LAB1);
        String before = reservations();
        assertError(post("reservations", slot("lab2", 1, "2026-11-21T11:00:00Z", "2026-11-21T13:00:00Z")), 409,
                    "at 2026-11-21T11:00:00Z: port device:bmv2:s1/1 is the access port of reservation 1 "
                            + "(itb/lab1, 2026-11-21T10:00:00Z to 2026-11-21T12:00:00Z); an access port belongs "
                            + "to one slice only");
        book("{'tenant': 'itb', 'start': '2026-11-21T09:00:00Z', 'end': '2026-11-21T11:00:00Z', 'slice': "
                     + "{'name': 'wide', 'quotaBps': 25000000, 'endpoints': [" + access(S2, 2) + ", "
                     + trunk(S1, 3) + "]}}");
        before = reservations();
        assertError(post("reservations", "{'tenant': 'itb', 'start': '2026-11-21T10:00:00Z', "
                             + "'end': '2026-11-21T12:00:00Z', 'slice': {'name': 'big', 'quotaBps': 70000001, "
                             + "'endpoints': [" + access(S1, 2) + ", " + trunk(S1, 3) + "]}}"), 409,
                    "at 2026-11-21T10:00:00Z: admission refused on port device:bmv2:s1/3: capacity 100000000 bps, "
                            + "usable 95000000 bps after the guard band, allocated 25000000 bps, requested "
                            + "70000001 bps, short by 1 bps; allocated there to reservation 2 (itb/wide, "
                            + "2026-11-21T09:00:00Z to 2026-11-21T11:00:00Z)");
        // from the end of that slot on, it fits
        book("{'tenant': 'itb', 'start': '2026-11-21T11:00:00Z', 'end': '2026-11-21T12:00:00Z', 'slice': "
                     + "{'name': 'big', 'quotaBps': 70000001, 'endpoints': [" + access(S1, 2) + ", " + trunk(S1, 3)
                     + "]}}");
        before = reservations();
        assertThat(reservations(), is(before));
        // back to back on the access port is fine
        book(slot("lab2", 1, "2026-11-21T12:00:00Z", "2026-11-21T13:00:00Z"));
    }

    @Test
    public void badBookingsAre400AndChangeNothing() {
        assertError(post("reservations", slot("x", 1, "2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z")), 400,
                    "end 2026-11-21T10:00:00Z must be after start 2026-11-21T10:00:00Z");
        assertError(post("reservations", slot("x", 1, "2026-11-21T07:00:00Z", "2026-11-21T10:00:00Z")), 400,
                    "start 2026-11-21T07:00:00Z is in the past (now 2026-11-21T08:00:00Z)");
        assertError(post("reservations", slot("x", 1, "2026-11-21T10:00:00Z", "2026-11-28T10:00:01Z")), 400,
                    "the reservation lasts PT168H1S, longer than the maximum PT168H (component property "
                            + "maxReservationHours)");
        assertError(post("reservations", slot("x", 1, "tomorrow", "2026-11-21T10:00:00Z")), 400,
                    "\"start\" must be an ISO-8601 time with offset such as 2026-11-21T10:00:00Z, got \"tomorrow\"");
        assertError(post("reservations", "{'tenant': 'itb'"), 400,
                    "request body is not valid JSON: Unexpected end-of-input: expected close marker for Object "
                            + "(start marker at [Source: UNKNOWN; line: 1, column: 1]) (line 1, column 17)");
        assertError(post("reservations", slot("x", 9, "2026-11-21T10:00:00Z", "2026-11-21T11:00:00Z")), 400,
                    "unknown port 9 on device device:bmv2:s1");
        assertThat(reservations(), is("{\"reservations\":[],\"total\":0,\"offset\":0,\"limit\":100,"
                + "\"nextOffset\":null}"));
    }

    @Test
    public void unknownOrMalformedIds() {
        assertError(get("reservations/7"), 404, "no reservation with id 7");
        assertError(delete("reservations/7"), 404, "no reservation with id 7");
        assertError(put("reservations/7", "{'end': '2026-11-21T12:00:00Z'}"), 404, "no reservation with id 7");
        assertError(get("reservations/0"), 400, "reservation id must be a positive integer, got \"0\"");
        assertError(get("reservations/x"), 400, "reservation id must be a positive integer, got \"x\"");
    }

    @Test
    public void cancelAnswers204AndReleasesAnActiveSlot() {
        book(LAB1);
        at("2026-11-21T10:30:00Z");
        assertThat(body(get("slices")).get("slices").size(), is(1));
        Response r = delete("reservations/1");
        assertThat(r.getStatus(), is(204));
        JsonNode cancelled = body(get("reservations/1"));
        assertThat(cancelled.get("state").asText(), is("CANCELLED"));
        assertThat(cancelled.get("reason").asText(), is("cancelled at 2026-11-21T10:30:00Z; slice 1 released"));
        assertThat(slices(), is(SlicesWebResourceTest.EMPTY));
        assertThat(testbed.slices().getSlice(SliceId.of(1)).isPresent(), is(false));
        assertError(delete("reservations/1"), 409,
                    "reservation 1 is CANCELLED; only a SCHEDULED or ACTIVE reservation can be cancelled");
    }

    @Test
    public void putMovesTheEndOrSaysWhyNot() {
        book(LAB1);
        book(slot("lab2", 1, "2026-11-21T13:00:00Z", "2026-11-21T14:00:00Z"));
        Response r = put("reservations/1", "{'end': '2026-11-21T13:00:00Z'}");
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(200));
        assertThat(json(text).get("end").asText(), is("2026-11-21T13:00:00Z"));
        assertThat(body(get("reservations/1")).get("end").asText(), is("2026-11-21T13:00:00Z"));

        assertError(put("reservations/1", "{'end': '2026-11-21T13:30:00Z'}"), 409,
                    "at 2026-11-21T13:00:00Z: port device:bmv2:s1/1 is the access port of reservation 2 "
                            + "(itb/lab2, 2026-11-21T13:00:00Z to 2026-11-21T14:00:00Z); an access port belongs "
                            + "to one slice only");
        assertError(put("reservations/1", "{'end': '2026-11-21T09:00:00Z'}"), 400,
                    "end 2026-11-21T09:00:00Z must be after start 2026-11-21T10:00:00Z");
        assertError(put("reservations/1", "{'until': '2026-11-21T13:30:00Z'}"), 400, "unknown field \"until\"");
        assertThat(body(get("reservations/1")).get("end").asText(), is("2026-11-21T13:00:00Z"));
        assertThat(Duration.between(NOW, clock.instant()), is(Duration.ZERO));
    }
}
