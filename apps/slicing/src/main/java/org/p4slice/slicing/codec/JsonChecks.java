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

import java.util.Iterator;
import java.util.Set;

/**
 * Shape checks shared by the decoders; every failure is an {@link IllegalArgumentException}
 * whose message names the field.
 */
final class JsonChecks {

    private JsonChecks() {
    }

    /**
     * Rejects the first field of an object that is not allowed.
     *
     * @param node    JSON object
     * @param allowed allowed field names
     * @param what    how to name an unknown field in the message, e.g. {@code "field"}
     * @throws IllegalArgumentException naming the unknown field
     */
    static void onlyFields(JsonNode node, Set<String> allowed, String what) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw new IllegalArgumentException("unknown " + what + " \"" + f + "\"");
            }
        }
    }

    /**
     * Tells whether a field is present and not null.
     *
     * @param node  JSON object
     * @param field field name
     * @return true if present
     */
    static boolean present(JsonNode node, String field) {
        return node.has(field) && !node.get(field).isNull();
    }

    /**
     * Returns a mandatory string field.
     *
     * @param node  JSON object
     * @param field field name
     * @return value
     * @throws IllegalArgumentException if missing or not a string
     */
    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing");
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" must be a string, got " + v);
        }
        return v.asText();
    }

    /**
     * Returns a mandatory integer field that fits a {@code long}.
     *
     * @param node  JSON object
     * @param field field name
     * @return value
     * @throws IllegalArgumentException if missing, not an integer or too large
     */
    static long integer(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing");
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("\"" + field + "\" must be an integer, got " + v);
        }
        return v.asLong();
    }
}
