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

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.Components;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import java.util.List;
import java.util.Set;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * p4slice's authorization filter in place of ONOS's admin-only one: who may send what, with its
 * message, and that a refused request changes nothing and writes nothing to the audit log; a
 * tenant's user with only ONOS's viewer role changes its tenant's slices; the tenants block
 * removed leaves that user with nothing; the audit log not running is a 409 to an operator.
 */
public class TenantAuthorizationTest extends RestTestBase {

    private static final String NO_SCOPE = " is neither a p4slice operator nor a tenant's user and may not change"
            + " anything";
    private static final String LAB = "{'name': 'lab', 'tenant': 'itb', 'quotaBps': 5000000, 'endpoints': ["
            + "{'device': 'device:bmv2:s1', 'port': 3, 'mode': 'access'}]}";

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.setTenantsConfig((ObjectNode) json(q("{'itb': {}, 'ui': {}}")));
        tb.setOperatorsConfig((ObjectNode) json(q("{'users': ['onos']}")));
        tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
    }

    @Before
    public void setUpSlice() {
        testbed.gate().createSlice(Caller.of("onos", true), SlicingTestbed.request(
                "lab1", Endpoint.of(cp(S1, 1), EndpointMode.ACCESS)).build());
    }

    private Response as(String who, String method, String path, String body) {
        return target(path).request().header(TestIdentity.HEADER, who)
                .method(method, body == null ? null : Entity.entity(q(body), MediaType.APPLICATION_JSON_TYPE));
    }

    private String state() {
        return testbed.slices().getSlices().toString() + testbed.audit().getEntries(100);
    }

    private void assertRefused(String who, String method, String path, String body, String message) {
        String before = state();
        assertError(as(who, method, path, body), 403, message);
        assertThat("a refused request changes nothing and is not audited", state(), is(before));
    }

    @Test
    public void theAuditLogNotRunningIs409ToAnOperatorAndChangesNothing() {
        assertThat(as("onos", "GET", "audit", null).getStatus(), is(200));
        // the audit component stopped: ONOS unbinds the gate's optional reference
        Components.set(testbed.gate(), "auditService", null);
        String before = state();
        assertError(as("onos", "GET", "audit", null), 409, "the audit log is not running");
        assertThat("the refusal changes nothing and is not audited", state(), is(before));
        // a tenant's user is still refused as before: the log is for operators
        assertRefused("alice:tenant", "GET", "audit", null, "the audit log is for operators; user alice is not one");
    }

    @Test
    public void aViewerOfNoTenantMayReadButNotChange() {
        Response r = as("carol", "GET", "slices", null);
        assertThat(r.getStatus(), is(200));
        assertThat(body(r).get("slices").size(), is(0));
        assertRefused("carol", "POST", "slices", LAB, "user carol" + NO_SCOPE);
        assertRefused("carol", "DELETE", "slices/1", null, "user carol" + NO_SCOPE);
        assertRefused("carol", "PUT", "reservations/1", "{'end': '2999-01-01T00:00:00Z'}", "user carol" + NO_SCOPE);
    }

    @Test
    public void anAdminWhoIsNeitherListedNorInATenantIsNoOperator() {
        assertThat(body(as("dave:admin", "GET", "slices", null)).get("slices").size(), is(0));
        assertRefused("dave:admin", "DELETE", "slices/1", null, "user dave" + NO_SCOPE);
        assertError(as("dave:admin", "GET", "audit", null), 403,
                    "the audit log is for operators; user dave is not one");
    }

    @Test
    public void aUserWithoutAnOnosRoleOrAUserIsRefusedEverything() {
        assertRefused("eve:none", "GET", "slices", null, "user eve holds none of the roles [viewer, admin]");
        assertRefused("eve:guest", "POST", "slices", LAB, "user eve holds none of the roles [viewer, admin]");
        assertRefused("-", "GET", "capacity", null, "the request carries no user: sign in");
        assertRefused("-", "POST", "slices", LAB, "the request carries no user: sign in");
    }

    @Test
    public void aTenantsUserChangesItsOwnSlices() {
        Response created = as("alice:tenant", "POST", "slices", LAB);
        assertThat(created.readEntity(String.class), created.getStatus(), is(201));
        assertThat(as("alice:tenant", "DELETE", "slices/1", null).getStatus(), is(204));
        assertThat(testbed.slices().getSlices().size(), is(1));
    }

    @Test
    public void theOldDesignsKarafUsersGetNothing() {
        // a Karaf user with p4slice's old role only, and an ONOS viewer named like a tenant's user
        assertRefused("alice:p4slice", "GET", "slices", null, "user alice holds none of the roles [viewer, admin]");
        assertRefused("alice:p4slice", "POST", "slices", LAB, "user alice holds none of the roles [viewer, admin]");
        assertThat(body(as("alice", "GET", "slices", null)).get("slices").size(), is(0));
        assertRefused("alice", "POST", "slices", LAB, "user alice" + NO_SCOPE);
        assertRefused("alice:admin", "DELETE", "slices/1", null, "user alice" + NO_SCOPE);
    }

    @Test
    public void theTenantsBlockRemovedLeavesItsUsersWithNothing() {
        testbed.setTenantsConfig(null);
        assertThat(body(as("alice:tenant", "GET", "slices", null)).get("slices").size(), is(0));
        assertRefused("alice:tenant", "DELETE", "slices/1", null, "user alice" + NO_SCOPE);
        assertRefused("alice:tenant", "POST", "slices", LAB, "user alice" + NO_SCOPE);
    }

    @Test
    public void theCapacityAndTheFairnessHistoryAreRefusedToAUserOfNoTenant() {
        assertRefused("carol", "GET", "capacity", null,
                      "the capacity of the testbed is for operators and tenants' users; user carol is neither");
        assertRefused("dave:admin", "GET", "fairness/history", null,
                      "the fairness history of the testbed is for operators and tenants' users; user dave is neither");
        assertThat(as("alice:tenant", "GET", "capacity", null).getStatus(), is(200));
        assertThat(as("onos", "GET", "capacity", null).getStatus(), is(200));
    }

    @Test
    public void aRefusalToATenantsUserNamesTheResourceAndNotAnotherTenantsSlice() {
        // slice 1 (itb/lab1) holds s1/1 as its access port and VLAN 100
        String onS1Port1 = "{'name': 'x', 'tenant': 'ui', 'quotaBps': 5000000, 'endpoints': ["
                + "{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}";
        String vlan = testbed.slices().getSlices().iterator().next().vlan().toString();
        String onVlan = "{'name': 'x', 'tenant': 'ui', 'quotaBps': 5000000, 'vlan': " + vlan + ", 'endpoints': ["
                + "{'device': 'device:bmv2:s1', 'port': 2, 'mode': 'access'}]}";
        Set<Slice> before = testbed.slices().getSlices();
        assertError(as("bob:tenant", "POST", "slices", onS1Port1), 409, "port device:bmv2:s1/1 is the access port of "
                + "another slice; an access port belongs to one slice only");
        assertError(as("bob:tenant", "POST", "slices", onVlan), 409, "VLAN " + vlan + " is not available");
        assertThat("a refusal changes nothing", testbed.slices().getSlices(), is(before));
        // the operator is told the holder, and the audit log keeps the full refusal with its kind
        assertError(as("onos", "POST", "slices", onS1Port1), 409, "port device:bmv2:s1/1 is the access port of "
                + "slice 1 (itb/lab1); an access port belongs to one slice only");
        List<AuditEntry> log = testbed.audit().getEntries(3);
        assertThat(log.get(0).user(), is("bob"));
        assertThat(log.get(0).result(), is("CONFLICT: port device:bmv2:s1/1 is the access port of slice 1 "
                + "(itb/lab1); an access port belongs to one slice only"));
        assertThat(log.get(1).result(), is("CONFLICT: VLAN " + vlan + " is taken by slice 1 (itb/lab1)"));
    }

    @Test
    public void aBookingOrSliceOfAnUnknownTenantListsTheTenantsToAnOperator() {
        Set<Slice> before = testbed.slices().getSlices();
        assertError(as("onos", "POST", "slices", LAB.replace("'itb'", "'nope'")), 400,
                    "unknown tenant nope; the tenants are [itb, ui]");
        // a tenant's user naming another tenant is refused before: it never learns which tenants exist
        assertError(as("alice:tenant", "POST", "slices", LAB.replace("'itb'", "'nope'")), 403,
                    "user alice acts for tenant itb and may not create a slice of tenant nope");
        assertThat("a refusal changes nothing", testbed.slices().getSlices(), is(before));
    }
}
