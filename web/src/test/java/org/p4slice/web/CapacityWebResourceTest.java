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

import javax.ws.rs.core.Response;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * GET /capacity over the real slice manager.
 */
public class CapacityWebResourceTest extends RestTestBase {

    private static JsonNode port(JsonNode report, String device, int port) {
        for (JsonNode p : report.get("ports")) {
            if (p.get("device").asText().equals(device) && p.get("port").asInt() == port) {
                return p;
            }
        }
        throw new AssertionError("no port " + device + "/" + port + " in " + report);
    }

    @Test
    public void reportsEveryPortAndLinkWithTheGuardBand() {
        Response r = get("capacity");
        assertThat(r.getStatus(), is(200));
        JsonNode report = body(r);
        assertThat(port(report, "device:bmv2:s1", 1), is(json(q("{'device': 'device:bmv2:s1', 'port': 1, "
                + "'capacityBps': 100000000, 'guardBand': 0.05, 'allocatedBps': 0, 'availableBps': 95000000}"))));
        assertThat(report.get("links"), is(json(q("[{'src': {'device': 'device:bmv2:s1', 'port': 4}, "
                + "'dst': {'device': 'device:bmv2:s2', 'port': 4}, 'capacityBps': 100000000, 'guardBand': 0.05, "
                + "'allocatedBps': 0, 'availableBps': 95000000}]"))));
    }

    @Test
    public void allocationsShowOnTheSlicesPortsAndLinks() {
        create("{'name': 'a', 'tenant': 'itb', 'quotaBps': 25000000, 'endpoints': [" + access(S1, 1) + ", "
                       + access(S2, 2) + "]}");
        JsonNode report = body(get("capacity"));
        assertThat(port(report, "device:bmv2:s1", 1).get("allocatedBps").asLong(), is(25_000_000L));
        assertThat(port(report, "device:bmv2:s1", 1).get("availableBps").asLong(), is(70_000_000L));
        assertThat(port(report, "device:bmv2:s2", 2).get("allocatedBps").asLong(), is(25_000_000L));
        assertThat(port(report, "device:bmv2:s1", 2).get("allocatedBps").asLong(), is(0L));
        assertThat(report.get("links").get(0).get("allocatedBps").asLong(), is(25_000_000L));
        assertThat(report.get("links").get(0).get("availableBps").asLong(), is(70_000_000L));
    }
}
