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
package org.p4slice.slicing.api;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A slicing operation was refused; nothing was changed. The {@link Kind} tells the northbound how
 * to report it.
 */
public class SlicingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Why an operation was refused, with the HTTP status the REST API answers.
     */
    public enum Kind {
        /** A value is malformed or out of range (400). */
        INVALID(400),
        /** No such slice (404). */
        NOT_FOUND(404),
        /** A resource is taken: id, VLAN, access port, name (409). */
        CONFLICT(409),
        /** Not enough capacity on a port or link (409). */
        ADMISSION_REFUSED(409),
        /** The tenant may not do this (403). */
        FORBIDDEN(403);

        private final int httpStatus;

        Kind(int httpStatus) {
            this.httpStatus = httpStatus;
        }

        /**
         * Returns the HTTP status code for this kind.
         *
         * @return status code
         */
        public int httpStatus() {
            return httpStatus;
        }
    }

    private final Kind kind;

    /**
     * Creates an exception.
     *
     * @param kind    kind
     * @param message what and why
     */
    public SlicingException(Kind kind, String message) {
        super(message);
        this.kind = checkNotNull(kind, "kind must not be null");
    }

    /**
     * Returns the kind.
     *
     * @return kind
     */
    public Kind kind() {
        return kind;
    }
}
