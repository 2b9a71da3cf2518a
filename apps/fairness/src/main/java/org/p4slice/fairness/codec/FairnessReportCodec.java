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

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * JSON of a fairness report, the body of {@code GET /fairness}:
 * <pre>
 * {"timestamp": 1767225600000, "mode": "monitor", "windowSeconds": 5.0, "threshold": 0.05,
 *  "cv": 0.012, "jain": 0.9998, "maxDeviation": 0.021, "backlogged": 2,
 *  "slices": [{"id": 10, "tenant": "itb", "quotaBps": 25000000, "allocationBps": 25000000,
 *              "offeredBps": 40000000, "rateBps": 24500000, "share": 0.98, "deviation": 0.02,
 *              "backlogged": true}],
 *  "resources": [{"kind": "port", "device": "device:bmv2:s1", "port": 1, "capacityBps": 100000000,
 *                 "guardBand": 0.05, "allocatedBps": 50000000, "effectiveBps": 50000000,
 *                 "rateBps": 49000000, "utilisation": 0.49, "slices": 2},
 *                {"kind": "link", "src": {"device", "port"}, "dst": {"device", "port"}, ...}]}
 * </pre>
 * The fields of docs/northbound.md ({@code windowSeconds, cv, jain, maxDeviation, slices[id, quotaBps,
 * rateBps, share, deviation]}) plus the others shown. {@code tenant} is omitted when unknown.
 * Encode only: the report is never sent to the app.
 */
public final class FairnessReportCodec extends JsonCodec<FairnessReport> {

    @Override
    public ObjectNode encode(FairnessReport report, CodecContext context) {
        return encode(report, checkNotNull(context, "context must not be null").mapper());
    }

    /**
     * Encodes a report without a codec context (for command-line tools).
     *
     * @param report report
     * @param mapper JSON mapper
     * @return JSON object
     */
    public static ObjectNode encode(FairnessReport report, ObjectMapper mapper) {
        checkNotNull(report, "report must not be null");
        ObjectNode root = FairnessSummaryCodec.encode(report.summary(), mapper);
        root.put("threshold", report.threshold());
        ArrayNode slices = root.putArray("slices");
        for (SliceFairness s : report.slices()) {
            ObjectNode n = slices.addObject();
            n.put("id", s.id().id());
            s.tenant().ifPresent(t -> n.put("tenant", t.id()));
            n.put("quotaBps", s.quotaBps());
            n.put("allocationBps", s.allocationBps());
            n.put("offeredBps", s.offeredBps());
            n.put("rateBps", s.rateBps());
            n.put("share", s.share());
            n.put("deviation", s.deviation());
            n.put("backlogged", s.backlogged());
        }
        ArrayNode resources = root.putArray("resources");
        for (ResourceUsage r : report.resources()) {
            ObjectNode n = resources.addObject();
            if (r.kind() == ResourceUsage.Kind.PORT) {
                n.put("kind", "port");
                putPort(n, r.src());
            } else {
                n.put("kind", "link");
                putPort(n.putObject("src"), r.src());
                putPort(n.putObject("dst"), r.dst().orElseThrow());
            }
            n.put("capacityBps", r.capacity().capacityBps());
            n.put("guardBand", r.capacity().guardBand());
            n.put("allocatedBps", r.capacity().allocatedBps());
            n.put("effectiveBps", r.effectiveBps());
            n.put("rateBps", r.rateBps());
            n.put("utilisation", r.utilisation());
            n.put("slices", r.slices());
        }
        return root;
    }

    private static void putPort(ObjectNode n, ConnectPoint cp) {
        n.put("device", cp.deviceId().toString());
        n.put("port", cp.port().toLong());
    }
}
