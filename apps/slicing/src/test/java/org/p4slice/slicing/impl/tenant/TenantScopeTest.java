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
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.testbed.SlicingTestbed;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Who is an operator, who acts for a tenant and who sees nothing (TenantService#scope), as the
 * tenants and operators blocks of the netcfg and the tenant-user store come, go and break:
 * everything fails closed. Tenants' users are p4slice's own (the store), ONOS users are the Karaf
 * realm's; a name never turns one into the other.
 */
public class TenantScopeTest {

    private static final String TENANTS = "{'itb': {}, 'ui': {}}";
    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller BOB = Caller.tenantUser("bob");
    private static final Caller ONOS_ALICE = Caller.of("alice", false);
    private static final Caller ONOS_ALICE_ADMIN = Caller.of("alice", true);
    private static final Caller ONOS = Caller.of("onos", true);
    private static final Caller DAVE = Caller.of("dave", true);
    private static final Caller CAROL = Caller.of("carol", false);
    // ONOS's GUI tells no roles: its users are ONOS users that are not known to be admins
    private static final Caller GUI_DAVE = Caller.of("dave", false);

    private SlicingTestbed tb;

    @Before
    public void setUp() {
        tb = new SlicingTestbed();
        tb.startAll();
        tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret");
        tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
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
    public void onAFreshInstallEveryVerifiedAdminIsAnOperator() {
        assertThat(scope(ONOS), is("operator"));
        assertThat(scope(DAVE), is("operator"));
        assertThat(scope(CAROL), is("none"));
        assertThat("a GUI user, whose roles ONOS does not tell, is never an operator by default",
                   scope(GUI_DAVE), is("none"));
        assertThat("a tenant's user of no configured tenant sees nothing", scope(ALICE), is("none"));
        assertThat(scope(Caller.anonymous()), is("none"));
    }

    @Test
    public void onceTenantsExistAnUnlistedAdminIsNoOperator() {
        tenants(TENANTS);
        assertThat(scope(ONOS), is("none"));
        assertThat(scope(DAVE), is("none"));
        assertThat(scope(ALICE), is("tenant itb"));
        assertThat(scope(BOB), is("tenant ui"));
    }

    @Test
    public void anOnosUserNamedLikeATenantsUserIsNotThatUser() {
        tenants(TENANTS);
        assertThat(scope(ONOS_ALICE), is("none"));
        assertThat(scope(ONOS_ALICE_ADMIN), is("none"));
        assertThat("nor is an unknown tenant's user anybody", scope(Caller.tenantUser("dave")), is("none"));
    }

    @Test
    public void netcfgUserListsAreNoLongerHonoured() {
        tenants("{'itb': {'users': ['carol', 'alice']}, 'ui': {'users': ['bob']}}");
        assertThat(scope(CAROL), is("none"));
        assertThat(scope(ONOS_ALICE), is("none"));
        assertThat(scope(Caller.tenantUser("carol")), is("none"));
        assertThat("the store decides, not the list", scope(ALICE), is("tenant itb"));
    }

    @Test
    public void operatorsAreTheListedOnosUsersWhateverTheirRoles() {
        tenants(TENANTS);
        operators("{'users': ['onos', 'carol', 'dave']}");
        assertThat(scope(ONOS), is("operator"));
        assertThat(scope(CAROL), is("operator"));
        assertThat("a listed GUI user is an operator", scope(GUI_DAVE), is("operator"));
        assertThat(scope(Caller.anonymous()), is("none"));
        tenants(null);
        operators("{'users': ['onos']}");
        assertThat("without tenants, the operators block still decides", scope(DAVE), is("none"));
    }

    @Test
    public void aTenantsUserNamedLikeAnOperatorIsNoOperator() {
        tenants(TENANTS);
        operators("{'users': ['alice', 'onos']}");
        assertThat(scope(ALICE), is("tenant itb"));
        assertThat(scope(ONOS_ALICE), is("operator"));
        assertThat(tb.tenants().isOperatorName("alice"), is(true));
        assertThat(tb.tenants().isOperatorName("bob"), is(false));
    }

    @Test
    public void aRemovedTenantsBlockLeavesTenantsUsersWithNothing() {
        tenants(TENANTS);
        operators("{'users': ['onos']}");
        tenants(null);
        assertThat(scope(ALICE), is("none"));
        assertThat(scope(ONOS), is("operator"));
    }

    @Test
    public void aBrokenTenantsBlockLeavesTenantsUsersWithNothing() {
        operators("{'users': ['onos']}");
        tenants("{'itb': {'users': ['alice']}, 'ui': {'users': ['alice']}}");
        assertThat(scope(ALICE), is("none"));
        assertThat("a named operator stays one", scope(ONOS), is("operator"));
        operators(null);
        assertThat("and without operators, no admin becomes one", scope(ONOS), is("none"));
    }

    @Test
    public void aBrokenOperatorsBlockLeavesNoOperator() {
        tenants(TENANTS);
        operators("{'users': 'onos'}");
        assertThat(scope(ONOS), is("none"));
        assertThat(tb.tenants().isOperatorName("onos"), is(false));
        assertThat(scope(ALICE), is("tenant itb"));
        tenants(null);
        assertThat("not even on an install without tenants", scope(ONOS), is("none"));
    }
}
