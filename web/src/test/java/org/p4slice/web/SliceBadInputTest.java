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

import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.Before;
import org.junit.Test;

import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.impl.SlicingTestbed;

import javax.ws.rs.core.Response;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Every bad value of a slice request, through REST to the real slice manager: the contract's
 * status, the manager's message, and no change (the slice list and the device programming stay
 * as they were). A slice "base" (id 1, VLAN 100, s1/1 and s2/1, 25 Mbps) exists throughout.
 */
public class SliceBadInputTest extends RestTestBase {

    private String listBefore;
    private int programmingBefore;

    @Override
    protected void configure(SlicingTestbed tb) {
        // s4 runs no pipeconf at all; only tenants itb and ui may own slices
        tb.addPort(tb.addSwitch("device:bmv2:s4", null), 1, PORT_BPS);
        ArrayNode tenants = tb.slicingJson().putArray(SlicingConfig.TENANTS);
        tenants.add("itb").add("ui");
    }

    @Before
    public void createBaseSlice() {
        create("{'name': 'base', 'tenant': 'itb', 'quotaBps': 25000000, 'endpoints': [" + access(S1, 1) + ", "
                       + access(S2, 1) + "]}");
        listBefore = slices();
        programmingBefore = testbed.programming.size();
    }

    private void assertRefused(Response r, int status, String message) {
        assertError(r, status, message);
        assertThat(slices(), is(listBefore));
        assertThat(testbed.programming.operations().subList(programmingBefore, testbed.programming.size()),
                   is(List.of()));
    }

    private Response create(int vlan, long quota, String endpoints) {
        return post("slices", "{'name': 'new', 'tenant': 'itb', 'vlan': " + vlan + ", 'quotaBps': " + quota
                + ", 'endpoints': [" + endpoints + "]}");
    }

    private Response createOn(String endpoints) {
        return post("slices", "{'name': 'new', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': ["
                + endpoints + "]}");
    }

    @Test
    public void vlanZeroOneAnd4095AreRefused() {
        assertRefused(create(0, 1_000_000, access(S1, 2)), 400,
                      "VLAN 0 is the priority tag (untagged) and cannot be a slice VLAN; use 2..4094");
        assertRefused(create(1, 1_000_000, access(S1, 2)), 400,
                      "VLAN 1 is the default VLAN and cannot be a slice VLAN; use 2..4094");
        assertRefused(create(4095, 1_000_000, access(S1, 2)), 400,
                      "VLAN 4095 is reserved and cannot be a slice VLAN; use 2..4094");
    }

    @Test
    public void vlanOutsideThePoolIsRefused() {
        assertRefused(create(50, 1_000_000, access(S1, 2)), 400, "VLAN 50 is outside the VLAN pool 100-3999");
    }

    @Test
    public void vlanTakenIsAConflict() {
        assertRefused(create(100, 1_000_000, access(S1, 2)), 409, "VLAN 100 is taken by slice 1 (itb/base)");
    }

    @Test
    public void quotaMustBePositive() {
        assertRefused(create(200, 0, access(S1, 2)), 400, "quotaBps must be > 0, got 0");
        assertRefused(create(200, -5, access(S1, 2)), 400, "quotaBps must be > 0, got -5");
    }

    @Test
    public void quotaAboveThePortCapacityIsInvalid() {
        assertRefused(create(200, 200_000_000L, access(S1, 2)), 400,
                      "quotaBps 200000000 exceeds the capacity 100000000 bps of port device:bmv2:s1/2");
    }

    @Test
    public void quotaAboveWhatIsLeftIsRefusedByAdmission() {
        // the trunk link carries base's 25 Mbps; 95 Mbps usable after the 5 % guard band
        assertRefused(create(200, 80_000_000L, access(S1, 2) + ", " + access(S2, 2)), 409,
                      "admission refused on link device:bmv2:s1/4-device:bmv2:s2/4: capacity 100000000 bps, "
                              + "usable 95000000 bps after the guard band, allocated 25000000 bps, "
                              + "requested 80000000 bps, short by 10000000 bps");
    }

    @Test
    public void burstMustBePositive() {
        assertRefused(post("slices", "{'name': 'new', 'tenant': 'itb', 'quotaBps': 1000, 'burstBytes': 0, "
                + "'endpoints': [" + access(S1, 2) + "]}"), 400, "burstBytes must be > 0, got 0");
        assertRefused(post("slices", "{'name': 'new', 'tenant': 'itb', 'quotaBps': 1000, 'burstBytes': -1, "
                + "'endpoints': [" + access(S1, 2) + "]}"), 400, "burstBytes must be > 0, got -1");
    }

