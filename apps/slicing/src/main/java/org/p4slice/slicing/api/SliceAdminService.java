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
 * Creates, changes and removes slices. Operations are synchronous as seen by the caller: after
 * return, the slice is listed (or gone, and its capacity free). A refused operation changes nothing.
 */
public interface SliceAdminService extends SliceService {

    /**
     * Validates, admits, allocates, stores and programs a new slice.
     *
     * @param request request
     * @return the slice ({@link SliceState#ACTIVE}, or {@link SliceState#FAILED} with the reason if
     *         the devices could not be programmed)
     * @throws InvalidSliceException     if a value is invalid
     * @throws SliceConflictException    if the id, VLAN, an access port or the name is taken
     * @throws AdmissionRefusedException if a port or link has not enough capacity left
     * @throws ForbiddenException        if the tenant may not create it
     */
    Slice createSlice(SliceRequest request);

    /**
     * Changes a slice's name, quota, burst or endpoints; re-admitted with the slice's own allocation
     * excluded. Its id, VLAN and tenant cannot change.
     *
     * @param id      slice id
     * @param request the slice's new shape
     * @return the updated slice
     * @throws SliceNotFoundException    if there is no such slice
     * @throws InvalidSliceException     if a value is invalid
     * @throws SliceConflictException    if an access port or the name is taken
     * @throws AdmissionRefusedException if a port or link has not enough capacity left
     * @throws ForbiddenException        if the request names another tenant
     */
    Slice updateSlice(SliceId id, SliceRequest request);

    /**
     * Removes a slice: its table entries, meter and groups are removed, its counters reset and its
     * resources freed.
     *
     * @param id slice id
     * @throws SliceNotFoundException if there is no such slice
     */
    void removeSlice(SliceId id);
}
