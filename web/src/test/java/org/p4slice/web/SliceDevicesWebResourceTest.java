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
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.SlicingTestbed;

import javax.ws.rs.core.Response;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * GET /slices/{id}/devices: what each switch holds of a slice, with the tenancy of GET /slices/{id}.
 */
public class SliceDevicesWebResourceTest extends RestTestBase {

    private static final String LAB1 = "{'name': 'itb-lab1', 'tenant': 'itb', 'quotaBps': 25000000, 'endpoints': ["
            + access(S1, 1) + ", " + access(S2, 1) + "]}";

    @Override
    protected void configure(SlicingTestbed tb) {
        tb.setTenantsConfig((ObjectNode) json(q(
                "{'itb': {'name': 'ITB', 'maxSlices': 4, 'maxBps': 80000000},"
                        + " 'ui': {'name': 'UI', 'maxSlices': 4, 'maxBps': 80000000}}")));
        tb.setOperatorsConfig((ObjectNode) json(q("{'users': ['onos']}")));
        tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
    }

    private Response getAs(String who, String path) {
        return target(path).request().header(TestIdentity.HEADER, who).get();
    }

    @Test
    public void aSliceOnTwoSwitchesIsActiveOnBothWithTheirShapes() {
        assertThat(post("slices", LAB1).getStatus(), is(201));
        Response r = getAs("alice:tenant", "slices/1/devices");
        assertThat(r.getStatus(), is(200));
        JsonNode body = body(r);
        assertThat(body.get("slice").asInt(), is(1));
        JsonNode devices = body.get("devices");
        assertThat(devices.size(), is(2));
        for (int i = 0; i < 2; i++) {
            JsonNode d = devices.get(i);
            assertThat(d.get("device").asText(), is((i == 0 ? S1 : S2).toString()));
            assertThat(d.get("state").asText(), is("ACTIVE"));
            assertThat(d.get("reason").isNull(), is(true));
            assertThat(d.get("updated").asLong() > 0, is(true));
            JsonNode shape = d.get("shape");
            assertThat(shape.get("vlan").asInt(), is(100));
            assertThat(shape.get("quotaBps").asLong(), is(25_000_000L));
            assertThat(shape.get("accessPorts"), is(json("[\"1\"]")));
            assertThat(shape.get("trunkPorts"), is(json("[\"4\"]")));
            assertThat(shape.get("fingerprint").asText(), is(devices.get(0).get("shape").get("fingerprint").asText()));
        }
        assertThat(body(get("slices/1/devices")), is(body));
    }

    @Test
    public void anUpdateShowsTheNewVersionOnEachSwitch() {
        assertThat(post("slices", LAB1).getStatus(), is(201));
        String before = body(get("slices/1/devices")).get("devices").get(0).get("shape").get("fingerprint").asText();
        assertThat(put("slices/1", LAB1.replace("25000000", "20000000")).getStatus(), is(200));
        JsonNode devices = body(get("slices/1/devices")).get("devices");
        assertThat(devices.size(), is(2));
        for (JsonNode d : devices) {
            assertThat(d.get("state").asText(), is("ACTIVE"));
            assertThat(d.get("shape").get("quotaBps").asLong(), is(20_000_000L));
            assertThat(d.get("shape").get("fingerprint").asText().equals(before), is(false));
        }
    }

    @Test
    public void anotherTenantsSliceIsAsAbsentAsAnUnknownOne() {
        assertThat(post("slices", LAB1).getStatus(), is(201));
        Response theirs = getAs("bob:tenant", "slices/1/devices");
        Response unknown = getAs("bob:tenant", "slices/9/devices");
        assertThat(theirs.getStatus(), is(404));
        assertThat(unknown.getStatus(), is(404));
        assertThat(body(theirs).toString(), is(body(unknown).toString().replace("9", "1")));
        assertThat("nothing changed", testbed.slices().getSlice(SliceId.of(1)).orElseThrow().state().name(),
                   is("ACTIVE"));
    }

    @Test
    public void aMalformedOrUnknownIdIsRefused() {
        String malformed = body(get("slices/x")).get("message").asText();
        assertError(get("slices/x/devices"), 400, malformed);
        assertError(get("slices/7/devices"), 404, "no slice with id 7");
    }
}
