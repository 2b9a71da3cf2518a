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
package org.p4slice.slicing.api;

/**
 * Creates, changes and removes slices. Admission is synchronous: after a create or update returns,
 * the slice is listed with its new shape and its resources are held; a refused operation changes
 * nothing. The device work follows in the background: the slice is {@link SliceState#PROVISIONING}
 * until the devices confirmed it ({@link SliceState#ACTIVE}) or failed ({@link SliceState#FAILED}
 * with the reason); a removed slice is {@link SliceState#RELEASING} until its entries are gone,
 * then it is no longer listed and its capacity is free.
 */
public interface SliceAdminService extends SliceService {

    /**
     * Validates, admits, allocates, stores and programs a new slice.
     *
     * @param request request
     * @return the slice as stored ({@link SliceState#PROVISIONING} while its devices are being
     *         programmed)
     * @throws SlicingException INVALID if a value is invalid; CONFLICT if the id, VLAN, an access port or the name is
     *     taken
     * @throws AdmissionRefusedException if a port or link has not enough capacity left
     * @throws SlicingException FORBIDDEN if the tenant may not create it
     */
    Slice createSlice(SliceRequest request);

    /**
     * Changes a slice's name, quota, burst or endpoints; re-admitted with the slice's own allocation
     * excluded. Its id, VLAN and tenant cannot change.
     *
     * @param id      slice id
     * @param request the slice's new shape
     * @return the updated slice
     * @throws SlicingException NOT_FOUND if there is no such slice; INVALID if a value is invalid; CONFLICT if an
     *     access port or the name is taken
     * @throws AdmissionRefusedException if a port or link has not enough capacity left
     * @throws SlicingException FORBIDDEN if the request names another tenant
     */
    Slice updateSlice(SliceId id, SliceRequest request);

    /**
     * Changes a slice as {@link #updateSlice(SliceId, SliceRequest)} does if it belongs to the tenant
     * named, checked on the slice as stored in the cluster (under the admission lock, in the same
     * compare-and-set that stores the change), so a caller whose view lags behind a reuse of the id
     * never changes another tenant's slice.
     *
     * @param id      slice id
     * @param request the slice's new shape
     * @param owner   the tenant the caller saw owning the slice
     * @return the updated slice
     * @throws SlicingException NOT_FOUND if there is no such slice of that tenant; as
     *     {@link #updateSlice(SliceId, SliceRequest)} otherwise
     */
    Slice updateSlice(SliceId id, SliceRequest request, TenantId owner);

    /**
     * Removes a slice: it is RELEASING at once; its table entries, meter cells and groups are then
     * removed, its counters reset and its resources freed.
     *
     * @param id slice id
     * @throws SlicingException NOT_FOUND if there is no such slice
     */
    void removeSlice(SliceId id);

    /**
     * Removes a slice if it belongs to the tenant named: the owner is checked on the slice as stored
     * in the cluster, atomically with marking it RELEASING, so a caller whose view lags behind a
     * reuse of the id can never release another tenant's slice.
     *
     * @param id    slice id
     * @param owner the tenant the caller saw owning the slice
     * @throws SlicingException NOT_FOUND if there is no such slice of that tenant
     */
    void removeSlice(SliceId id, TenantId owner);

    /**
     * Sets the rate the slice's meter enforces instead of its quota (the fairness app lends
     * unused capacity or claws it back), or back to the quota. The rate is kept in the cluster's
     * store, so it survives a change of the instance that decides it, and the meter cells follow.
     *
     * @param id      slice id
     * @param rateBps rate in bit/s, &gt; 0; the slice's quota restores it
     * @throws SlicingException NOT_FOUND if there is no such slice; INVALID if the rate is not positive;
     *                          CONFLICT if the slice is not ACTIVE (an update or a release of the
     *                          slice clears the rate)
     */
    void setMeterRate(SliceId id, long rateBps);
}
