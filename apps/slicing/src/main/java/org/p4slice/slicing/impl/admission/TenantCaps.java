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
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.tenant.Tenant;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The caps of a tenant, checked by admission under the cluster-wide lock on the state it read
 * there, for slices and bookings together. What a tenant holds is counted conservatively: its
 * standing slices (those of no ACTIVE reservation, which have no end) plus its live bookings
 * (SCHEDULED or ACTIVE) that overlap the interval in question, as if they all held at once; an ACTIVE
 * booking counts at its slice's shape now (its tenant may have reshaped it), and a booking's slice being
 * reshaped counts at its new shape only. A
 * booking is also counted against the tenant's live bookings at once and its hours booked in all
 * (each live booking's time from now, or from its start, to its end).
 */
public final class TenantCaps {

    private static final Instant NO_END = Instant.ofEpochMilli(Long.MAX_VALUE);

    private TenantCaps() {
    }

    /**
     * Checks a new or reshaped slice of the tenant (it has no end).
     *
     * @param t            tenant
     * @param slices       the tenant's slices
     * @param reservations the tenant's reservations
     * @param replacing    the slice being reshaped, or null for a new one
     * @param quotaBps     the slice's quota
     * @param now          now
     * @throws SlicingException CONFLICT if a cap refuses it
     */
    public static void checkSlice(Tenant t, Collection<Slice> slices, Collection<Reservation> reservations,
                           SliceId replacing, long quotaBps, Instant now) {
        check(t, slices, reservations, replacing, null, now, NO_END, quotaBps, "slice");
    }

    /**
     * Checks a booking of the tenant: its length, its lead time, and its slice among what the
     * tenant holds during it.
     *
     * @param t            tenant
     * @param slices       the tenant's slices
     * @param reservations the tenant's reservations
     * @param replacing    the booking being extended, or null for a new one
     * @param start        start
     * @param end          end
     * @param quotaBps     quota of the booking's slice
     * @param now          now
     * @throws SlicingException CONFLICT if a cap refuses it
     */
    public static void checkBooking(Tenant t, Collection<Slice> slices, Collection<Reservation> reservations,
                             ReservationId replacing, Instant start, Instant end, long quotaBps, Instant now) {
        if (t.maxBookingHours() > 0 && Duration.between(start, end).compareTo(
                Duration.ofHours(t.maxBookingHours())) > 0) {
            throw SlicingException.conflict("tenant " + t.id() + " may book at most " + t.maxBookingHours()
                    + " h at a time; this booking lasts " + Duration.between(start, end));
        }
        Instant latest = Reservation.millis(now).plus(Duration.ofDays(t.maxLeadDays()));
        if (replacing == null && t.maxLeadDays() > 0 && start.isAfter(latest)) {
            throw SlicingException.conflict("tenant " + t.id() + " may book at most " + t.maxLeadDays()
                    + " days ahead (until " + latest + "); this booking starts " + start);
        }
        checkBookingTotals(t, reservations, replacing, start, end, now);
        check(t, slices, reservations, null, replacing, start, end, quotaBps, "booking");
    }

    private static void checkBookingTotals(Tenant t, Collection<Reservation> reservations, ReservationId replacing,
                                           Instant start, Instant end, Instant now) {
        List<Reservation> others = reservations.stream()
                .filter(r -> r.state().isLive() && !r.id().equals(replacing)).collect(Collectors.toList());
        if (t.maxLiveBookings() > 0 && replacing == null && others.size() + 1 > t.maxLiveBookings()) {
            throw SlicingException.conflict("tenant " + t.id() + " may hold at most " + t.maxLiveBookings()
                    + " bookings (SCHEDULED or ACTIVE) at once; it holds " + others.size());
        }
        if (t.maxBookedHours() > 0) {
            Duration booked = others.stream().map(r -> remaining(r.start(), r.end(), now))
                    .reduce(Duration.ZERO, Duration::plus);
            Duration asked = remaining(start, end, now);
            Duration cap = Duration.ofHours(t.maxBookedHours());
            if (booked.plus(asked).compareTo(cap) > 0) {
                throw SlicingException.conflict("tenant " + t.id() + " may hold at most " + t.maxBookedHours()
                        + " h of bookings in all; it holds " + booked + " from now, this booking asks for "
                        + asked + " (total " + booked.plus(asked) + ")");
            }
        }
    }

    // the part of [start, end) from now on
    private static Duration remaining(Instant start, Instant end, Instant now) {
        Instant from = start.isAfter(now) ? start : now;
        return end.isAfter(from) ? Duration.between(from, end) : Duration.ZERO;
    }

    private static void check(Tenant t, Collection<Slice> slices, Collection<Reservation> reservations,
                              SliceId replacingSlice, ReservationId replacingBooking, Instant start, Instant end,
                              long quotaBps, String what) {
        if (t.maxSlices() == 0 && t.maxBps() == 0) {
            return;
        }
        Map<SliceId, Slice> byId = new HashMap<>();
        slices.forEach(s -> byId.put(s.id(), s));
        List<Reservation> live = reservations.stream()
                .filter(r -> r.state() == ReservationState.SCHEDULED || r.state() == ReservationState.ACTIVE)
                .collect(Collectors.toList());
        // an ACTIVE booking's slice counts at its shape now (its tenant may have reshaped it), and the slice
        // being reshaped counts at its new shape only
        Map<ReservationId, Slice> heldSlice = new HashMap<>();
        for (Reservation r : live) {
            Slice s = r.sliceId().map(byId::get).filter(r::isSliceOf).orElse(null);
            if (s != null) {
                heldSlice.put(r.id(), s);
            }
        }
        Set<SliceId> booked = heldSlice.values().stream().map(Slice::id).collect(Collectors.toSet());
        List<Slice> standing = slices.stream().filter(s -> !booked.contains(s.id()))
                .filter(s -> !s.id().equals(replacingSlice)).collect(Collectors.toList());
        List<Reservation> overlapping = live.stream().filter(r -> !r.id().equals(replacingBooking))
                .filter(r -> !(heldSlice.containsKey(r.id()) && heldSlice.get(r.id()).id().equals(replacingSlice)))
                .filter(r -> r.overlaps(start, end)).collect(Collectors.toList());
        int count = standing.size() + overlapping.size();
        boolean adds = replacingSlice == null && replacingBooking == null;
        if (t.maxSlices() > 0 && adds && count + 1 > t.maxSlices()) {
            throw SlicingException.conflict("tenant " + t.id() + " may hold at most " + t.maxSlices()
                    + " slices at once; it holds " + count + " (slices and overlapping bookings), this " + what
                    + " would make " + (count + 1));
        }
        long bps = standing.stream().mapToLong(Slice::quotaBps).sum()
                + overlapping.stream().mapToLong(r -> heldSlice.containsKey(r.id())
                        ? heldSlice.get(r.id()).quotaBps() : r.request().quotaBps()).sum();
        if (t.maxBps() > 0 && quotaBps > t.maxBps() - bps) {
            throw SlicingException.conflict("tenant " + t.id() + " may hold at most " + t.maxBps()
                    + " bit/s of quota in total; it holds " + bps + " (slices and overlapping bookings), this "
                    + what + " asks for " + quotaBps + " (total " + (bps + quotaBps) + ")");
        }
    }
}
