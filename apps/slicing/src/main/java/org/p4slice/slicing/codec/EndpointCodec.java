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
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;

import java.util.Locale;
import java.util.Set;

import static org.p4slice.slicing.codec.JsonChecks.integer;
import static org.p4slice.slicing.codec.JsonChecks.onlyFields;
import static org.p4slice.slicing.codec.JsonChecks.text;

/**
 * JSON codec of a slice endpoint: {@code {"device": "device:bmv2:s1", "port": 1, "mode": "access"}};
 * {@code mode} is {@code access} (untagged host port) or {@code trunk} (tagged).
 */
public final class EndpointCodec extends JsonCodec<Endpoint> {

    /** Device id field. */
    public static final String DEVICE = "device";
    /** Port number field. */
    public static final String PORT = "port";
    /** Mode field. */
    public static final String MODE = "mode";

    private static final Set<String> FIELDS = ImmutableSet.of(DEVICE, PORT, MODE);

    @Override
    public ObjectNode encode(Endpoint endpoint, CodecContext context) {
        return port(endpoint.connectPoint(), context)
                .put(MODE, endpoint.mode().name().toLowerCase(Locale.ROOT));
    }

    @Override
    public Endpoint decode(ObjectNode json, CodecContext context) {
        return fromJson(json);
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

    /**
     * Parses an endpoint: the JSON shape here, the port number and mode by the API's
     * {@link Endpoint#port} and {@link EndpointMode#parse}.
     *
     * @param e JSON node
     * @return endpoint
     * @throws IllegalArgumentException naming the field if the shape is wrong
     */
    public static Endpoint fromJson(JsonNode e) {
        if (e == null || !e.isObject()) {
            throw new IllegalArgumentException("an endpoint must be an object {device, port, mode}, got " + e);
        }
        onlyFields(e, FIELDS, "endpoint field");
        ConnectPoint port = Endpoint.port(DeviceId.deviceId(text(e, DEVICE)), integer(e, PORT));
        return Endpoint.of(port, EndpointMode.parse(text(e, MODE)));
    }
}
