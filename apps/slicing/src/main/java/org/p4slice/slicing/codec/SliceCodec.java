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

import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.Link;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.ConnectPoints;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * JSON codec of a slice (encode only: slices are created from {@link SliceRequestCodec requests}):
 * <pre>
 * {"id": 7, "name": "itb-lab1", "tenant": "itb", "vlan": 107, "quotaBps": 25000000,
 *  "burstBytes": 65536, "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"}],
 *  "trunkLinks": [{"src": {"device": "device:bmv2:s1", "port": 3},
 *                  "dst": {"device": "device:bmv2:s2", "port": 3}}],
 *  "state": "ACTIVE", "reason": null}
 * </pre>
 * Endpoints and trunk links are listed by device id, then port number; {@code reason} is null
 * unless the slice failed.
 */
public final class SliceCodec extends JsonCodec<Slice> {

    /** Trunk links field: the inter-switch links the slice crosses. */
    public static final String TRUNK_LINKS = "trunkLinks";
    /** State field. */
    public static final String STATE = "state";
    /** Reason field. */
    public static final String REASON = "reason";
    /** Link source field. */
    public static final String SRC = "src";
    /** Link destination field. */
    public static final String DST = "dst";

    /** Connect points by device id, then port number. */

    private static final EndpointCodec ENDPOINT_CODEC = new EndpointCodec();

    @Override
    public ObjectNode encode(Slice slice, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(SliceRequestJson.ID, slice.id().id());
        n.put(SliceRequestJson.NAME, slice.name());
        n.put(SliceRequestJson.TENANT, slice.tenant().id());
        n.put(SliceRequestJson.VLAN, (int) slice.vlan().toShort());
        n.put(SliceRequestJson.QUOTA_BPS, slice.quotaBps());
        n.put(SliceRequestJson.BURST_BYTES, slice.burstBytes());
        List<Endpoint> endpoints = new ArrayList<>(slice.endpoints());
        endpoints.sort(Comparator.comparing(Endpoint::connectPoint, ConnectPoints.ORDER));
        ArrayNode endpointsJson = n.putArray(SliceRequestJson.ENDPOINTS);
        endpoints.forEach(e -> endpointsJson.add(ENDPOINT_CODEC.encode(e, context)));
        List<Link> links = new ArrayList<>(slice.trunkLinks());
        links.sort(ConnectPoints.LINK_ORDER);
        ArrayNode ls = n.putArray(TRUNK_LINKS);
        links.forEach(l -> ls.add(link(l, context)));
        n.put(STATE, slice.state().name());
        if (slice.reason().isPresent()) {
            n.put(REASON, slice.reason().get());
        } else {
            n.putNull(REASON);
        }
        return n;
    }

    /**
     * Encodes a link as {@code {"src": {"device", "port"}, "dst": {"device", "port"}}}.
     *
     * @param link    link
     * @param context codec context (for its mapper)
     * @return JSON object
     */
    static ObjectNode link(Link link, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.set(SRC, EndpointCodec.port(link.src(), context));
        n.set(DST, EndpointCodec.port(link.dst(), context));
        return n;
    }
}
