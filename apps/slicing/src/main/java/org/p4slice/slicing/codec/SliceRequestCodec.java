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
package org.p4slice.slicing.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.util.Set;

import static org.p4slice.slicing.codec.JsonChecks.integer;
import static org.p4slice.slicing.codec.JsonChecks.onlyFields;
import static org.p4slice.slicing.codec.JsonChecks.present;
import static org.p4slice.slicing.codec.JsonChecks.text;

/**
 * JSON codec of a slice request, the body of {@code POST /slices} and {@code PUT /slices/{id}}
 * and an entry of the network configuration's {@code slices}:
 * <pre>
 * {"id": 7, "name": "itb-lab1", "tenant": "itb", "vlan": 107, "quotaBps": 25000000,
 *  "burstBytes": 65536, "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"}]}
 * </pre>
 * {@code id}, {@code vlan} and {@code burstBytes} are optional; any other field is refused.
 */
public final class SliceRequestCodec extends JsonCodec<SliceRequest> {

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

    private static final Set<String> FIELDS =
            ImmutableSet.of(ID, NAME, TENANT, VLAN, QUOTA_BPS, BURST_BYTES, ENDPOINTS);

    private static final EndpointCodec ENDPOINT_CODEC = new EndpointCodec();

    @Override
    public ObjectNode encode(SliceRequest request, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        request.id().ifPresent(id -> n.put(ID, id.id()));
        n.put(NAME, request.name());
        n.put(TENANT, request.tenant().id());
        request.vlan().ifPresent(v -> n.put(VLAN, (int) v.toShort()));
        n.put(QUOTA_BPS, request.quotaBps());
        n.put(BURST_BYTES, request.burstBytes());
        ArrayNode endpointsJson = n.putArray(ENDPOINTS);
        for (Endpoint e : request.endpoints()) {
            endpointsJson.add(ENDPOINT_CODEC.encode(e, context));
        }
        return n;
    }

    @Override
    public SliceRequest decode(ObjectNode json, CodecContext context) {
        return fromJson(json);
    }

    /**
     * Parses a slice request. The JSON shape is checked here (field names, JSON types, required
     * fields); what a request can hold (the range of {@code id} and {@code vlan}, port numbers,
     * modes, tenant names) is checked by the API's builder and value types, as for the CLI; whether
     * it can be granted is the slice manager's to say.
     *
     * @param node JSON object
     * @return request
     * @throws IllegalArgumentException naming the field if the shape is wrong
     */
    public static SliceRequest fromJson(JsonNode node) {
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
            b.addEndpoint(EndpointCodec.fromJson(e));
        }
        return b.build();
    }
}
