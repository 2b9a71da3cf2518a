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
 * A slicing operation was refused; nothing was changed. The {@link Kind} says why, so that each
 * northbound (REST, GUI, CLI) can report it in its own terms; the message says what, naming the
 * value, resource or cap. The one subclass, {@link AdmissionRefusedException}, carries the figures
 * of a capacity refusal.
 */
public class SlicingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Why an operation was refused, and the status every northbound reports it with: REST and the
     * GUI answer it, the audit log records it (the numbers are HTTP's; the CLI shows the message).
     */
    public enum Kind {
        /** A value is malformed or out of range, or names something unknown (e.g. a tenant). */
        INVALID(400),
        /** The slice or reservation named does not exist (or is not visible to the caller). */
        NOT_FOUND(404),
        /**
         * A resource is taken (id, VLAN, access port, name), a cap of the tenant is reached, or
         * the current state does not allow the change.
         */
        CONFLICT(409),
        /** Not enough capacity left on a port or link, now or in a booked slot. */
        ADMISSION_REFUSED(409),
        /** The caller may not act for that tenant or do this operation. */
        FORBIDDEN(403);

        private final int status;

        Kind(int status) {
            this.status = status;
        }

        /**
         * Returns the status a refusal of this kind is reported with.
         *
         * @return 400 (invalid), 403 (forbidden), 404 (not found) or 409 (conflict, admission refused)
         */
        public int status() {
            return status;
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
     * Returns a refusal of a value that is malformed, out of range or names something unknown.
     *
     * @param message what and why
     * @return refusal of kind {@link Kind#INVALID}
     */
    public static SlicingException invalid(String message) {
        return new SlicingException(Kind.INVALID, message);
    }

    /**
     * Returns a refusal naming a slice or reservation that does not exist (or that the caller does not see).
     *
     * @param message what and why
     * @return refusal of kind {@link Kind#NOT_FOUND}
     */
    public static SlicingException notFound(String message) {
        return new SlicingException(Kind.NOT_FOUND, message);
    }

    /**
     * Returns a refusal because a resource is taken, a cap is reached or the state does not allow it.
     *
     * @param message what and why
     * @return refusal of kind {@link Kind#CONFLICT}
     */
    public static SlicingException conflict(String message) {
        return new SlicingException(Kind.CONFLICT, message);
    }

    /**
     * Returns a refusal because the caller may not act for that tenant or do this operation.
     *
     * @param message what and why
     * @return refusal of kind {@link Kind#FORBIDDEN}
     */
    public static SlicingException forbidden(String message) {
        return new SlicingException(Kind.FORBIDDEN, message);
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
