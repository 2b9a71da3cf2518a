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
import org.junit.Test;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;
import org.p4slice.slicing.api.tenant.TenantUserService;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.util.Optional;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThat;

/**
 * {@code /tenants/{tenant}/users}: operators add, list and remove tenants' users; anyone else gets
 * 403 and learns nothing; every bad request is answered precisely and changes nothing; no password
 * is ever answered.
 */
public class TenantUsersWebResourceTest extends RestTestBase {

    private static final String ALICE = "{'name': 'alice', 'password': 'alice-secret-1'}";
    private static final String NOT_OPERATOR = TenantUserAdminService.NOT_OPERATOR;

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.setTenantsConfig((ObjectNode) json(q("{'itb': {}, 'ui': {}}")));
        tb.setOperatorsConfig((ObjectNode) json(q("{'users': ['onos', 'noc']}")));
    }

    private Response as(String who, String method, String path, String body) {
        return target(path).request().header(TestIdentity.HEADER, who)
                .method(method, body == null ? null : Entity.entity(q(body), MediaType.APPLICATION_JSON_TYPE));
    }

    private TenantUserService users() {
        return (TenantUserService) testbed.northboundServices().get(TenantUserService.class);
    }

    private String state() {
        return users().getUsers().toString();
    }

    private void assertRefused(String who, String method, String path, String body, int status, String message) {
        String before = state();
        Response r = as(who, method, path, body);
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(status));
        assertThat(json(text).get("message").asText(), is(message));
        assertThat("nothing changed", state(), is(before));
    }

    @Test
    public void anOperatorAddsListsAndRemovesUsers() {
        Response created = as("onos", "POST", "tenants/itb/users", ALICE);
        String text = created.readEntity(String.class);
        assertThat(text, created.getStatus(), is(201));
        assertThat(text, is("{\"name\":\"alice\",\"tenant\":\"itb\"}"));
        assertThat(created.getLocation().toString(), endsWith("/tenants/itb/users/alice"));
        assertThat(as("onos", "POST", "tenants/itb/users", "{'name': 'bob', 'password': 'bob-secret-1'}")
                           .getStatus(), is(201));
        Response list = as("onos", "GET", "tenants/itb/users", null);
        assertThat(list.getStatus(), is(200));
        assertThat(list.readEntity(String.class), is("{\"users\":[\"alice\",\"bob\"]}"));
        assertThat(as("onos", "GET", "tenants/ui/users", null).readEntity(String.class), is("{\"users\":[]}"));
        assertThat(users().authenticate("alice", "alice-secret-1".toCharArray()), is(Optional.of(TenantId.of("itb"))));

        Response removed = as("onos", "DELETE", "tenants/itb/users/bob", null);
        assertThat(removed.getStatus(), is(204));
        assertThat(as("onos", "GET", "tenants/itb/users", null).readEntity(String.class),
                   is("{\"users\":[\"alice\"]}"));
        assertThat(users().authenticate("bob", "bob-secret-1".toCharArray()), is(Optional.empty()));
    }

    @Test
    public void nobodyButAnOperatorLearnsOrChangesAnything() {
        as("onos", "POST", "tenants/itb/users", ALICE);
        for (String who : new String[] {"alice:tenant", "carol", "dave:admin", "onos:tenant", "noc:tenant"}) {
            // a caller of no scope is refused every change before the resource (the authorization filter)
            String name = who.split(":")[0];
            String change = who.equals("alice:tenant") ? NOT_OPERATOR
                    : "user " + name + " is neither a p4slice operator nor a tenant's user and may not change anything";
            for (String tenant : new String[] {"itb", "nowhere", "bad id!"}) {
                String base = "tenants/" + tenant.replace(" ", "%20").replace("!", "%21") + "/users";
                assertRefused(who, "GET", base, null, 403, NOT_OPERATOR);
                assertRefused(who, "POST", base, "{'name': 'eve', 'password': 'eve-secret-1'}", 403, change);
                assertRefused(who, "POST", base, "not json", 403, change);
                assertRefused(who, "DELETE", base + "/alice", null, 403, change);
                assertRefused(who, "DELETE", base + "/nobody", null, 403, change);
            }
        }
        assertThat(as("-", "GET", "tenants/itb/users", null).getStatus(), is(403));
    }

    @Test
    public void badRequestsArePreciseAndChangeNothing() {
        as("onos", "POST", "tenants/itb/users", ALICE);
        assertRefused("onos", "POST", "tenants/nowhere/users", ALICE, 404,
                      "tenant nowhere is not configured (netcfg apps.org.p4slice.tenants)");
        assertRefused("onos", "GET", "tenants/nowhere/users", null, 404,
                      "tenant nowhere is not configured (netcfg apps.org.p4slice.tenants)");
        assertRefused("onos", "POST", "tenants/ui/users", "{'name': 'alice', 'password': 'other-secret'}", 409,
                      "a tenant's user named \"alice\" exists already");
        assertRefused("onos", "POST", "tenants/itb/users", "{'name': 'eve'}", 400, "\"password\" must be a string");
        assertRefused("onos", "POST", "tenants/itb/users", "{'name': 'eve', 'password': 12345678}", 400,
                      "\"password\" must be a string");
        assertRefused("onos", "POST", "tenants/itb/users", "{'password': 'eve-secret-1'}", 400,
                      "\"name\" must be a string");
        assertRefused("onos", "POST", "tenants/itb/users", "{'name': 'eve', 'password': 'eve-secret-1', 'role': 'x'}",
                      400, "unknown field \"role\" (allowed: name, password)");
        assertRefused("onos", "POST", "tenants/itb/users", "['eve']", 400,
                      "expected a tenant's user {\"name\": \"...\", \"password\": \"...\"}");
        assertRefused("onos", "POST", "tenants/itb/users", "{'name': 'eve', 'password': 'short'}", 400,
                      "the password must have at least 8 characters");
        assertRefused("onos", "POST", "tenants/itb/users", "{'name': 'Eve!', 'password': 'eve-secret-1'}", 400,
                      "user name \"Eve!\" must match [a-z][a-z0-9._-]* (lower-case letters, digits, '.', '_', '-';"
                              + " a letter first)");
        assertRefused("onos", "POST", "tenants/itb/users", "{'name': 'noc', 'password': 'noc-secret-1'}", 400,
                      "user name \"noc\" is a configured operator's; a tenant's user must be named otherwise");
        assertRefused("onos", "DELETE", "tenants/ui/users/alice", null, 404, "tenant ui has no user \"alice\"");
        assertRefused("onos", "DELETE", "tenants/nowhere/users/alice", null, 404,
                      "tenant nowhere is not configured (netcfg apps.org.p4slice.tenants)");
    }

    @Test
    public void noAnswerOrAuditEntryCarriesThePassword() {
        String created = as("onos", "POST", "tenants/itb/users", ALICE).readEntity(String.class);
        String listed = as("onos", "GET", "tenants/itb/users", null).readEntity(String.class);
        String audit = as("onos", "GET", "audit", null).readEntity(String.class);
        for (String text : new String[] {created, listed, audit}) {
            assertThat(text, not(containsString("alice-secret-1")));
            assertThat(text, not(containsString("PBKDF2")));
        }
        assertThat(audit, containsString("\"action\":\"tenant-user.add\""));
    }

    @Test
    public void aTenantsUserActsForItsTenantAndAnOnosUserOfTheSameNameDoesNot() {
        as("onos", "POST", "tenants/itb/users", ALICE);
        Response own = as("alice:tenant", "POST", "slices", "{'name': 'lab', 'tenant': 'itb', 'quotaBps': 5000000,"
                + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 3, 'mode': 'access'}]}");
        assertThat(own.readEntity(String.class), own.getStatus(), is(201));
        assertThat(json(as("alice:tenant", "GET", "slices", null).readEntity(String.class)).get("slices").size(),
                   is(1));
        assertThat("an ONOS viewer named alice sees nothing",
                   json(as("alice", "GET", "slices", null).readEntity(String.class)).get("slices").size(), is(0));
        assertThat(as("alice:admin", "DELETE", "slices/1", null).getStatus(), is(403));
    }
}
