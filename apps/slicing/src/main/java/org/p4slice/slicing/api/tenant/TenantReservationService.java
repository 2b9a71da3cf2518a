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
package org.p4slice.slicing.api.tenant;

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import java.time.Instant;
import java.util.List;

/**
 * The reservations as a caller sees them (same rules as {@link TenantSliceService}): the REST
 * API, the CLI and the GUI call these, never the unscoped {@link ReservationAdminService}. On top
 * of the component limits (longest booking, farthest start) the tenant's caps apply: booking
 * length, lead time, slices and total quota (a refusal of kind {@code CONFLICT}).
 */
public interface TenantReservationService {

    /**
     * Returns the reservations the caller sees, ordered by id.
     *
     * @param caller caller
     * @param tenant only this tenant's (null: every tenant the caller sees)
     * @return reservations
     * @throws SlicingException FORBIDDEN if the caller does not see that tenant
     */
    List<Reservation> getReservations(Caller caller, TenantId tenant);

    /**
     * Returns a reservation the caller sees.
     *
     * @param caller caller
     * @param id     reservation id
     * @return reservation
     * @throws SlicingException NOT_FOUND if there is none, or the caller does not see it
     */
    Reservation getReservation(Caller caller, ReservationId id);

    /**
     * Books a slot (see {@link ReservationAdminService#reserve}).
     *
     * @param caller  caller
     * @param request request
     * @return reservation
     * @throws SlicingException FORBIDDEN if the request names a tenant the caller does not act for; CONFLICT if a cap
     *     of the tenant refuses it
     */
    Reservation reserve(Caller caller, ReservationRequest request);

    /**
     * Moves the end of a reservation the caller sees (see {@link ReservationAdminService#extend}).
     *
     * @param caller caller
     * @param id     reservation id
     * @param newEnd new end
     * @return reservation
     * @throws SlicingException NOT_FOUND if there is none, or the caller does not see it; CONFLICT if a cap of the
     *     tenant refuses it
     */
    Reservation extend(Caller caller, ReservationId id, Instant newEnd);

    /**
     * Cancels a reservation the caller sees (see {@link ReservationAdminService#cancel}).
     *
     * @param caller caller
     * @param id     reservation id
     * @return the cancelled reservation
     * @throws SlicingException NOT_FOUND if there is none, or the caller does not see it
     */
    Reservation cancel(Caller caller, ReservationId id);
}
