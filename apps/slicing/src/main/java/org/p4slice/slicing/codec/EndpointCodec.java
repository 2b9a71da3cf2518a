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

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.json.SliceRequestJson;

import java.util.Locale;

import static org.p4slice.slicing.json.SliceRequestJson.DEVICE;
import static org.p4slice.slicing.json.SliceRequestJson.MODE;
import static org.p4slice.slicing.json.SliceRequestJson.PORT;

/**
 * JSON codec of a slice endpoint ({@link SliceRequestJson#endpoint}, the one reading of it):
 * {@code {"device": "device:bmv2:s1", "port": 1, "mode": "access"}}.
 */
public final class EndpointCodec extends JsonCodec<Endpoint> {

    @Override
    public ObjectNode encode(Endpoint endpoint, CodecContext context) {
        return port(endpoint.connectPoint(), context)
                .put(MODE, endpoint.mode().name().toLowerCase(Locale.ROOT));
    }

    @Override
    public Endpoint decode(ObjectNode json, CodecContext context) {
        return SliceRequestJson.endpoint(json);
    }

    /**
     * Encodes a switch port as {@code {"device": "...", "port": n}}, the shape shared by
     * endpoints, capacity entries and link ends.
     *
     * @param cp      connect point
     * @param context codec context (for its mapper)
     * @return JSON object
     */
    public static ObjectNode port(ConnectPoint cp, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(DEVICE, cp.deviceId().toString());
        n.put(PORT, cp.port().toLong());
        return n;
    }
}
