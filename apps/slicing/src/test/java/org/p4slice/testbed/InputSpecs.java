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
package org.p4slice.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import static org.p4slice.testbed.SlicingTestbed.ITB;

/**
 * Reads the inputs of the slicing app's invalid-input fixture ({@code invalid-inputs.json}): slice
 * requests and the setup steps a case needs on a {@link SlicingTestbed}.
 */
public final class InputSpecs {

    private static final long DEFAULT_QUOTA_BPS = 10_000_000L;
    private static final long GBPS_IN_MBPS = 1000;
    private static final long BPS_IN_MBPS = 1_000_000L;

    private InputSpecs() {
    }

    /**
     * Returns the device of a switch name.
     *
     * @param name e.g. {@code s1}
     * @return {@code device:bmv2:s1}
     */
    public static DeviceId device(String name) {
        return DeviceId.deviceId("device:bmv2:" + name);
    }

    /**
     * Returns the port written switch/port, e.g. {@code s1/2}.
     *
     * @param text switch and port
     * @return connect point
     */
    public static ConnectPoint port(String text) {
        String[] p = text.split("/");
        return SlicingTestbed.cp(device(p[0]), Long.parseLong(p[1]));
    }

    /**
     * Returns the request a spec describes: name, endpoints (e.g. {@code access s1/2}, {@code trunk s1/3}),
     * and tenant (itb), quotaBps (10 Mbps), burstBytes, vlan (-1: none) and id when given.
     *
     * @param spec request spec
     * @return builder
     */
    public static SliceRequest.Builder request(JsonNode spec) {
        SliceRequest.Builder b = SliceRequest.builder().name(spec.get("name").asText())
                .tenant(spec.has("tenant") ? TenantId.of(spec.get("tenant").asText()) : ITB)
                .quotaBps(spec.path("quotaBps").asLong(DEFAULT_QUOTA_BPS));
        for (JsonNode e : spec.path("endpoints")) {
            String[] words = e.asText().split(" ");
            ConnectPoint cp = port(words[1]);
            b.addEndpoint("trunk".equals(words[0]) ? Endpoint.trunk(cp) : Endpoint.access(cp));
        }
        if (spec.has("burstBytes")) {
            b.burstBytes(spec.get("burstBytes").asLong());
        }
        if (spec.has("vlan")) {
            b.vlan(VlanId.vlanId((short) spec.get("vlan").asInt()));
        }
        if (spec.has("id")) {
            b.id(SliceId.of(spec.get("id").asInt()));
        }
        return b;
    }

    /**
     * Applies a case's setup steps: {@code configure} and a netcfg JSON, {@code switch} with name,
     * number of ports (1 Gbps) and optionally a pipeconf or {@code none}, {@code link} and two ports,
     * {@code port} and a port with its speed in Mbps (e.g. {@code port s1/5 0}), {@code slice}, a
     * tenant/name, a quota in Mbps and endpoints (e.g. {@code slice ui/held 10 access s1/1}: a slice of
     * another tenant, created before the case).
     *
     * @param bed   running testbed
     * @param steps steps, or a missing node
     */
    public static void setup(SlicingTestbed bed, JsonNode steps) {
        for (JsonNode step : steps) {
            String text = step.asText();
            String[] w = text.split(" ");
            switch (w[0]) {
                case "configure":
                    bed.configure(text.substring(w[0].length() + 1));
                    break;
                case "switch":
                    if (w.length > 3) {
                        bed.addSwitch(w[1], Integer.parseInt(w[2]), GBPS_IN_MBPS,
                                      "none".equals(w[3]) ? null : new PiPipeconfId(w[3]));
                    } else {
                        bed.addSwitch(w[1], Integer.parseInt(w[2]), GBPS_IN_MBPS);
                    }
                    break;
                case "link":
                    bed.connect(port(w[1]), port(w[2]));
                    break;
                case "port":
                    ConnectPoint cp = port(w[1]);
                    bed.devices.addPort(cp.deviceId(), cp.port().toLong(), Long.parseLong(w[2]));
                    break;
                case "slice":
                    String[] tn = w[1].split("/");
                    SliceRequest.Builder b = SliceRequest.builder().tenant(TenantId.of(tn[0])).name(tn[1])
                            .quotaBps(Long.parseLong(w[2]) * BPS_IN_MBPS);
                    for (int i = 3; i + 1 < w.length; i += 2) {
                        b.addEndpoint("trunk".equals(w[i]) ? Endpoint.trunk(port(w[i + 1]))
                                              : Endpoint.access(port(w[i + 1])));
                    }
                    bed.manager.createSlice(b.build());
                    break;
                default:
                    throw new IllegalArgumentException("unknown setup step: " + text);
            }
        }
    }
}
