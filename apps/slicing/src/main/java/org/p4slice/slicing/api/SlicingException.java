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
 * northbound (REST, GUI, CLI) can report it in its own terms.
 */
public class SlicingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Why an operation was refused.
     */
    public enum Kind {
        /** A value is malformed or out of range, or names something unknown (e.g. a tenant). */
        INVALID,
        /** The slice or reservation named does not exist (or is not visible to the caller). */
        NOT_FOUND,
        /**
         * A resource is taken (id, VLAN, access port, name), a cap of the tenant is reached, or
         * the current state does not allow the change.
         */
        CONFLICT,
        /** Not enough capacity left on a port or link, now or in a booked slot. */
        ADMISSION_REFUSED,
        /** The caller may not act for that tenant or do this operation. */
        FORBIDDEN
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
