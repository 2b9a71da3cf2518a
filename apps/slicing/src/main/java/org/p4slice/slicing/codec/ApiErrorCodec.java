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

import static org.p4slice.slicing.json.JsonChecks.integer;
import static org.p4slice.slicing.json.JsonChecks.text;

/**
 * JSON codec of an error body: {@code {"code": <int>, "message": "<what and why>"}}, the shape of
 * every error the REST API returns.
 */
public final class ApiErrorCodec extends JsonCodec<ApiError> {

    /** Status code field. */
    public static final String CODE = "code";
    /** Message field. */
    public static final String MESSAGE = "message";

    @Override
    public ObjectNode encode(ApiError error, CodecContext context) {
        return context.mapper().createObjectNode()
                .put(CODE, error.code())
                .put(MESSAGE, error.message());
    }

    @Override
    public ApiError decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("an error must be a JSON object, got null");
        }
        return ApiError.of((int) integer(json, CODE), text(json, MESSAGE));
    }
}
