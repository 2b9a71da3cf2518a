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
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.testbed.SlicingTestbed;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Who is an operator, who acts for a tenant and who sees nothing (TenantService#scope), as the
 * tenants and operators blocks of the netcfg come, go and break: everything fails closed.
 */
public class TenantScopeTest {

    private static final String TENANTS = "{'itb': {'users': ['alice']}, 'ui': {'users': ['bob']}}";
    private static final Caller ALICE = Caller.of("alice", false);
    private static final Caller ALICE_ADMIN = Caller.of("alice", true);
    private static final Caller ONOS = Caller.of("onos", true);
    private static final Caller DAVE = Caller.of("dave", true);
    private static final Caller CAROL = Caller.of("carol", false);

    private SlicingTestbed tb;

    @Before
    public void setUp() {
        tb = new SlicingTestbed();
        tb.startAll();
    }

    @After
    public void tearDown() {
        tb.stop();
    }

    private String scope(Caller caller) {
        TenantScope s = tb.tenants().scope(caller);
        return s.isOperator() ? "operator" : s.tenant().map(t -> "tenant " + t.id()).orElse("none");
    }

    private void tenants(String json) {
        tb.setTenantsConfig(json == null ? null : (ObjectNode) SlicingTestbed.json(json));
    }

    private void operators(String json) {
        tb.setOperatorsConfig(json == null ? null : (ObjectNode) SlicingTestbed.json(json));
    }

    @Test
    public void onAFreshInstallEveryAdminIsAnOperator() {
        assertThat(scope(ONOS), is("operator"));
        assertThat(scope(DAVE), is("operator"));
        assertThat(scope(CAROL), is("none"));
        assertThat(scope(Caller.anonymous()), is("none"));
    }

    @Test
    public void onceTenantsExistAnUnlistedAdminIsNoOperator() {
        tenants(TENANTS);
        assertThat(scope(ONOS), is("none"));
        assertThat(scope(DAVE), is("none"));
        assertThat(scope(ALICE), is("tenant itb"));
        assertThat("a tenant's user is scoped by its tenant, whatever its roles", scope(ALICE_ADMIN),
                   is("tenant itb"));
    }

    @Test
    public void operatorsAreTheListedUsersWhateverTheirRoles() {
        tenants(TENANTS);
        operators("{'users': ['onos', 'carol']}");
        assertThat(scope(ONOS), is("operator"));
        assertThat(scope(CAROL), is("operator"));
        assertThat(scope(DAVE), is("none"));
        assertThat(scope(Caller.anonymous()), is("none"));
        tenants(null);
        assertThat("without tenants, the operators block still decides", scope(DAVE), is("none"));
    }

    @Test
    public void aUserListedByATenantAndAsOperatorActsForTheTenant() {
        tenants(TENANTS);
        operators("{'users': ['alice', 'onos']}");
        assertThat(scope(ALICE_ADMIN), is("tenant itb"));
    }

    @Test
    public void aRemovedTenantsBlockLeavesTenantsUsersWithNothing() {
        tenants(TENANTS);
        operators("{'users': ['onos']}");
        tenants(null);
        assertThat(scope(ALICE), is("none"));
        assertThat(scope(ALICE_ADMIN), is("none"));
        assertThat(scope(ONOS), is("operator"));
    }

    @Test
    public void aBrokenTenantsBlockLeavesTenantsUsersWithNothing() {
        operators("{'users': ['onos']}");
        tenants("{'itb': {'users': ['alice']}, 'ui': {'users': ['alice']}}");
        assertThat(scope(ALICE), is("none"));
        assertThat(scope(ALICE_ADMIN), is("none"));
        assertThat("a named operator stays one", scope(ONOS), is("operator"));
        operators(null);
        assertThat("and without operators, no admin becomes one", scope(ALICE_ADMIN), is("none"));
        assertThat(scope(ONOS), is("none"));
    }

    @Test
    public void aBrokenOperatorsBlockLeavesNoOperator() {
        tenants(TENANTS);
        operators("{'users': 'onos'}");
        assertThat(scope(ONOS), is("none"));
        assertThat(scope(ALICE), is("tenant itb"));
        tenants(null);
        assertThat("not even on an install without tenants", scope(ONOS), is("none"));
    }
}
