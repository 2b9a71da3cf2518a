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
import org.junit.Test;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.ws.rs.core.Response;

import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Every endpoint of /slices, on the success path, over the real slice manager.
 */
public class SlicesWebResourceTest extends RestTestBase {

    private static final String LAB1 = "{'name': 'itb-lab1', 'tenant': 'itb', 'quotaBps': 25000000, 'endpoints': ["
            + access(S1, 1) + ", " + access(S2, 1) + "]}";

    static final String EMPTY = "{\"slices\":[],\"total\":0,\"offset\":0,\"limit\":100,\"nextOffset\":null}";

    @Test
    public void aFreshControllerHasNoSlices() {
        assertThat(slices(), is(EMPTY));
    }

    @Test
    public void createAnswers201WithLocationAndTheSliceAndProgramsTheSwitches() {
        Response r = post("slices", LAB1);
        assertThat(r.getStatus(), is(201));
        JsonNode slice = body(r);
        assertThat(r.getLocation().toString(), endsWith("/slices/1"));
        assertThat(slice, is(json(q("{'id': 1, 'name': 'itb-lab1', 'tenant': 'itb', 'vlan': 100, "
                + "'quotaBps': 25000000, 'burstBytes': 65536, 'endpoints': [" + access(S1, 1) + ", "
                + access(S2, 1) + "], 'trunkLinks': [{'src': {'device': 'device:bmv2:s1', 'port': 4}, "
                + "'dst': {'device': 'device:bmv2:s2', 'port': 4}}], 'state': 'ACTIVE', 'reason': null}"))));
        // synchronous: listed at once, with exactly the JSON the manager's slice encodes to
        Slice stored = testbed.slices().getSlice(SliceId.of(1)).orElseThrow();
        assertThat(stored.state(), is(SliceState.ACTIVE));
        assertThat(slice, is(json(SlicingCodecs.SLICE.encode(stored, SlicingCodecs.context()).toString())));
        assertThat(body(get("slices")).get("slices").get(0), is(slice));
        // both switches got table entries, the slice's meter cell and its multicast group
        assertThat(testbed.flows.installed(S1).size(), greaterThan(0));
        assertThat(testbed.flows.installed(S2).size(), greaterThan(0));
        assertThat(testbed.meters.installed(S1).size(), is(1));
        assertThat(testbed.meters.installed(S2).size(), is(1));
        assertThat(testbed.groups.installed(S1).size(), is(1));
        assertThat(testbed.groups.installed(S2).size(), is(1));
    }

    @Test
    public void createWithIdVlanAndBurstKeepsThem() {
        JsonNode s = create("{'id': 42, 'name': 'x', 'tenant': 'ui', 'vlan': 3000, 'quotaBps': 1000, "
                                    + "'burstBytes': 1500, 'endpoints': [" + access(S1, 2) + "]}");
        assertThat(s.get("id").asInt(), is(42));
        assertThat(s.get("vlan").asInt(), is(3000));
        assertThat(s.get("burstBytes").asLong(), is(1500L));
        assertThat(s.get("trunkLinks").size(), is(0));
        assertThat(get("slices/42").getStatus(), is(200));
    }

