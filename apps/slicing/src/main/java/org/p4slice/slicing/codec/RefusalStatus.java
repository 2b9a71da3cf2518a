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
 * The HTTP status of each kind of refused slicing operation, the one place where the northbound
 * turns a {@link SlicingException.Kind} into a status: the REST API's exception mapper, the GUI's
 * action results and the audit log's refusal entries all answer through it. The API itself
 * carries no HTTP.
 */
public final class RefusalStatus {

    private RefusalStatus() {
    }

    /**
     * Returns the HTTP status a refusal of a kind is answered with.
     *
     * @param kind why the operation was refused
     * @return 400 (invalid), 403 (forbidden), 404 (not found) or 409 (conflict, admission refused)
     */
    public static int of(SlicingException.Kind kind) {
        switch (kind) {
            case INVALID:
                return 400;
            case FORBIDDEN:
                return 403;
            case NOT_FOUND:
                return 404;
            case CONFLICT:
            case ADMISSION_REFUSED:
                return 409;
            default:
                throw new IllegalArgumentException("no HTTP status for refusal kind " + kind);
        }
    }

    /**
     * Returns the error reporting a refusal: the status of its kind and its message (the kind's
     * name when it has none).
     *
     * @param e refusal
     * @return error
     */
    public static ApiError error(SlicingException e) {
        return ApiError.of(of(e.kind()), e.getMessage() == null ? e.kind().name() : e.getMessage());
    }
}
