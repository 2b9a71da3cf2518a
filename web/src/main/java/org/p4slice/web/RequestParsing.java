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
package org.p4slice.web;

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.io.ByteStreams;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Turns what a client sends (path parameters, query parameters, bodies) into API values. Every
 * malformed input becomes an a refusal of kind {@code INVALID} (400) whose message says what is wrong;
 * nothing here reaches a service.
 */
final class RequestParsing {

    /** Largest request body read, in bytes. */
    static final int MAX_BODY_BYTES = 1 << 20;

    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,18}");

    // strict: a key given twice or text after the JSON value is an error, not silently dropped
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .disable(JsonParser.Feature.INCLUDE_SOURCE_IN_LOCATION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private RequestParsing() {
    }

    /**
     * Parses a slice id path parameter.
     *
     * @param text parameter as sent
     * @return slice id
     * @throws SlicingException INVALID if it is not an integer in 1..4094
     */
    static SliceId sliceId(String text) {
        try {
            return SliceId.parse(text);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
    }

    /**
     * Parses a tenant query parameter.
     *
     * @param text parameter as sent
     * @return tenant id
     * @throws SlicingException INVALID if it is not a valid tenant name
     */
    static TenantId tenant(String text) {
        try {
            return TenantId.of(text);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
    }

    /**
     * Reads a slice request body.
     *
     * @param body request body
     * @return request (shape and value ranges checked; whether it can be granted is the manager's to say)
     * @throws SlicingException INVALID if the body is missing, too large, not JSON or not a slice request
     */
    static SliceRequest sliceRequest(InputStream body) {
        JsonNode json = json(body, "a slice request");
        try {
            return SliceRequestJson.request(json);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
    }

    /**
     * Reads a JSON body.
     *
     * @param body request body
     * @param what what the body should hold, for the messages
     * @return JSON value
     * @throws SlicingException INVALID if the body is missing, too large or not JSON
     */
    static JsonNode json(InputStream body, String what) {
        byte[] bytes;
        try {
            bytes = body == null ? new byte[0] : ByteStreams.toByteArray(ByteStreams.limit(body, MAX_BODY_BYTES + 1L));
        } catch (IOException e) {
            throw SlicingException.invalid("cannot read the request body: " + e.getMessage());
        }
        if (bytes.length > MAX_BODY_BYTES) {
            throw SlicingException.invalid("request body is larger than " + MAX_BODY_BYTES + " bytes");
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            throw SlicingException.invalid("request body is missing: expected " + what + " as a JSON object");
        }
        try {
            return STRICT.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw SlicingException.invalid("request body is not valid JSON: " + e.getOriginalMessage()
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        }
    }
}
