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

import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.reservation.ReservationId;

/**
 * Creates the slice of a booking whose slot starts, an explicit call of its own: admission checks it
 * against the other bookings only and not against its tenant's caps (its booking was counted when it
 * was admitted). The slice manager offers it (an OSGi service inside this bundle) to the reservation
 * scheduler.
 */
public interface BookingStarts {

    /**
     * Validates, admits, allocates, stores and programs the slice of a starting booking.
     *
     * @param booking the reservation that starts
     * @param request its slice request
     * @return the slice as stored
     * @throws SlicingException if refused (nothing changed)
     */
    Slice createBookedSlice(ReservationId booking, SliceRequest request);
}
