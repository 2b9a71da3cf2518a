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
package org.p4slice.fairness.codec;

import org.p4slice.testbed.FakeLinkService;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.LinkCapacity;
import com.google.common.collect.ImmutableMap;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.junit.Test;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import static org.p4slice.fairness.testing.FixedFairnessService.USABLE_100M;
import static org.p4slice.fairness.testing.FixedFairnessService.USABLE_1G;
import static org.p4slice.fairness.testing.FixedFairnessService.stats;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * JSON of {@code GET /fairness}.
 */
public class FairnessReportCodecTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    /** Minimal codec context: a mapper and no registry. */
    private static final class Context implements CodecContext {
        private final ObjectMapper mapper = new ObjectMapper();

        @Override
        public ObjectMapper mapper() {
            return mapper;
        }

        @Override
        public <T> JsonCodec<T> codec(Class<T> entityClass) {
            return null;
        }

        @Override
        public <T> T getService(Class<T> serviceClass) {
            return null;
        }
    }

    static FairnessReport sample() {
        SliceFairness a = SliceFairness.builder(SliceId.of(10)).tenant(TenantId.of("itb"))
                .quota(25_000_000, 25_000_000).rates(40_000_000, 24_500_000).fairness(0.98, 0.02, true)
                .devices(ImmutableMap.of(S1, stats(1000, 1_500_000, 10, 15_000, 990, 1_485_000,
                                  40_000_000, 15_500_000, 24_500_000)))
                .build();
        SliceFairness b = SliceFairness.builder(SliceId.of(7)).quota(10_000_000, 10_000_000)
                .rates(5_000_000, 5_000_000).fairness(0.5, 0, false).build();
        FairnessSummary summary = new FairnessSummary(1_767_225_600_000L, FairnessMode.MONITOR, 5.0, 0.0, 1.0, 0.02,
                                                      2, 1);
        return new FairnessReport(summary, 0.05, ImmutableList.of(a, b), ImmutableList.of(
                ResourceUsage.of(
                        PortCapacity.of(ConnectPoint.deviceConnectPoint(S1 + "/1"),
                                        100_000_000, 0.05, 35_000_000, USABLE_100M - 35_000_000),
                        35_000_000, 29_500_000, 2),
                ResourceUsage.of(
                        LinkCapacity.of(FakeLinkService.link(ConnectPoint.deviceConnectPoint(S1 + "/3"),
                                                             ConnectPoint.deviceConnectPoint(S2 + "/3")),
                                        1_000_000_000, 0.05, 25_000_000, USABLE_1G - 25_000_000),
                        25_000_000, 24_500_000, 1)));
    }

    @Test
    public void northboundShape() {
        ObjectNode json = new FairnessReportCodec().encode(sample(), new Context());
        assertEquals(5.0, json.get("windowSeconds").asDouble(), 0);
        assertEquals(0.0, json.get("cv").asDouble(), 0);
        assertEquals(1.0, json.get("jain").asDouble(), 0);
        assertEquals(0.02, json.get("maxDeviation").asDouble(), 0);
        assertEquals(0.05, json.get("threshold").asDouble(), 0);
        assertEquals("monitor", json.get("mode").asText());
        assertEquals(1_767_225_600_000L, json.get("timestamp").asLong());
        assertEquals(1, json.get("backlogged").asInt());

        JsonNode slices = json.get("slices");
        assertEquals(2, slices.size());
        JsonNode first = slices.get(0);
        assertEquals("ordered by slice id", 7, first.get("id").asInt());
        assertFalse("no tenant known: omitted", first.has("tenant"));
        JsonNode s = slices.get(1);
        assertEquals(10, s.get("id").asInt());
        assertEquals("itb", s.get("tenant").asText());
        assertEquals(25_000_000L, s.get("quotaBps").asLong());
        assertTrue(s.get("quotaBps").isIntegralNumber());
        assertEquals(25_000_000L, s.get("allocationBps").asLong());
        assertEquals(40_000_000L, s.get("offeredBps").asLong());
        assertEquals(24_500_000L, s.get("rateBps").asLong());
        assertEquals(0.98, s.get("share").asDouble(), 0);
        assertEquals(0.02, s.get("deviation").asDouble(), 0);
        assertTrue(s.get("backlogged").asBoolean());

        JsonNode port = json.get("resources").get(0);
        assertEquals("port", port.get("kind").asText());
        assertEquals("device:bmv2:s1", port.get("device").asText());
        assertEquals(1, port.get("port").asInt());
        assertEquals(100_000_000L, port.get("capacityBps").asLong());
        assertEquals(0.295, port.get("utilisation").asDouble(), 1e-12);
        JsonNode link = json.get("resources").get(1);
        assertEquals("link", link.get("kind").asText());
        assertEquals("device:bmv2:s2", link.get("dst").get("device").asText());
        assertEquals(3, link.get("src").get("port").asInt());
        assertEquals(1, link.get("slices").asInt());
    }

    @Test
    public void emptyReport() {
        ObjectNode json = FairnessReportCodec.encode(FairnessReport.empty(0, FairnessMode.ENFORCE, 0.05),
                                                     new ObjectMapper());
        assertEquals("enforce", json.get("mode").asText());
        assertEquals(0, json.get("slices").size());
        assertEquals(1.0, json.get("jain").asDouble(), 0);
    }

    @Test
    public void summaryCarriesTheSliceCount() {
        ObjectNode json = new FairnessSummaryCodec().encode(sample().summary(), new Context());
        assertEquals(2, json.get("slices").asInt());
        assertEquals(1, json.get("backlogged").asInt());
        assertEquals(0.02, json.get("maxDeviation").asDouble(), 0);
    }
}
