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
import org.p4slice.slicing.api.AdmissionRefusedException;
import java.time.Instant;

/**
 * Books, cancels and extends reservations. A reservation is admitted only if, at every instant of
 * its half-open interval [start, end), its access ports are its own and the quotas on every port
 * and link it crosses stay within the usable capacity, counting the existing slices and every
 * other SCHEDULED or ACTIVE reservation. A refused request changes nothing.
 */
public interface ReservationAdminService extends ReservationService {

    /**
     * Books a slot.
     *
     * @param request tenant, slice request and interval
     * @return the reservation, SCHEDULED (or already ACTIVE if the slot starts now)
     * @throws SlicingException INVALID if the interval or the tenant is invalid; INVALID if a value of the slice
     *     request is invalid; CONFLICT if a port, name or VLAN is taken at some instant
     * @throws AdmissionRefusedException   if a port or link lacks capacity at some instant
     */
    Reservation reserve(ReservationRequest request);

    /**
     * Cancels a reservation: a SCHEDULED one becomes CANCELLED, an ACTIVE one releases its slice
     * and becomes CANCELLED.
     *
     * @param id reservation id
     * @return the cancelled reservation
     * @throws SlicingException NOT_FOUND if there is no such reservation; CONFLICT if it is already over (COMPLETED,
     *     CANCELLED or FAILED)
     */
    Reservation cancel(ReservationId id);

    /**
     * Moves the end of a SCHEDULED or ACTIVE reservation; the new interval is admitted again
     * (the reservation's own allocation excluded). A refusal leaves it unchanged.
     *
     * @param id     reservation id
     * @param newEnd new end (exclusive)
     * @return the changed reservation
     * @throws SlicingException NOT_FOUND if there is no such reservation; INVALID if the new end is not after the
     *     start and now, or too late; CONFLICT if it is over, or a port, name or VLAN is taken
     * @throws AdmissionRefusedException    if a port or link lacks capacity at some instant
     */
    Reservation extend(ReservationId id, Instant newEnd);
}
