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

import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one tenant gate: the slices, reservations and audit log as a caller sees them, and the
 * caller's scope for every other tenant-scoped read (capacity and fairness figures, the portal's
 * page, the completion of tenant names). The REST API, the CLI, the GUI and the tenant portal call
 * these, never the unscoped {@link SliceAdminService}, {@link ReservationAdminService},
 * {@link AuditService#getEntries} or {@link TenantService#scope}. The caller's scope decides:
 * an operator sees and changes everything; a tenant's user only its tenant's objects (another
 * tenant's is "not found", a request naming another tenant is a refusal of kind {@code FORBIDDEN});
 * a user of no tenant, or an anonymous caller, sees nothing. The tenant's caps (a refusal of kind
 * {@code CONFLICT}: slices, total quota, booking length, lead time, live bookings, booked hours)
 * apply to everybody, operators included. Every change and every refused change is written to the
 * audit log ({@link AuditService}) with the refusal's kind; a caller who is not an operator is told a
 * refusal's tenant-facing text only ({@link SlicingException#forTenant()}: the slot, never another
 * tenant's slice or booking).
 */
public interface TenantGateService {

    /**
     * Returns the slices the caller sees, ordered by id.
     *
     * @param caller caller
     * @param tenant only this tenant's (null: every tenant the caller sees)
     * @return slices
     * @throws SlicingException FORBIDDEN if the caller does not see that tenant
     */
    Set<Slice> getSlices(Caller caller, TenantId tenant);

    /**
     * Returns a slice the caller sees.
     *
     * @param caller caller
     * @param id     slice id
     * @return slice
     * @throws SlicingException NOT_FOUND if there is none, or the caller does not see it
     */
    Slice getSlice(Caller caller, SliceId id);

    /**
     * Returns what each device holds of a slice the caller sees (its devices' outcomes).
     *
     * @param caller caller
     * @param id     slice id
     * @return device to outcome, ordered by device id
     * @throws SlicingException NOT_FOUND if there is no such slice, or the caller does not see it
     */
    Map<DeviceId, DeviceOutcome> getSliceDevices(Caller caller, SliceId id);

    /**
     * Returns whether the caller sees a slice (for statistics and fairness figures).
     *
     * @param caller caller
     * @param id     slice id
     * @return true if the slice exists and the caller sees it
     */
    boolean sees(Caller caller, SliceId id);

    /**
     * Creates a slice (see {@link SliceAdminService#createSlice}).
     *
     * @param caller  caller
     * @param request request
     * @return slice
     * @throws SlicingException FORBIDDEN if the request names a tenant the caller does not act for; CONFLICT if the
     *     tenant's slice count or total quota would exceed its cap; as {@link SliceAdminService#createSlice}
     */
    Slice createSlice(Caller caller, SliceRequest request);

    /**
     * Updates a slice the caller sees (see {@link SliceAdminService#updateSlice}).
     *
     * @param caller  caller
     * @param id      slice id
     * @param request the new shape
     * @return slice
     * @throws SlicingException NOT_FOUND if there is none, or the caller does not see it; FORBIDDEN if the request
     *     names another tenant; CONFLICT if the tenant's total quota would exceed its cap
     */
    Slice updateSlice(Caller caller, SliceId id, SliceRequest request);

    /**
     * Removes a slice the caller sees (see {@link SliceAdminService#removeSlice}).
     *
     * @param caller caller
     * @param id     slice id
     * @return the slice while it is RELEASING, empty once it is gone
     * @throws SlicingException NOT_FOUND if there is none, or the caller does not see it
     */
    Optional<Slice> removeSlice(Caller caller, SliceId id);

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

    /**
     * Returns the newest entries of the audit log, oldest first (see {@link AuditService#getEntries}).
     *
     * @param caller caller; only operators read the log
     * @param limit  most entries to return (at least 1)
     * @return entries
     * @throws SlicingException FORBIDDEN if the caller is not an operator
     */
    default List<AuditEntry> getAuditEntries(Caller caller, int limit) {
        return getAuditEntries(caller, AuditQuery.newest(limit)).items();
    }

    /**
     * Returns one page of the audit log's entries that a query wants (see {@link AuditQuery}).
     *
     * @param caller caller; only operators read the log
     * @param query  filters and page
     * @return page, its entries oldest first
     * @throws SlicingException FORBIDDEN if the caller is not an operator
     */
    Page<AuditEntry> getAuditEntries(Caller caller, AuditQuery query);

    /**
     * Returns what the caller sees ({@link TenantService#scope}), for the reads that are neither slices,
     * reservations nor the audit log: the testbed's capacity and the fairness figures (operators and
     * tenants' users, {@link TenantScope#checkSharesTestbed}), a fairness report's rows
     * ({@link TenantScope#sees}), the tenant portal's page, the tenants a command line completes, and
     * whether a caller may change anything at all.
     *
     * @param caller caller
     * @return scope
     */
    TenantScope scope(Caller caller);
}
