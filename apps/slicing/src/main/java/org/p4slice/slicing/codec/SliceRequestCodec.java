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

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.json.SliceRequestJson;

import static org.p4slice.slicing.json.SliceRequestJson.BURST_BYTES;
import static org.p4slice.slicing.json.SliceRequestJson.ENDPOINTS;
import static org.p4slice.slicing.json.SliceRequestJson.ID;
import static org.p4slice.slicing.json.SliceRequestJson.NAME;
import static org.p4slice.slicing.json.SliceRequestJson.QUOTA_BPS;
import static org.p4slice.slicing.json.SliceRequestJson.TENANT;
import static org.p4slice.slicing.json.SliceRequestJson.VLAN;

/**
 * JSON codec of a slice request ({@link SliceRequestJson}, the one reading of it): the body of
 * {@code POST /slices} and {@code PUT /slices/{id}}.
 */
public final class SliceRequestCodec extends JsonCodec<SliceRequest> {

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
        return SliceRequestJson.request(json);
    }
}
