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
package org.p4slice.fairness.metrics;

import org.p4slice.fairness.metrics.Exposition.Type;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationState;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The bookings per tenant and state (as long as the reservation manager keeps them: a finished,
 * cancelled or failed booking is kept for its retention after its end).
 */
final class BookingMetrics {

    private BookingMetrics() {
    }

    /**
     * Writes the booking family.
     *
     * @param out          exposition
     * @param reservations the bookings the caller sees
     * @param tenants      tenants whose counts are written even with no booking (all states 0)
     */
    static void write(Exposition out, Collection<Reservation> reservations, Set<TenantId> tenants) {
        int states = ReservationState.values().length;
        Map<String, int[]> counts = new TreeMap<>();
        tenants.forEach(t -> counts.put(t.id(), new int[states]));
        for (Reservation r : reservations) {
            counts.computeIfAbsent(r.tenant().id(), t -> new int[states])[r.state().ordinal()]++;
        }
        out.family("p4slice_bookings", "Bookings of the tenant in each state.", Type.GAUGE);
        counts.forEach((tenant, n) -> {
            for (ReservationState state : ReservationState.values()) {
                out.sample(n[state.ordinal()], "tenant", tenant, "state", state.name());
            }
        });
    }
}
