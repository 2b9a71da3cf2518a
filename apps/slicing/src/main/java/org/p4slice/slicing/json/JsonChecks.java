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
import com.google.common.collect.ImmutableList;

import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Shape checks of JSON input, the one set p4slice has; every failure is an
 * {@link IllegalArgumentException} whose message names the field. The decoders of request bodies
 * name the field alone ({@code "quotaBps" is missing}); readers of files (scenarios) use the
 * variants taking a JSON path, whose messages start with it ({@code hosts[2].mac: ...}).
 */
public final class JsonChecks {

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
    public static void onlyFields(JsonNode node, Set<String> allowed, String what) {
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
    public static boolean present(JsonNode node, String field) {
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
    public static String text(JsonNode node, String field) {
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
    public static long integer(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing");
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("\"" + field + "\" must be an integer, got " + v);
        }
        return v.asLong();
    }

    /**
     * Checks that a node is an object with all required and no other than the optional keys.
     *
     * @param node     node
     * @param path     its JSON path
     * @param required keys that must be present
     * @param optional keys that may be present
     * @throws IllegalArgumentException naming the path and the problem
     */
    public static void fields(JsonNode node, String path, Set<String> required, Set<String> optional) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(path + ": expected an object, got " + node);
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!required.contains(f) && !optional.contains(f)) {
                throw new IllegalArgumentException(path + ": unknown key \"" + f + "\" (allowed: "
                        + String.join(", ", ImmutableList.<String>builder().addAll(required).addAll(optional)
                        .build()) + ")");
            }
        }
        for (String f : required) {
            if (!node.has(f)) {
                throw new IllegalArgumentException(path + ": missing key \"" + f + "\"");
            }
        }
    }

    /**
     * Returns the elements of an optional list field.
     *
     * @param parent object holding the field
     * @param field  field name
     * @param path   JSON path of the field
     * @return elements, empty if the field is absent
     * @throws IllegalArgumentException if the field is not a list
     */
    public static List<JsonNode> list(JsonNode parent, String field, String path) {
        JsonNode n = parent.get(field);
        if (n == null) {
            return List.of();
        }
        if (!n.isArray()) {
            throw new IllegalArgumentException(path + ": expected a list, got " + n);
        }
        return ImmutableList.copyOf(n);
    }

    /**
     * Returns a required non-empty string field.
     *
     * @param node  object
     * @param field field name
     * @param path  JSON path of the object
     * @return text
     * @throws IllegalArgumentException if the field is missing, empty or not a string
     */
    public static String text(JsonNode node, String field, String path) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new IllegalArgumentException(path + "." + field + ": expected a non-empty string, got " + v);
        }
        return v.asText();
    }

    /**
     * Returns a required integer field within bounds.
     *
     * @param node  object
     * @param field field name
     * @param path  JSON path of the object
     * @param min   smallest allowed value
     * @param max   largest allowed value
     * @return value
     * @throws IllegalArgumentException if the field is missing, not an integer or out of bounds
     */
    public static long integer(JsonNode node, String field, String path, long min, long max) {
        JsonNode v = node.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < min || v.asLong() > max) {
            throw new IllegalArgumentException(path + "." + field + ": expected an integer in " + min + ".."
                    + max + ", got " + v);
        }
        return v.asLong();
    }
}
