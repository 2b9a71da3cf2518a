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

import org.p4slice.slicing.api.TenantId;
import org.onosproject.event.ListenerService;

import java.util.List;
import java.util.Optional;

/**
 * Reads the reservations: booked slots of the testbed, each creating a slice at its start and
 * releasing it at its end.
 */
public interface ReservationService extends ListenerService<ReservationEvent, ReservationListener> {

    /**
     * Returns every reservation, ordered by id.
     *
     * @return reservations
     */
    List<Reservation> getReservations();

    /**
     * Returns the reservations of a tenant, ordered by id.
     *
     * @param tenant tenant
     * @return reservations
     */
    List<Reservation> getReservations(TenantId tenant);

    /**
     * Returns a reservation.
     *
     * @param id reservation id
     * @return reservation, or empty
     */
    Optional<Reservation> getReservation(ReservationId id);
}
