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
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationIndex;

import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.p4slice.slicing.impl.store.SliceAllocations;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What one admission decision is taken on, read under the cluster-wide admission lock: the stored
 * slices from the cluster's storage itself, the reservations through the store's index (so that a
 * decision reads only the bookings that may share something with what it decides on), the time and
 * the settings. Only {@link AdmissionManager#decide} makes one, so a decision cannot be taken on
 * anything else.
 */
public final class AdmissionView {

    private final SliceAllocations slices;
    private final ReservationIndex reservations;
    private final Instant now;
    private final AdmissionSettings settings;

    AdmissionView(SliceAllocations slices, ReservationIndex reservations, Instant now,
                  AdmissionSettings settings) {
        this.slices = checkNotNull(slices);
        this.reservations = checkNotNull(reservations);
        this.now = checkNotNull(now);
        this.settings = checkNotNull(settings);
    }

    /**
     * Returns what the stored slices hold.
     *
     * @return allocations
     */
    public SliceAllocations slices() {
        return slices;
    }

    /**
     * Returns a stored slice as read.
     *
     * @param id slice id
     * @return slice, or empty
     */
    public Optional<Slice> slice(SliceId id) {
        return slices.slice(id);
    }

    /**
     * Returns the reservations, indexed.
     *
     * @return index
     */
    public ReservationIndex reservations() {
        return reservations;
    }

    /**
     * Returns a reservation as read.
     *
     * @param id reservation id
     * @return reservation, or empty
     */
    public Optional<Reservation> reservation(ReservationId id) {
        return reservations.get(id);
    }

    /**
     * Returns the time of the decision.
     *
     * @return now
     */
    public Instant now() {
        return now;
    }

    /**
     * Returns the settings of the decision.
     *
     * @return settings
     */
    public AdmissionSettings settings() {
        return settings;
    }

    List<Slice> slicesOf(TenantId tenant) {
        return slices.slices().stream().filter(s -> s.tenant().equals(tenant)).collect(Collectors.toList());
    }

    List<Reservation> reservationsOf(TenantId tenant) {
        return reservations.liveOf(tenant);
    }

    BitSet bookedIds(ReservationId except) {
        return reservations.bookedIds(except);
    }

    BitSet bookedVlans(ReservationId except) {
        return reservations.bookedVlans(except);
    }
}
