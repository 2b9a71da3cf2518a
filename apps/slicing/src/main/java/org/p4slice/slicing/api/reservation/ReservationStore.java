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

import org.onosproject.store.Store;

import java.util.Collection;
import java.util.Optional;

/**
 * Keeps the reservations, shared by the cluster, and reports their changes to its delegate.
 */
public interface ReservationStore extends Store<ReservationEvent, ReservationStoreDelegate> {

    /**
     * Stores a new SCHEDULED reservation under the next free id (ids are never reused).
     *
     * @param request what is booked
     * @return the stored reservation
     */
    Reservation createReservation(ReservationRequest request);

    /**
     * Replaces a reservation if it is still as the caller read it.
     *
     * @param expected the version read
     * @param updated  the new version (same id)
     * @return true if replaced; false if it changed or vanished meanwhile
     */
    boolean updateReservation(Reservation expected, Reservation updated);

    /**
     * Returns a reservation.
     *
     * @param id reservation id
     * @return reservation, or empty
     */
    Optional<Reservation> getReservation(ReservationId id);

    /**
     * Returns every reservation.
     *
     * @return reservations, in no particular order
     */
    Collection<Reservation> getReservations();

    /**
     * Returns the reservations indexed for the scheduler's and admission's questions: kept by the store from
     * the cluster's map (this instance's writes at once, other instances' as their events arrive). Read only.
     *
     * @return index
     */
    ReservationIndex index();

    /**
     * Removes a reservation.
     *
     * @param id reservation id
     * @return the removed reservation, or empty
     */
    Optional<Reservation> removeReservation(ReservationId id);
}
