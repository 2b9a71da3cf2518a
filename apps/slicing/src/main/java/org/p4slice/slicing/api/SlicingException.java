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

import org.onosproject.store.service.StorageException;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A slicing operation was refused; nothing was changed. The {@link Kind} says why, so that each
 * northbound (REST, GUI, CLI) can report it in its own terms; the message says what, naming the
 * value, resource or cap. The one subclass, {@link AdmissionRefusedException}, carries the figures
 * of a capacity refusal.
 * <p>
 * A refusal that describes other slices (the holder of a VLAN, a port or an id; the bookings
 * holding a slot) also carries its tenant-facing text, {@link #tenantMessage()}: the same refusal
 * with the slot and not the holder, which is what a caller who is not an operator is told
 * ({@link #forTenant()}); operators and the audit log keep the full message.
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
        FORBIDDEN(403),
        /**
         * The cluster's storage did not answer (e.g. during a failover of its partitions): the
         * request was not completed and may be sent again in a few seconds.
         */
        UNAVAILABLE(503);

        private final int status;

        Kind(int status) {
            this.status = status;
        }

        /**
         * Returns the status a refusal of this kind is reported with.
         *
         * @return 400 (invalid), 403 (forbidden), 404 (not found), 409 (conflict, admission refused)
         *         or 503 (storage unavailable)
         */
        public int status() {
            return status;
        }
    }

    private final Kind kind;
    private final String tenantMessage;

    /**
     * Creates an exception that describes nothing but the caller's own request.
     *
     * @param kind    kind
     * @param message what and why
     */
    public SlicingException(Kind kind, String message) {
        this(kind, message, message);
    }

    /**
     * Creates an exception whose message describes other slices.
     *
     * @param kind          kind
     * @param message       what and why, naming what holds the resource (for operators)
     * @param tenantMessage the same refusal naming the resource and not its holder (for anyone else;
     *                      null only with a null message)
     */
    public SlicingException(Kind kind, String message, String tenantMessage) {
        super(message);
        this.kind = checkNotNull(kind, "kind must not be null");
        this.tenantMessage = tenantMessage;
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
     * Returns a refusal because a resource is taken by another slice.
     *
     * @param message       what and why, naming the holder
     * @param tenantMessage the same without the holder
     * @return refusal of kind {@link Kind#CONFLICT}
     */
    public static SlicingException conflict(String message, String tenantMessage) {
        return new SlicingException(Kind.CONFLICT, message, tenantMessage);
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
     * Returns a refusal because the cluster's storage did not answer.
     *
     * @param message what and why
     * @return refusal of kind {@link Kind#UNAVAILABLE}
     */
    public static SlicingException unavailable(String message) {
        return new SlicingException(Kind.UNAVAILABLE, message);
    }

    /**
     * Says whether a failure is one of the cluster's storage (ONOS's {@link StorageException}, or an
     * Atomix primitive's exception anywhere in its causes): the storage did not answer, the request
     * was not completed, and it may be sent again.
     *
     * @param failure failure
     * @return true if the storage failed
     */
    public static boolean isStorageFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StorageException || t.getClass().getName().startsWith("io.atomix.")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the refusal that reports a failure of the cluster's storage (see {@link #isStorageFailure}).
     *
     * @param failure the storage's failure
     * @param doing   what was being done, e.g. "admitting the slice"
     * @return refusal of kind {@link Kind#UNAVAILABLE}
     */
    public static SlicingException storageUnavailable(Throwable failure, String doing) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return unavailable("the cluster's storage did not answer while " + doing + " ("
                + root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage())
                + "); the request was not completed, try again in a few seconds");
    }

    /**
     * Returns the kind.
     *
     * @return kind
     */
    public Kind kind() {
        return kind;
    }

    /**
     * Returns the text a caller who is not an operator is told: the message without what it says of
     * other slices (the message itself when it says nothing of them).
     *
     * @return tenant-facing message
     */
    public String tenantMessage() {
        return tenantMessage;
    }

    /**
     * Returns this refusal as a caller who is not an operator is told it: of the same kind (and
     * figures), with the tenant-facing message.
     *
     * @return this if its message describes no other slice, otherwise a copy with {@link #tenantMessage()}
     */
    public SlicingException forTenant() {
        return Objects.equals(tenantMessage, getMessage()) ? this : new SlicingException(kind, tenantMessage);
    }
}
