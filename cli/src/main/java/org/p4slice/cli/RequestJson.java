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
package org.p4slice.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.codec.EndpointCodec;
import org.p4slice.slicing.codec.SliceRequestCodec;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Collection;
import java.util.List;

/**
 * A slice request assembled from command arguments in the REST shape and read by the shared
 * request codec, so that the CLI checks a request exactly as {@code POST /slices} does.
 */
final class RequestJson {

    private final CodecContext context;
    private final ObjectNode json;

    /**
     * Starts an empty request.
     *
     * @param context codec context
     */
    RequestJson(CodecContext context) {
        this.context = context;
        this.json = context.mapper().createObjectNode();
    }

    /**
     * Sets an integer field from an argument.
     *
     * @param field  request field
     * @param option option name, for messages
     * @param text   argument; nothing is set if null
     * @return this
     */
    RequestJson integer(String field, String option, String text) {
        if (text != null) {
            json.put(field, CliParsing.integer(option, text));
        }
        return this;
    }

    /**
     * Sets a field.
     *
     * @param field request field
     * @param value value
     * @return this
     */
    RequestJson put(String field, long value) {
        json.put(field, value);
        return this;
    }

    /**
     * Sets a string field.
     *
     * @param field request field
     * @param value value
     * @return this
     */
    RequestJson put(String field, String value) {
        json.put(field, value);
        return this;
    }

    /**
     * Sets the endpoints from port arguments.
     *
     * @param access access ports, {@code device:bmv2:s1/1}
     * @param trunk  trunk ports
     * @return this
     */
    RequestJson endpoints(List<String> access, List<String> trunk) {
        ArrayNode eps = json.putArray(SliceRequestCodec.ENDPOINTS);
        access.forEach(p -> eps.add(endpoint(CliParsing.port(p), "access")));
        trunk.forEach(p -> eps.add(endpoint(CliParsing.port(p), "trunk")));
        return this;
    }

    /**
     * Sets the endpoints.
     *
     * @param endpoints endpoints
     * @return this
     */
    RequestJson endpoints(Collection<Endpoint> endpoints) {
        ArrayNode eps = json.putArray(SliceRequestCodec.ENDPOINTS);
        endpoints.forEach(e -> eps.add(SlicingCodecs.ENDPOINT.encode(e, context)));
        return this;
    }

    private ObjectNode endpoint(ConnectPoint cp, String mode) {
        return EndpointCodec.port(cp, context).put(EndpointCodec.MODE, mode);
    }

    /**
     * Reads the request.
     *
     * @return request
     * @throws IllegalArgumentException as the REST API would refuse the same body
     */
    SliceRequest request() {
        return SliceRequestCodec.fromJson(json);
    }
}
