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

import org.p4slice.slicing.api.SlicingException;

/**
 * The error a northbound answers a refused slicing operation with: the status of the refusal's
 * {@link SlicingException.Kind} and its message. The REST API's exception mapper and the GUI's
 * action results answer through it (the audit log records the same status).
 */
public final class RefusalStatus {

    private RefusalStatus() {
    }

    /**
     * Returns the error reporting a refusal: the status of its kind and its message (the kind's
     * name when it has none).
     *
     * @param e refusal
     * @return error
     */
    public static ApiError error(SlicingException e) {
        return ApiError.of(e.kind().status(), e.getMessage() == null ? e.kind().name() : e.getMessage());
    }
}
