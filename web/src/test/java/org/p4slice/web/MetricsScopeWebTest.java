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
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.testing.FixedFairnessService;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.RestServices;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.core.Response;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;

/**
 * GET /metrics through the tenant gate: the operator's scrape holds every tenant's slices, the
 * switches and p4slice's work; a tenant's user's scrape only its tenant's series; a user of no
 * tenant's none.
 */
public class MetricsScopeWebTest extends RestTestBase {

    private DeviceId s1;

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.setTenantsConfig((ObjectNode) json(q("{'itb': {}, 'ui': {}}")));
        tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        tb.setOperatorsConfig((ObjectNode) json(q("{'users': ['onos']}")));
    }

    @Before
    public void withSlicesOfTwoTenants() {
        setServiceDirectory(RestServices.directory(testbed, new SliceStatsServiceAdapter())
                                    .add(FairnessService.class, new FixedFairnessService()));
        s1 = S1;
        Caller operator = Caller.of("onos", true);
        testbed.gate().createSlice(operator, slice("a", "itb", 1));
        testbed.gate().createSlice(operator, slice("b", "ui", 2));
    }

    private SliceRequest slice(String name, String tenant, int port) {
        return SliceRequest.builder().name(name).tenant(TenantId.of(tenant)).quotaBps(10_000_000)
                .endpoints(List.of(Endpoint.access(SlicingTestbed.cp(s1, port)))).build();
    }

    private List<String> samples(String who) {
        Response r = target("metrics").request().header(TestIdentity.HEADER, who).get();
        assertThat(r.getStatus(), is(200));
        return Arrays.stream(r.readEntity(String.class).split("\n")).filter(l -> !l.startsWith("#"))
                .collect(Collectors.toList());
    }

    @Test
    public void anOperatorSeesEveryTenantTheSwitchesAndTheWork() {
        List<String> s = samples("onos");
        assertThat(s, hasItem(containsString("p4slice_slice_state{tenant=\"itb\"")));
        assertThat(s, hasItem(containsString("p4slice_slice_state{tenant=\"ui\"")));
        assertThat(s, hasItem("p4slice_device_available{device=\"" + s1 + "\"} 1"));
        assertThat(s, hasItem(containsString("p4slice_lifecycle_step_duration_seconds_count ")));
        assertThat(s, hasItem(containsString("p4slice_audit_entries ")));
    }

    @Test
    public void aTenantsUserSeesItsTenantsSeriesOnly() {
        List<String> s = samples("alice:" + TestIdentity.TENANT);
        assertThat(s, hasItem(containsString("p4slice_slice_state{tenant=\"itb\"")));
        assertThat(s, hasItem(containsString("p4slice_slices{tenant=\"itb\",state=\"ACTIVE\"} 1")));
        assertThat(s, everyItem(not(containsString("tenant=\"ui\""))));
        assertThat(s, everyItem(not(containsString("p4slice_device_available"))));
        assertThat(s, everyItem(not(containsString("p4slice_audit_"))));
        assertThat(s, everyItem(not(containsString("p4slice_lifecycle_"))));
    }

    @Test
    public void aUserOfNoTenantSeesNoTenantsSeries() {
        assertThat(samples("carol"), everyItem(not(containsString("tenant="))));
    }
}
