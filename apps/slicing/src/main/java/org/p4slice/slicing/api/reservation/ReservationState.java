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

/**
 * States of a reservation: {@code SCHEDULED} until its start, {@code ACTIVE} (its slice exists)
 * until its end, then {@code COMPLETED}; {@code CANCELLED} if cancelled before its end;
 * {@code FAILED} (with a reason) if its slice could not be created at its start.
 */
public enum ReservationState {
    /** Booked; the slice will be created at the start. */
    SCHEDULED,
    /** The slot is running; the slice exists. */
    ACTIVE,
    /** The slot is over; the slice was released. */
    COMPLETED,
    /** Cancelled; its slice, if it had started, was released. */
    CANCELLED,
    /** The slice could not be created at the start; the reason says why. */
    FAILED;

    /**
     * Tells whether a reservation in this state still holds its ports and bandwidth for its slot.
     *
     * @return true for SCHEDULED and ACTIVE
     */
    public boolean isLive() {
        return this == SCHEDULED || this == ACTIVE;
    }
}
