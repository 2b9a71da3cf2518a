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

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;

/**
 * What the slice manager asks before it creates or reshapes a slice outside any booking: a slice
 * has no end, so it must leave every booked slot (SCHEDULED or ACTIVE reservation) the ports and
 * capacity the booking was admitted with. Offered by the reservation manager; without it (the
 * reservation component not running) slices are checked against what exists only.
 */
public interface BookingGuard {

    /**
     * Checks a slice about to be created or reshaped against the booked slots.
     *
     * @param candidate the slice as it would be (id, VLAN, ports and trunk links allocated)
     * @param request   its request
     * @throws SlicingException CONFLICT if a booking holds one of its access ports, its name, VLAN or id
     * @throws org.p4slice.slicing.api.AdmissionRefusedException    if a booking would be short of capacity
     */
    void checkAgainstBookings(Slice candidate, SliceRequest request);
}
