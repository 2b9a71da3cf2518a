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

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

import java.util.Optional;

/**
 * A reservation was booked, changed (state or end) or forgotten.
 */
public class ReservationEvent extends AbstractEvent<ReservationEvent.Type, Reservation> {

    /**
     * Kinds of reservation events.
     */
    public enum Type {
        /** A reservation was booked. */
        RESERVATION_ADDED,
        /** A reservation changed state or end. */
        RESERVATION_UPDATED,
        /** A reservation was removed from the store. */
        RESERVATION_REMOVED
    }

    private final Reservation prevSubject;

    /**
     * Creates an event.
     *
     * @param type        type
     * @param reservation subject
     * @param prevSubject previous version, or null
     */
    public ReservationEvent(Type type, Reservation reservation, Reservation prevSubject) {
        super(type, reservation);
        this.prevSubject = prevSubject;
    }

    /**
     * Returns the reservation as it was before the change.
     *
     * @return previous version, or empty
     */
    public Optional<Reservation> prevSubject() {
        return Optional.ofNullable(prevSubject);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("subject", subject())
                .add("prevSubject", prevSubject).toString();
    }
}
