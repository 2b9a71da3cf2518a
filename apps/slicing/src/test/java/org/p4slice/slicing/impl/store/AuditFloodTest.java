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
package org.p4slice.slicing.impl.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.SlicingTestbed;

import java.util.List;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.json;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * One tenant cannot empty the audit log: 5,000 create/delete rounds of alice's (10,000 entries, the
 * old bound of the whole log) drop only alice's own older entries; bob's actions, bob's refusal and
 * the operator's actions stay.
 */
public class AuditFloodTest {

    private static final Caller OPERATOR = Caller.of("onos", true);
    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller BOB = Caller.tenantUser("bob");
    private static final TenantId UI = TenantId.of("ui");

    private SlicingTestbed bed;
    private DeviceId s1;

    @Before
    public void setUp() {
        bed = new SlicingTestbed(false);
        s1 = bed.addSwitch("s1", 8, 1000);
        bed.setTenantsConfig((ObjectNode) json("{'itb': {}, 'ui': {}}"));
        bed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        bed.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        bed.setOperatorsConfig((ObjectNode) json("{'users': ['onos']}"));
        bed.startAll();
    }

    @After
    public void tearDown() {
        bed.stop();
    }

    private List<String> audited() {
        return bed.audit().getEntries(100_000).stream().map(e -> e.user() + " " + e.action() + " " + e.target()
                + " " + (AuditEntry.OK.equals(e.result()) ? "OK" : "refused")).collect(Collectors.toList());
    }

    @Test
    public void fiveThousandRoundsOfOneTenantLeaveTheOthersAndTheOperatorsEntries() {
        bed.gate().createSlice(OPERATOR, request("ops", Endpoint.access(cp(s1, 8))).tenant(UI).build());
        bed.gate().createSlice(BOB, request("web", Endpoint.access(cp(s1, 7))).tenant(UI).build());
        try {
            bed.gate().removeSlice(BOB, SliceId.of(99));
            fail("bob removed a slice that does not exist");
        } catch (SlicingException e) {
            assertEquals(SlicingException.Kind.NOT_FOUND, e.kind());
        }
        for (int round = 0; round < 5000; round++) {
            SliceId id = bed.gate().createSlice(ALICE, request("lab", Endpoint.access(cp(s1, 1))).build()).id();
            bed.gate().removeSlice(ALICE, id);
        }
        List<String> entries = audited();
        assertThat(entries, hasItems("onos slice.create slice 1 (ui/ops) OK", "bob slice.create slice 2 (ui/web) OK",
                                     "bob slice.remove slice 99 refused"));
        long alices = entries.stream().filter(e -> e.startsWith("alice ")).count();
        assertEquals("alice's share keeps her newest entries",
                     OsgiPropertyConstants.AUDIT_MAX_ENTRIES_PER_TENANT_DEFAULT, alices);
        assertEquals("alice's newest entry is kept", "alice slice.remove slice 3 OK", entries.get(entries.size() - 1));
    }
}