    @Test
    public void listIsOrderedByIdAndFiltersByTenant() {
        create("{'id': 9, 'name': 'b', 'tenant': 'ui', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 2) + "]}");
        create(LAB1);
        JsonNode all = body(get("slices")).get("slices");
        assertThat(all.size(), is(2));
        assertThat(all.get(0).get("id").asInt(), is(1));
        assertThat(all.get(1).get("id").asInt(), is(9));
        JsonNode ui = body(get("slices", "tenant", "ui")).get("slices");
        assertThat(ui.size(), is(1));
        assertThat(ui.get(0).get("name").asText(), is("b"));
        assertThat(body(get("slices", "tenant", "nobody")).get("slices").size(), is(0));
    }

    private static String ids(JsonNode page) {
        StringBuilder b = new StringBuilder();
        page.get("slices").forEach(s -> b.append(b.length() == 0 ? "" : ",").append(s.get("id").asInt()));
        return b.toString();
    }

    private JsonNode list(String... params) {
        javax.ws.rs.client.WebTarget t = target("slices");
        for (int i = 0; i < params.length; i += 2) {
            t = t.queryParam(params[i], params[i + 1]);
        }
        Response r = t.request().get();
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(200));
        return json(text);
    }

    @Test
    public void listIsPagedAndFilteredByStateAndDevice() {
        create("{'name': 'a', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 1) + "]}");
        create("{'name': 'b', 'tenant': 'ui', 'quotaBps': 1000000, 'endpoints': [" + access(S2, 1) + "]}");
        create("{'name': 'c', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 2) + ", "
                       + access(S2, 2) + "]}");
        JsonNode first = list("limit", "2");
        assertThat(ids(first), is("1,2"));
        assertThat(first.get("total").asInt(), is(3));
        assertThat(first.get("offset").asInt(), is(0));
        assertThat(first.get("limit").asInt(), is(2));
        assertThat(first.get("nextOffset").asInt(), is(2));
        JsonNode last = list("limit", "2", "offset", "2");
        assertThat(ids(last), is("3"));
        assertThat(last.get("nextOffset").isNull(), is(true));
        assertThat(list("offset", "7").get("slices").size(), is(0));
        assertThat(list("offset", "7").get("total").asInt(), is(3));
        // a device: the slices with an endpoint or a trunk link there
        assertThat(ids(list("device", S2.toString())), is("2,3"));
        assertThat(ids(list("device", "device:bmv2:s9")), is(""));
        assertThat(ids(list("state", "active,failed")), is("1,2,3"));
        assertThat(ids(list("state", "FAILED")), is(""));
        assertThat(ids(list("tenant", "itb", "device", S2.toString(), "state", "ACTIVE")), is("3"));
        assertThat(list("tenant", "itb", "limit", "1").get("total").asInt(), is(2));
    }

    @Test
    public void badListParametersAre400WithThePreciseMessageAndChangeNothing() {
        create("{'name': 'a', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 1) + "]}");
        String before = slices();
        assertError(get("slices", "limit", "0"), 400, "limit must be an integer from 1 to 1000, got \"0\"");
        assertError(get("slices", "limit", "1001"), 400, "limit must be an integer from 1 to 1000, got \"1001\"");
        assertError(get("slices", "limit", "ten"), 400, "limit must be an integer from 1 to 1000, got \"ten\"");
        assertError(get("slices", "offset", "-1"), 400,
                    "offset must be an integer from 0 to 2147483647, got \"-1\"");
        assertError(get("slices", "offset", "99999999999"), 400,
                    "offset must be an integer from 0 to 2147483647, got \"99999999999\"");
        assertError(get("slices", "state", "UP"), 400,
                    "state must be one or more of PROVISIONING,ACTIVE,RELEASING,FAILED, separated by commas, "
                            + "got \"UP\"");
        assertError(get("slices", "state", "ACTIVE,"), 400,
                    "state must be one or more of PROVISIONING,ACTIVE,RELEASING,FAILED, separated by commas, "
                            + "got \"ACTIVE,\"");
        assertError(get("slices", "device", "s1 and s2"), 400,
                    "device must be a device id such as device:bmv2:s1 (letters, digits and :._/-, at most 200), "
                            + "got \"s1 and s2\"");
        assertError(get("slices", "tenant", "no body"), 400,
                    "tenant may only contain A-Z a-z 0-9 . _ -, got \"no body\"");
        assertThat(slices(), is(before));
        assertThat(testbed.slices().getSlices().size(), is(1));
    }

    @Test
    public void getOneSlice() {
        JsonNode created = create(LAB1);
        Response r = get("slices/1");
        assertThat(r.getStatus(), is(200));
        assertThat(body(r), is(created));
    }

    @Test
    public void updateChangesQuotaAndPortsAndReprograms() {
        create(LAB1);
        int before = testbed.programming.size();
        Response r = put("slices/1", "{'name': 'itb-lab1', 'tenant': 'itb', 'quotaBps': 30000000, 'endpoints': ["
                + access(S1, 1) + ", " + access(S1, 2) + ", " + access(S2, 1) + "]}");
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(200));
        JsonNode s = json(text);
        assertThat(s.get("quotaBps").asLong(), is(30_000_000L));
        assertThat(s.get("endpoints").size(), is(3));
        assertThat(s.get("vlan").asInt(), is(100));
        assertThat(s.get("state").asText(), is("ACTIVE"));
        assertThat(testbed.slices().getSlice(SliceId.of(1)).orElseThrow().quotaBps(), is(30_000_000L));
        assertThat(testbed.programming.size(), greaterThan(before));
        assertThat(body(get("slices/1")), is(s));
    }

    @Test
    public void deleteAnswers204ThenTheSliceIsGoneAndItsCapacityFree() {
        create(LAB1);
        Response r = delete("slices/1");
        assertThat(r.getStatus(), is(204));
        assertThat(r.readEntity(String.class), is(""));
        assertError(get("slices/1"), 404, "no slice with id 1");
        assertThat(slices(), is(EMPTY));
        assertThat(testbed.flows.installed(S1).size(), is(0));
        assertThat(testbed.flows.installed(S2).size(), is(0));
        assertThat(testbed.meters.installed(S1).size(), is(0));
        assertThat(testbed.groups.installed(S2).size(), is(0));
        for (JsonNode p : body(get("capacity")).get("ports")) {
            assertThat(p.toString(), p.get("allocatedBps").asLong(), is(0L));
        }
    }

    @Test
    public void statsAreZeroUntilTheCollectorKnowsTheSlice() {
        create(LAB1);
        Response r = get("slices/1/stats");
        assertThat(r.getStatus(), is(200));
        assertThat(r.readEntity(String.class), is(q("{'rxBytes':0,'rxPackets':0,'txBytes':0,'txPackets':0,"
                + "'dropBytes':0,'dropPackets':0,'rxBps':0,'txBps':0}")));
        knownStats.put(SliceId.of(1), SliceStats.builder().counts(1, 1500, 3, 100, 2, 3000)
                .rates(12000, 0, 24000).build());
        assertThat(get("slices/1/stats").readEntity(String.class), is(q(
                "{'rxBytes':1500,'rxPackets':1,'txBytes':3000,'txPackets':2,'dropBytes':100,'dropPackets':3,"
                        + "'rxBps':12000,'txBps':24000}")));
    }

    @Test
    public void statsOfAnUnknownSliceIs404() {
        knownStats.put(SliceId.of(5), SliceStats.ZERO);
        assertError(get("slices/5/stats"), 404, "no slice with id 5");
    }
}
