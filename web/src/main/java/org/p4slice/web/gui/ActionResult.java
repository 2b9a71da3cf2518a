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
package org.p4slice.web.gui;

import org.p4slice.slicing.api.SlicingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.SlicingCodecs;
import org.p4slice.slicing.codec.RefusalStatus;

import java.util.function.Supplier;

/**
 * The answer to a change asked from the GUI (event {@value #RESULT}): {@code action}, the
 * browser's {@code ref}, {@code ok}, {@code code} (the status the REST API answers for the same
 * change: 201, 200, 202, 204, or the refusal's 400, 403, 404, 409...) and the server's
 * {@code message} verbatim on a refusal, plus the changed object.
 */
final class ActionResult {

    /** The event carrying every action's result. */
    static final String RESULT = "p4sliceActionResult";

    private ActionResult() {
    }

    /**
     * Runs a change and describes its outcome.
     *
     * @param action  action name
     * @param payload the browser's payload (its {@code ref} is echoed)
     * @param change  the change: returns the status and the object to report
     * @return result payload
     */
    static ObjectNode run(String action, ObjectNode payload, Supplier<Outcome> change) {
        ObjectNode result = SlicingCodecs.context().mapper().createObjectNode();
        result.put("action", action);
        JsonNode ref = payload == null ? null : payload.get("ref");
        if (ref != null) {
            result.set("ref", ref);
        }
        try {
            Outcome outcome = change.get();
            result.put("ok", true);
            result.put("code", outcome.code);
            if (outcome.body != null) {
                result.set(outcome.key, outcome.body);
            }
        } catch (SlicingException e) {
            refused(result, RefusalStatus.error(e));
        } catch (IllegalArgumentException | NullPointerException e) {
            // a malformed request, refused by the codecs before any service saw it
            refused(result, RefusalStatus.error(SlicingException.invalid(String.valueOf(e.getMessage()))));
        }
        return result;
    }

    private static void refused(ObjectNode result, ApiError error) {
        result.put("ok", false);
        result.put("code", error.code());
        result.put("message", error.message());
    }

    /** A change's status and the object it reports. */
    static final class Outcome {
        private final int code;
        private final String key;
        private final ObjectNode body;

        private Outcome(int code, String key, ObjectNode body) {
            this.code = code;
            this.key = key;
            this.body = body;
        }

        /**
         * Returns an outcome.
         *
         * @param code status
         * @param key  name of the reported object ("slice", "reservation"), or null
         * @param body the object, or null
         * @return outcome
         */
        static Outcome of(int code, String key, ObjectNode body) {
            return new Outcome(code, key, body);
        }
    }
}
