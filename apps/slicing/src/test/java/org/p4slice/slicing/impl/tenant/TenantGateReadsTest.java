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
package org.p4slice.slicing.impl.tenant;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.testbed.SlicingTestbed;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * The tenant gate's reads beyond slices and reservations: the audit log (operators only, refused
 * to a tenant's user, a user of no tenant and an anonymous caller, reading nothing and writing
 * nothing) and the caller's scope, which capacity, fairness, the portal page and the command line's
 * completion read through the gate.
 */
public class TenantGateReadsTest {

    private static final Caller OPERATOR = Caller.of("onos", true);
    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller CAROL = Caller.of("carol", false);

    private SlicingTestbed bed;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        DeviceId s1 = bed.addSwitch("s1", 8, 1000);
        bed.setTenantsConfig((ObjectNode) json("{'itb': {}, 'ui': {}}"));
        bed.setOperatorsConfig((ObjectNode) json("{'users': ['onos']}"));
        bed.startAll();
        bed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        bed.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        bed.gate().createSlice(ALICE, request("lab", Endpoint.access(cp(s1, 1))).build());
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private List<String> audited() {
        return bed.audit().getEntries(100).stream().map(e -> e.user() + " " + e.action() + " " + e.result())
                .collect(Collectors.toList());
    }

    @Test
    public void anOperatorReadsTheAuditLog() {
        List<AuditEntry> entries = bed.gate().getAuditEntries(OPERATOR, 10);
        assertThat(entries.stream().map(e -> e.user() + " " + e.action() + " " + e.target()
                + " " + e.tenant().map(TenantId::id).orElse("-")).collect(Collectors.toList()),
                   contains("alice slice.create slice 1 (itb/lab) itb"));
    }

    @Test
    public void anyoneElseIsRefusedTheAuditLogAndNothingChanges() {
        List<String> before = audited();
        for (Caller c : List.of(ALICE, CAROL, Caller.of("dave", true), Caller.anonymous())) {
            try {
                bed.gate().getAuditEntries(c, 10);
                fail("the audit log was read by " + c);
            } catch (SlicingException e) {
                assertEquals(SlicingException.Kind.FORBIDDEN, e.kind());
                assertEquals("the audit log is for operators; "
                        + (c.user().isEmpty() ? "an anonymous request" : "user " + c.user()) + " is not one",
                             e.getMessage());
            }
        }
        assertThat("a refused read writes nothing", audited(), is(before));
    }

    @Test
    public void theScopeIsTheTenantServicesForEveryCaller() {
        for (Caller c : List.of(OPERATOR, ALICE, Caller.tenantUser("bob"), CAROL, Caller.anonymous())) {
            assertEquals(c.toString(), bed.tenants().scope(c).toString(), bed.gate().scope(c).toString());
        }
        TenantScope operator = bed.gate().scope(OPERATOR);
        assertThat(operator.isOperator(), is(true));
        TenantScope alice = bed.gate().scope(ALICE);
        assertThat(alice.isOperator(), is(false));
        assertThat(alice.tenant().map(t -> t.id().id()), is(Optional.of("itb")));
        assertThat(alice.sees(TenantId.of("ui")), is(false));
        assertThat(bed.gate().scope(CAROL).sharesTestbed(), is(false));
    }
}
