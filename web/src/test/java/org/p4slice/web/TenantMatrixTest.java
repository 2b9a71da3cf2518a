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

import org.p4slice.testbed.RestServices;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.fairness.testing.FixedFairnessService;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.client.Entity;
import javax.ws.rs.client.Invocation;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Two tenants (itb: alice, ui: bob, both holding only ONOS's viewer role), the operator named by
 * netcfg (onos), an ONOS admin who is neither an operator nor a tenant's user (dave), a viewer of
 * no tenant (carol) and an anonymous request, against every endpoint and verb of the REST API,
 * with p4slice's authorization filter in place of ONOS's: the expected status, what a list shows,
 * a JSON error body with a message, no state change on a refusal, and an audit entry for every
 * change a tenant's user or an operator asks, done or refused (the filter's refusals of everybody
 * else are not written: nobody without a scope can fill the log).
 */
@RunWith(Parameterized.class)
public class TenantMatrixTest extends RestTestBase {

    private static final String ALICE = "alice:tenant";
    private static final String BOB = "bob:tenant";
    private static final String OPERATOR = "onos:admin";
    private static final String DAVE = "dave:admin";
    private static final String CAROL = "carol";
    private static final String ANONYMOUS = "-";

    // the fixture: slice 1 and reservation 1 are itb's, slice 2 and reservation 2 ui's
    private static final String[] OPS = {
        "GET /slices", "GET /slices?tenant=itb", "POST /slices itb", "POST /slices ui", "GET /slices/1",
        "PUT /slices/1", "PUT /slices/1 tenant ui", "DELETE /slices/1", "GET /slices/1/stats",
        "GET /slices/1/devices",
        "GET /reservations", "GET /reservations?tenant=itb", "POST /reservations itb", "GET /reservations/1",
        "PUT /reservations/1", "DELETE /reservations/1", "GET /audit", "GET /fairness", "GET /fairness/history",
        "GET /metrics", "GET /capacity",
    };

    // a caller of no scope: every change refused by the filter, reads show nothing of a tenant, the
    // testbed's capacity and fairness history refused
    private static final int[] NO_SCOPE = {200, 403, 403, 403, 404, 403, 403, 403, 404, 404, 200, 403, 403, 404,
            403, 403, 403, 200, 403, 200, 403};

    // expected status per caller, in the order of OPS
    private static final Object[][] EXPECTED = {
        {ALICE, new int[]{200, 200, 201, 403, 200, 200, 403, 204, 200, 200, 200, 200, 201, 200,
            200, 204, 403, 200, 200, 200, 200}},
        {BOB, new int[]{200, 403, 403, 201, 404, 404, 404, 404, 404, 404, 200, 403, 403, 404,
            404, 404, 403, 200, 200, 200, 200}},
        {OPERATOR, new int[]{200, 200, 201, 201, 200, 200, 403, 204, 200, 200, 200, 200, 201, 200,
            200, 204, 200, 200, 200, 200, 200}},
        {DAVE, NO_SCOPE},
        {CAROL, NO_SCOPE},
        {ANONYMOUS, new int[]{403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403,
            403, 403, 403, 403, 403, 403, 403}},
    };

    private final String op;
    private final String who;
    private final int expected;

    private Instant start;

    /**
     * Creates one case.
     *
     * @param op       method and path
     * @param who      caller (header of {@link TestIdentity})
     * @param expected status
     */
    public TenantMatrixTest(String op, String who, int expected) {
        this.op = op;
        this.who = who;
        this.expected = expected;
    }

