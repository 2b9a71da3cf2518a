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
package org.p4slice.pipeconf.behaviour;

import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;

import java.util.stream.Collectors;

import static java.lang.String.format;

/** Describes the refusals of a P4Runtime write, for messages. */
final class WriteResponses {

    private WriteResponses() {
        // static helper
    }

    /**
     * Returns the failed updates of a response, one "status entity: explanation" each.
     *
     * @param response write response
     * @return description
     */
    static String describe(WriteResponse response) {
        if (response.failed().isEmpty()) {
            return "no answer for " + response.all().size() + " updates";
        }
        return response.failed().stream().map(WriteResponses::describe).collect(Collectors.joining("; "));
    }

    private static String describe(EntityUpdateResponse failed) {
        Object what = failed.entity() != null ? failed.entity() : failed.handle();
        return format("%s %s: %s", failed.status(), what, failed.explanation());
    }
}
