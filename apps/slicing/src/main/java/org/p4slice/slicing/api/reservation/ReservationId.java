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

import org.p4slice.slicing.api.SlicingException;
import org.onlab.util.Identifier;

/**
 * Identifier of a reservation: a positive number, handed out in increasing order and never
 * reused.
 * <p>
 * {@link #id()} returns the number (auto-unboxes to {@code long}).
 */
public final class ReservationId extends Identifier<Long> implements Comparable<ReservationId> {

    /** Smallest reservation id. */
    public static final long MIN = 1;

    private ReservationId(long id) {
        super(id);
    }

    // for serialization
    private ReservationId() {
        super();
    }

    /**
     * Returns the reservation id with the given number.
     *
     * @param id number, at least 1
     * @return reservation id
     * @throws IllegalArgumentException if the number is less than 1
     */
    public static ReservationId of(long id) {
        if (id < MIN) {
            throw new IllegalArgumentException("reservation id must be a positive integer, got " + id);
        }
        return new ReservationId(id);
    }

    /**
     * Returns the refusal of an operation on this reservation when there is none (or the caller does not see it).
     *
     * @return refusal of kind NOT_FOUND naming this id
     */
    public SlicingException notFound() {
        return SlicingException.notFound("no reservation with id " + this);
    }

    @Override
    public int compareTo(ReservationId other) {
        return Long.compare(identifier, other.identifier);
    }
}
