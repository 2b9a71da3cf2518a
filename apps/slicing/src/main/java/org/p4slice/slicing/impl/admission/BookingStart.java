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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.reservation.ReservationId;

import java.util.function.Supplier;

/**
 * Marks the slice being created on this thread as the slice of a booking that starts: admission
 * then checks it against the other bookings only, and not against its tenant's caps (its booking
 * was counted when it was admitted).
 */
public final class BookingStart {

    private static final ThreadLocal<ReservationId> STARTING = new ThreadLocal<>();

    private BookingStart() {
    }

    /**
     * Runs work that creates the slice of a starting booking.
     *
     * @param booking the reservation that starts
     * @param work    work
     * @param <T>     result type
     * @return its result
     */
    public static <T> T run(ReservationId booking, Supplier<T> work) {
        STARTING.set(booking);
        try {
            return work.get();
        } finally {
            STARTING.remove();
        }
    }

    /**
     * Returns the reservation whose slice this thread is creating.
     *
     * @return reservation id, or null outside {@link #run}
     */
    public static ReservationId current() {
        return STARTING.get();
    }
}