    /**
     * Returns the cases.
     *
     * @return {op, caller, status}
     */
    @Parameterized.Parameters(name = "{1} {0} -> {2}")
    public static Collection<Object[]> cases() {
        List<Object[]> cases = new ArrayList<>();
        for (Object[] row : EXPECTED) {
            int[] statuses = (int[]) row[1];
            for (int i = 0; i < OPS.length; i++) {
                cases.add(new Object[]{OPS[i], row[0], statuses[i]});
            }
        }
        return cases;
    }

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.setTenantsConfig((ObjectNode) json(q(
                "{'itb': {'name': 'ITB', 'maxSlices': 4, 'maxBps': 80000000,"
                        + " 'maxBookingHours': 48, 'maxLeadDays': 90},"
                        + " 'ui': {'name': 'UI', 'maxSlices': 4, 'maxBps': 80000000}}")));
        tb.setOperatorsConfig((ObjectNode) json(q("{'users': ['onos']}")));
        tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
    }

    @Before
    public void setUpFixture() {
        setServiceDirectory(RestServices.directory(testbed, new SliceStatsServiceAdapter())
                                    .add(FairnessService.class, new FixedFairnessService()));
        Caller operator = Caller.of("onos", true);
        testbed.gate().createSlice(operator, slice("lab1", "itb", S1, 1));
        testbed.gate().createSlice(operator, slice("lab1", "ui", S1, 2));
        start = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        testbed.gate().reserve(operator, ReservationRequest.of(
                TenantId.of("itb"), slice("slot1", "itb", S2, 1), start, start.plus(2, ChronoUnit.HOURS)));
        testbed.gate().reserve(operator, ReservationRequest.of(
                TenantId.of("ui"), slice("slot1", "ui", S2, 2), start, start.plus(2, ChronoUnit.HOURS)));
    }

    private static SliceRequest slice(String name, String tenant, org.onosproject.net.DeviceId d, int port) {
        return SliceRequest.builder().name(name).tenant(TenantId.of(tenant)).quotaBps(10_000_000)
                .addEndpoint(Endpoint.of(cp(d, port), EndpointMode.ACCESS)).build();
    }

    private String state() {
        return testbed.slices().getSlices().toString() + testbed.reservations().getReservations();
    }

    private Response send() {
        String[] parts = op.split(" ");
        String method = parts[0];
        String path = parts[1];
        String tenant = parts.length > 2 ? parts[parts.length - 1] : "itb";
        String query = null;
        if (path.contains("?")) {
            query = path.substring(path.indexOf('?') + 1);
            path = path.substring(0, path.indexOf('?'));
        }
        javax.ws.rs.client.WebTarget target = target(path.substring(1));
        if (query != null) {
            String[] kv = query.split("=");
            target = target.queryParam(kv[0], kv[1]);
        }
        Invocation.Builder request = target.request().header(TestIdentity.HEADER, who);
        switch (method) {
            case "GET":
                return request.get();
            case "DELETE":
                return request.delete();
            default:
                return "POST".equals(method) ? request.post(body(path, tenant)) : request.put(body(path, tenant));
        }
    }

    private Entity<String> body(String path, String tenant) {
        String json;
        if (path.equals("/slices")) {
            json = "{'name': 'lab2', 'tenant': '" + tenant + "', 'quotaBps': 5000000, 'endpoints': ["
                    + access(S1, 3) + "]}";
        } else if (path.equals("/slices/1")) {
            json = "{'name': 'lab1', 'tenant': '" + tenant + "', 'quotaBps': 20000000, 'endpoints': ["
                    + access(S1, 1) + "]}";
        } else if (path.equals("/reservations")) {
            json = "{'tenant': '" + tenant + "', 'start': '" + start.plus(3, ChronoUnit.HOURS) + "', 'end': '"
                    + start.plus(4, ChronoUnit.HOURS) + "', 'slice': {'name': 'slot2', 'tenant': '" + tenant
                    + "', 'quotaBps': 5000000, 'endpoints': [" + access(S2, 3) + "]}}";
        } else {
            json = "{'end': '" + start.plus(5, ChronoUnit.HOURS) + "'}";
        }
        return Entity.entity(q(json), MediaType.APPLICATION_JSON_TYPE);
    }

    @Test
    public void answersAsExpected() {
        String before = state();
        long auditBefore = lastAudit().map(AuditEntry::id).orElse(0L);
        Response r = send();
        String text = r.readEntity(String.class);
        assertThat(op + " as " + who + ": " + text, r.getStatus(), is(expected));
        boolean change = !op.startsWith("GET");
        if (expected >= 400) {
            JsonNode error = json(text);
            assertThat(text, error.get("code").asInt(), is(expected));
            assertThat(text, error.get("message").asText().isEmpty(), is(false));
            assertThat("a refusal changes nothing", state(), is(before));
        } else if (change) {
            assertThat("the change is made", state().equals(before), is(false));
        }
        boolean scoped = who.equals(ALICE) || who.equals(BOB) || who.equals(OPERATOR);
        if (change && scoped) {
            AuditEntry e = lastAudit().orElseThrow();
            assertThat(e.id() > auditBefore, is(true));
            assertThat(e.user(), is(who.equals(ANONYMOUS) ? "(anonymous)" : who.split(":")[0]));
            // the log records the refusal's kind (and message), not an HTTP status
            assertThat(e.result(), expected >= 400
                    ? SlicingException.Kind.valueOf(e.result().split(":")[0]).status() == expected
                    : e.result().equals(AuditEntry.OK), is(true));
        } else {
            assertThat("a read, or a change refused by the filter, is not audited",
                       lastAudit().map(AuditEntry::id).orElse(0L), is(auditBefore));
        }
        if (expected == 200 && op.startsWith("GET /slices") && !op.contains("/1")) {
            assertThat(ids(json(text).get("slices")), is(visible()));
        }
        if (expected == 200 && op.startsWith("GET /reservations") && !op.contains("/1")) {
            assertThat(ids(json(text).get("reservations")), is(visible()));
        }
        if (op.equals("GET /fairness") && expected == 200) {
            assertThat(ids(json(text).get("slices")), is(who.equals(OPERATOR) ? Set.of(10L, 20L)
                    : who.equals(ALICE) ? Set.of(10L) : Set.of()));
        }
    }

    // ids of the fixture a caller sees: itb's are 1, ui's 2
    private Set<Long> visible() {
        if (op.contains("tenant=itb")) {
            return Set.of(1L);
        }
        if (who.equals(OPERATOR)) {
            return Set.of(1L, 2L);
        }
        return who.equals(ALICE) ? Set.of(1L) : who.equals(BOB) ? Set.of(2L) : Set.of();
    }

    private static Set<Long> ids(JsonNode array) {
        Set<Long> ids = new TreeSet<>();
        array.forEach(n -> ids.add(n.get("id").asLong()));
        return ids;
    }

    private java.util.Optional<AuditEntry> lastAudit() {
        List<AuditEntry> entries = testbed.audit().getEntries(1);
        return entries.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(entries.get(0));
    }
}