    @Test
    public void unknownDeviceOrPortIsRefused() {
        assertRefused(createOn("{'device': 'device:bmv2:s9', 'port': 1, 'mode': 'access'}"), 400,
                      "unknown device device:bmv2:s9");
        assertRefused(createOn(access(S1, 9)), 400, "unknown port 9 on device device:bmv2:s1");
    }

    @Test
    public void anAccessPortBelongsToOneSlice() {
        assertRefused(createOn(access(S1, 1)), 409, "port device:bmv2:s1/1 is the access port of slice 1 "
                + "(itb/base); an access port belongs to one slice only");
        assertRefused(createOn(trunk(S1, 1)), 409, "port device:bmv2:s1/1 is the access port of slice 1 "
                + "(itb/base); an access port belongs to one slice only");
    }

    @Test
    public void aLinkPortCannotBeAnAccessPort() {
        assertRefused(createOn(access(S1, 4)), 400, "port device:bmv2:s1/4 is an inter-switch link end; it can "
                + "only be a trunk endpoint, not an access endpoint");
    }

    @Test
    public void aSliceNeedsEndpoints() {
        assertRefused(createOn(""), 400, "a slice needs at least one endpoint");
    }

    @Test
    public void devicesMustRunTheP4slicePipeconf() {
        assertRefused(createOn(access(S3, 1)), 400, "device device:bmv2:s3 runs pipeconf "
                + "org.onosproject.pipelines.basic, not the p4slice pipeconf org.p4slice.bmv2");
    }

    @Test
    public void devicesMustRunAPipeconf() {
        assertRefused(createOn("{'device': 'device:bmv2:s4', 'port': 1, 'mode': 'access'}"), 400,
                      "device device:bmv2:s4 has no pipeconf; slices need the p4slice pipeconf org.p4slice.bmv2");
    }

    @Test
    public void onlyConfiguredTenantsMayOwnSlices() {
        assertRefused(post("slices", "{'name': 'x', 'tenant': 'guest', 'quotaBps': 1000, 'endpoints': ["
                + access(S1, 2) + "]}"), 400, "unknown tenant \"guest\"; the configured tenants are [itb, ui]");
    }

    @Test
    public void namesAreUniquePerTenant() {
        assertRefused(post("slices", "{'name': 'base', 'tenant': 'itb', 'quotaBps': 1000, 'endpoints': ["
                + access(S1, 2) + "]}"), 409, "tenant itb already has a slice named base (slice 1)");
    }

    @Test
    public void idTakenIsAConflict() {
        assertRefused(post("slices", "{'id': 1, 'name': 'other', 'tenant': 'itb', 'quotaBps': 1000, "
                + "'endpoints': [" + access(S1, 2) + "]}"), 409, "slice id 1 is taken by slice 1 (itb/base)");
    }

    @Test
    public void removeOrUpdateOfAnUnknownIdIs404() {
        assertRefused(delete("slices/99"), 404, "no slice with id 99");
        assertRefused(put("slices/99", "{'name': 'x', 'tenant': 'itb', 'quotaBps': 1000, 'endpoints': ["
                + access(S1, 2) + "]}"), 404, "no slice with id 99");
        assertRefused(get("slices/99"), 404, "no slice with id 99");
    }

    @Test
    public void anotherTenantMayNotUpdateASlice() {
        assertRefused(put("slices/1", "{'name': 'base', 'tenant': 'ui', 'quotaBps': 1000, 'endpoints': ["
                + access(S1, 1) + "]}"), 403, "slice 1 belongs to tenant itb; tenant ui may not change it");
    }

    @Test
    public void refusedUpdatesLeaveTheSliceUnchanged() {
        String base = "{'name': 'base', 'tenant': 'itb', 'endpoints': [" + access(S1, 1) + ", " + access(S2, 1)
                + "], ";
        assertRefused(put("slices/1", base + "'quotaBps': 0}"), 400, "quotaBps must be > 0, got 0");
        assertRefused(put("slices/1", base + "'quotaBps': 1000, 'vlan': 200}"), 400, "the VLAN of slice 1 is 100 "
                + "and cannot be changed (requested 200); remove the slice and create it again");
        assertRefused(put("slices/1", base + "'quotaBps': 1000, 'id': 2}"), 400,
                      "the request names slice 2 but slice 1 is being updated");
        assertRefused(put("slices/1", base + "'quotaBps': 99000000}"), 409,
                      "admission refused on link device:bmv2:s1/4-device:bmv2:s2/4: capacity 100000000 bps, "
                              + "usable 95000000 bps after the guard band, allocated 0 bps, requested 99000000 bps, "
                              + "short by 4000000 bps");
    }
}
