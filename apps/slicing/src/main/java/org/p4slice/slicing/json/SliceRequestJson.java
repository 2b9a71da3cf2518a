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
package org.p4slice.slicing.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.util.Set;

import static org.p4slice.slicing.json.JsonChecks.integer;
import static org.p4slice.slicing.json.JsonChecks.onlyFields;
import static org.p4slice.slicing.json.JsonChecks.present;
import static org.p4slice.slicing.json.JsonChecks.text;

/**
 * The JSON of a slice request, read the same way wherever it comes from: the body of
 * {@code POST /slices} and {@code PUT /slices/{id}}, a booking's slice, an entry of the network
 * configuration's {@code slices}, a GUI form, a scenario file:
 * <pre>
 * {"id": 7, "name": "itb-lab1", "tenant": "itb", "vlan": 107, "quotaBps": 25000000,
 *  "burstBytes": 65536, "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"}]}
 * </pre>
 * {@code id}, {@code vlan} and {@code burstBytes} are optional; any other field is refused. An
 * endpoint's {@code mode} is {@code access} (untagged host port) or {@code trunk} (tagged).
 */
public final class SliceRequestJson {

    /** Slice id field. */
    public static final String ID = "id";
    /** Name field. */
    public static final String NAME = "name";
    /** Tenant field. */
    public static final String TENANT = "tenant";
    /** VLAN field. */
    public static final String VLAN = "vlan";
    /** Quota field (bits per second). */
    public static final String QUOTA_BPS = "quotaBps";
    /** Burst field (bytes). */
    public static final String BURST_BYTES = "burstBytes";
    /** Endpoints field. */
    public static final String ENDPOINTS = "endpoints";
    /** Device id field of an endpoint (and of any switch port). */
    public static final String DEVICE = "device";
    /** Port number field of an endpoint (and of any switch port). */
    public static final String PORT = "port";
    /** Mode field of an endpoint. */
    public static final String MODE = "mode";

    private static final Set<String> FIELDS =
            ImmutableSet.of(ID, NAME, TENANT, VLAN, QUOTA_BPS, BURST_BYTES, ENDPOINTS);
    private static final Set<String> ENDPOINT_FIELDS = ImmutableSet.of(DEVICE, PORT, MODE);

    private SliceRequestJson() {
    }

    /**
     * Reads a slice request. The JSON shape is checked here (field names, JSON types, required
     * fields); what a request can hold (the range of {@code id} and {@code vlan}, port numbers,
     * modes, tenant names) is checked by the API's builder and value types, as for the CLI; whether
     * it can be granted is the slice manager's to say.
     *
     * @param node JSON object
     * @return request
     * @throws IllegalArgumentException naming the field if the shape is wrong
     */
    public static SliceRequest request(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("a slice request must be a JSON object, got " + node);
        }
        onlyFields(node, FIELDS, "field");
        SliceRequest.Builder b = SliceRequest.builder()
                .name(text(node, NAME))
                .tenant(TenantId.of(text(node, TENANT)))
                .quotaBps(integer(node, QUOTA_BPS));
        if (present(node, ID)) {
            b.id(SliceId.of(integer(node, ID)));
        }
        if (present(node, VLAN)) {
            b.vlan(integer(node, VLAN));
        }
        if (present(node, BURST_BYTES)) {
            b.burstBytes(integer(node, BURST_BYTES));
        }
        JsonNode endpointsJson = node.get(ENDPOINTS);
        if (endpointsJson == null || !endpointsJson.isArray()) {
            throw new IllegalArgumentException("\"" + ENDPOINTS + "\" must be an array of {device, port, mode}");
        }
        for (JsonNode e : endpointsJson) {
            b.addEndpoint(endpoint(e));
        }
        return b.build();
    }

    /**
     * Reads an endpoint: the JSON shape here, the port number and mode by the API's
     * {@link Endpoint#port} and {@link EndpointMode#parse}.
     *
     * @param e JSON node
     * @return endpoint
     * @throws IllegalArgumentException naming the field if the shape is wrong
     */
    public static Endpoint endpoint(JsonNode e) {
        if (e == null || !e.isObject()) {
            throw new IllegalArgumentException("an endpoint must be an object {device, port, mode}, got " + e);
        }
        onlyFields(e, ENDPOINT_FIELDS, "endpoint field");
        ConnectPoint port = Endpoint.port(DeviceId.deviceId(text(e, DEVICE)), integer(e, PORT));
        return Endpoint.of(port, EndpointMode.parse(text(e, MODE)));
    }
}
