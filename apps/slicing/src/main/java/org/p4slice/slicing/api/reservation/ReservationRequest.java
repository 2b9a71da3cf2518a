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
package org.p4slice.slicing.api.reservation;

import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A request to book a slot: the tenant, the slice to create at the start and the half-open
 * interval [start, end). Times are kept to the millisecond.
 */
public final class ReservationRequest {

    private final TenantId tenant;
    private final SliceRequest slice;
    private final Instant start;
    private final Instant end;

    private ReservationRequest(TenantId tenant, SliceRequest slice, Instant start, Instant end) {
        this.tenant = checkNotNull(tenant, "tenant must not be null");
        this.slice = checkNotNull(slice, "slice must not be null");
        this.start = Reservation.millis(Reservation.checkRange(checkNotNull(start, "start must not be null"), "start"));
        this.end = Reservation.millis(Reservation.checkRange(checkNotNull(end, "end must not be null"), "end"));
    }

    /**
     * Returns a request.
     *
     * @param tenant tenant booking the slot
     * @param slice  slice to create at the start (of the same tenant)
     * @param start  first instant of the slot
     * @param end    first instant after the slot
     * @return request
     * @throws NullPointerException if a value is missing
     * @throws IllegalArgumentException if a time is outside what reservations hold
     *                                  ({@link Reservation#checkRange})
     */
    public static ReservationRequest of(TenantId tenant, SliceRequest slice, Instant start, Instant end) {
        return new ReservationRequest(tenant, slice, start, end);
    }

    /**
     * Parses a time as a request gives it (REST body, CLI option): ISO-8601 with an offset, e.g.
     * {@code 2026-11-21T10:00:00Z} or {@code 2026-11-21T11:00:00+01:00}.
     *
     * @param text time
     * @param what what it is, for the message
     * @return instant
     * @throws IllegalArgumentException if it is not such a time, or outside what reservations hold
     *                                  ({@link Reservation#checkRange})
     */
    public static Instant parseTime(String text, String what) {
        try {
            return Reservation.checkRange(OffsetDateTime.parse(text).toInstant(), what);
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new IllegalArgumentException(what + " must be an ISO-8601 time with offset such as "
                    + "2026-11-21T10:00:00Z, got \"" + text + "\"");
        }
    }

    /**
     * Returns the tenant.
     *
     * @return tenant
     */
    public TenantId tenant() {
        return tenant;
    }

    /**
     * Returns the slice to create.
     *
     * @return slice request
     */
    public SliceRequest slice() {
        return slice;
    }

    /**
     * Returns the start (inclusive).
     *
     * @return start
     */
    public Instant start() {
        return start;
    }

    /**
     * Returns the end (exclusive).
     *
     * @return end
     */
    public Instant end() {
        return end;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ReservationRequest)) {
            return false;
        }
        ReservationRequest that = (ReservationRequest) o;
        return tenant.equals(that.tenant) && slice.equals(that.slice) && start.equals(that.start)
                && end.equals(that.end);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tenant, slice, start, end);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("tenant", tenant).add("slice", slice)
                .add("start", start).add("end", end).toString();
    }
}
