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
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * A tenant's caps (409 with the figures, nothing changed), the component limits of bookings and
 * the range of times (400), and the audit log over REST.
 */
public class TenantCapsTest extends RestTestBase {

    private static final String ALICE = "alice:tenant";
    private static final String RANGE = "from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z";

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.setTenantsConfig((ObjectNode) json(q(
                "{'itb': {'name': 'ITB', 'maxSlices': 2, 'maxBps': 30000000,"
                        + " 'maxBookingHours': 4, 'maxLeadDays': 10}, 'ui': {}}")));
        tb.setOperatorsConfig((ObjectNode) json(q("{'users': ['onos']}")));
        tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
    }

    private Response send(String who, String method, String path, String body) {
        javax.ws.rs.client.Invocation.Builder b = target(path).request().header(TestIdentity.HEADER, who);
        return body == null ? b.method(method)
                : b.method(method, Entity.entity(q(body), MediaType.APPLICATION_JSON_TYPE));
    }

    private static String slice(String name, long quota, int port) {
        return "{'name': '" + name + "', 'tenant': 'itb', 'quotaBps': " + quota + ", 'endpoints': ["
                + access(S1, port) + "]}";
    }

    private static String booking(Object start, Object end, int port) {
        return booking("itb", start, end, port);
    }

    private static String booking(String tenant, Object start, Object end, int port) {
        return "{'tenant': '" + tenant + "', 'start': '" + start + "', 'end': '" + end
                + "', 'slice': {'name': 'slot" + port + "', 'tenant': '" + tenant
                + "', 'quotaBps': 1000000, 'endpoints': [" + access(S2, port) + "]}}";
    }

    private void assertRefused(Response r, int status, String message) {
        String before = testbed.slices().getSlices().toString() + testbed.reservations().getReservations();
        assertError(r, status, message);
        assertThat(testbed.slices().getSlices().toString() + testbed.reservations().getReservations(), is(before));
    }

    @Test
    public void slicesAndQuotaOfATenantAreCapped() {
        assertThat(send(ALICE, "POST", "slices", slice("a", 20_000_000, 1)).getStatus(), is(201));
        assertRefused(send(ALICE, "POST", "slices", slice("b", 20_000_000, 2)), 409,
                      "tenant itb may hold at most 30000000 bit/s of quota in total; it holds 20000000 (slices and "
                              + "overlapping bookings), this slice asks for 20000000 (total 40000000)");
        assertThat(send(ALICE, "POST", "slices", slice("b", 10_000_000, 2)).getStatus(), is(201));
        // the operator is held to the tenant's caps too
        assertRefused(send("onos:admin", "POST", "slices", slice("c", 1_000, 3)), 409,
                      "tenant itb may hold at most 2 slices at once; it holds 2 (slices and overlapping bookings), "
                              + "this slice would make 3");
        assertRefused(send(ALICE, "PUT", "slices/1", slice("a", 25_000_000, 1)), 409,
                      "tenant itb may hold at most 30000000 bit/s of quota in total; it holds 10000000 (slices and "
                              + "overlapping bookings), this slice asks for 25000000 (total 35000000)");
        assertThat(send(ALICE, "PUT", "slices/1", slice("a", 15_000_000, 1)).getStatus(), is(200));
    }

    @Test
    public void bookingsOfATenantAreBoundedInLengthAndLeadTime() {
        Instant start = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        assertRefused(send(ALICE, "POST", "reservations", booking(start, start.plus(5, ChronoUnit.HOURS), 1)), 409,
                      "tenant itb may book at most 4 h at a time; this booking lasts PT5H");
        Instant late = start.plus(10, ChronoUnit.DAYS);
        Response far = send(ALICE, "POST", "reservations", booking(late, late.plusSeconds(60), 1));
        String text = far.readEntity(String.class);
        assertThat(text, far.getStatus(), is(409));
        assertThat(text, json(text).get("message").asText().startsWith("tenant itb may book at most 10 days ahead"),
                   is(true));
        Response ok = send(ALICE, "POST", "reservations", booking(start, start.plus(4, ChronoUnit.HOURS), 1));
        assertThat(ok.getStatus(), is(201));
        assertRefused(send(ALICE, "PUT", "reservations/1", "{'end': '" + start.plus(6, ChronoUnit.HOURS) + "'}"),
                      409, "tenant itb may book at most 4 h at a time; this booking lasts PT6H");
    }

    @Test
    public void bookingsHaveAHorizonAndTimesARange() {
        // ui has no caps of its own: the component's limits apply
        Response y2999 = send("onos:admin", "POST", "reservations",
                              booking("ui", "2999-01-01T00:00:00Z", "2999-01-01T01:00:00Z", 1));
        String text = y2999.readEntity(String.class);
        assertThat(text, y2999.getStatus(), is(400));
        assertThat(text, json(text).get("message").asText().startsWith(
                "start 2999-01-01T00:00:00Z is more than 365 days ahead"), is(true));
        assertRefused(send("onos:admin", "POST", "reservations",
                           booking("+999999999-01-01T00:00:00Z", "+999999999-01-01T01:00:00Z", 1)), 400,
                      "\"start\" must be " + RANGE + ", got +999999999-01-01T00:00:00Z");
        assertRefused(send("onos:admin", "POST", "reservations",
                           booking("-999999999-01-01T00:00:00Z", "2026-01-01T01:00:00Z", 1)), 400,
                      "\"start\" must be " + RANGE + ", got -999999999-01-01T00:00:00Z");
        Instant start = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        assertThat(send(ALICE, "POST", "reservations", booking(start, start.plus(1, ChronoUnit.HOURS), 1))
                           .getStatus(), is(201));
        assertRefused(send(ALICE, "PUT", "reservations/1", "{'end': '+999999999-12-31T23:59:59Z'}"), 400,
                      "\"end\" must be " + RANGE + ", got +999999999-12-31T23:59:59Z");
    }

    @Test
    public void theAuditLogIsReadByOperators() {
        send(ALICE, "POST", "slices", slice("a", 1_000_000, 1)).close();
        send("bob:tenant", "DELETE", "slices/1", null).close();
        Response r = send("onos:admin", "GET", "audit", null);
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(200));
        JsonNode entries = json(text).get("entries");
        assertThat(text, entries.size(), is(2));
        assertThat(entries.get(0).get("user").asText(), is("alice"));
        assertThat(entries.get(0).get("action").asText(), is("slice.create"));
        assertThat(entries.get(0).get("target").asText(), is("slice 1 (itb/a)"));
        assertThat(entries.get(0).get("tenant").asText(), is("itb"));
        assertThat(entries.get(0).get("result").asText(), is("OK"));
        assertThat(entries.get(1).get("user").asText(), is("bob"));
        assertThat(entries.get(1).get("tenant").isNull(), is(true));
        assertThat(entries.get(1).get("result").asText(), is("NOT_FOUND: no slice with id 1"));
        String last = target("audit").queryParam("limit", "1").request().get().readEntity(String.class);
        assertThat(last, json(last).get("entries").size(), is(1));
        assertThat(last, json(last).get("entries").get(0).get("user").asText(), is("bob"));
        assertError(target("audit").queryParam("limit", "0").request().get(), 400,
                    "limit must be an integer from 1 to 100000, got \"0\"");
        assertError(send(ALICE, "GET", "audit", null), 403,
                    "the audit log is for operators; user alice is not one");
    }
}
