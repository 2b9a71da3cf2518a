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
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationIndex;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;

import java.util.stream.Collectors;
import java.util.Optional;
import java.util.List;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import org.p4slice.slicing.impl.store.SliceHoldings;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Decides whether a booking or an extension is acceptable: its interval (end after start, start
 * not in the past, end not in the past, not shorter than {@link #MIN_DURATION} nor longer than the
 * maximum), its tenant, its slice
 * request (the slices' validator, VLAN pool and tenants) and, through
 * {@link ReservationAdmission}, its resources at every instant. It only reads; a refusal changes
 * nothing. Every check is taken with the settings snapshot it is given.
 */
public final class BookingRules {

    /** The reservation manager's component property of the longest slot, named in refusals. */
    public static final String MAX_RESERVATION_HOURS = "maxReservationHours";
    /** The reservation manager's component property of the lead time, named in refusals. */
    public static final String MAX_LEAD_DAYS = "maxLeadDays";
    /**
     * Shortest reservation: each booking is read by every admission and scheduler tick, so a tenant
     * may not fill a slot with thousands of tiny ones.
     */
    public static final Duration MIN_DURATION = Duration.ofSeconds(10);

    // the end of a slice created outside any booking: none (the latest instant in milliseconds)
    private static final Instant NO_END = Instant.ofEpochMilli(Long.MAX_VALUE);

    private final SliceRequestValidator validator;
    private final ReservationAdmission reservationAdmission;

    /**
     * Creates the rules.
     *
     * @param validator            the slice requests' checks
     * @param reservationAdmission admission over time
     */
    public BookingRules(SliceRequestValidator validator, ReservationAdmission reservationAdmission) {
        this.validator = checkNotNull(validator);
        this.reservationAdmission = checkNotNull(reservationAdmission);
    }

    /**
     * Checks a booking.
     *
     * @param request      booking
     * @param now          the time
     * @param maxDuration  longest slot
     * @param maxLead      how far ahead the slot may start
     * @param slices       the slices that exist
     * @param reservations the reservations, indexed
     * @param settings     the settings of this decision
     * @throws org.p4slice.slicing.api.SlicingException saying why it is refused
     */
    public void checkBooking(ReservationRequest request, Instant now, Duration maxDuration, Duration maxLead,
                      Collection<Slice> slices, ReservationIndex reservations, AdmissionSettings settings) {
        checkInterval(request.start(), request.end(), now, true, maxDuration);
        Instant latestStart = Reservation.millis(now).plus(maxLead);
        if (request.start().isAfter(latestStart)) {
            throw SlicingException.invalid("start " + request.start() + " is more than " + maxLead.toDays()
                    + " days ahead (latest start now " + latestStart + "; component property " + MAX_LEAD_DAYS + ")");
        }
        SliceRequest slice = request.slice();
        if (!slice.tenant().equals(request.tenant())) {
            throw SlicingException.invalid("the slice request is of tenant " + slice.tenant()
                    + " but the reservation is of tenant " + request.tenant());
        }
        validator.validate(slice, settings.tenants());
        if (slice.vlan().isPresent() && !settings.vlanPool().contains(slice.vlan().get().toShort())) {
            throw SlicingException.conflict("VLAN " + slice.vlan().get() + " is outside the VLAN pool "
                    + settings.vlanPool(), SliceHoldings.vlanUnavailable(slice.vlan().get()));
        }
        Slice candidate = reservationAdmission.shape(slice);
        validator.checkDevices(candidate);
        reservationAdmission.admit(candidate, slice, null, request.start(), request.end(), slices, reservations,
                                   settings);
    }

    /**
     * Checks a new end for a SCHEDULED or ACTIVE reservation: the slot from its start (or now,
     * if it has started) to the new end is admitted again, its own allocation excluded.
     *
     * @param r            the reservation
     * @param end          new end
     * @param now          the time
     * @param maxDuration  longest slot
     * @param slices       the slices that exist
     * @param reservations the reservations, indexed
     * @param settings     the settings of this decision
     * @throws org.p4slice.slicing.api.SlicingException saying why it is refused
     */
    public void checkExtension(Reservation r, Instant end, Instant now, Duration maxDuration, Collection<Slice> slices,
                        ReservationIndex reservations, AdmissionSettings settings) {
        if (!r.state().isLive()) {
            throw SlicingException.conflict("reservation " + r.id() + " is " + r.state()
                    + "; only a SCHEDULED or ACTIVE reservation can be extended");
        }
        checkInterval(r.start(), end, now, false, maxDuration);
        Instant from = r.start().isAfter(now) ? r.start() : Reservation.millis(now);
        Slice active = r.sliceId().flatMap(id -> find(slices, id))
                .filter(s -> r.isSliceOf(s)).orElse(null);
        Slice candidate = active != null ? active : reservationAdmission.shape(r.request());
        reservationAdmission.admit(candidate, r.request(), r.id(), from, end, slices, reservations, settings);
    }

    /**
     * Checks a slice created or reshaped now outside any booking against the booked slots: it has
     * no end, so at the start of every SCHEDULED or ACTIVE reservation from now on the booking must
     * still get its access ports, its name, VLAN and id, and its capacity.
     *
     * @param candidate    the slice as it would be
     * @param request      its request
     * @param now          the time
     * @param starting     the reservation whose slice this is being created by the scheduler, or null
     * @param slices       the slices that exist
     * @param reservations the reservations, indexed
     * @param settings     the settings of this decision
     * @throws org.p4slice.slicing.api.SlicingException saying which booking it would take from
     */
    public void checkSlice(Slice candidate, SliceRequest request, Instant now, ReservationId starting,
                    Collection<Slice> slices, ReservationIndex reservations, AdmissionSettings settings) {
        Optional<Slice> current = find(slices, candidate.id());
        ReservationId exempt = starting;
        if (exempt == null && current.isPresent()) {
            // reshaping the slice of an ACTIVE reservation: judged against the other bookings
            exempt = reservations.activeHolding(current.get().id()).filter(r -> r.isSliceOf(current.get()))
                    .map(Reservation::id).orElse(null);
        }
        // the slice of a reservation lasts until the reservation's end; any other has no end
        Instant end = exempt == null ? NO_END : reservations.get(exempt).map(Reservation::end).orElse(NO_END);
        List<Slice> others = slices.stream().filter(s -> !s.id().equals(candidate.id()))
                .collect(Collectors.toList());
        try {
            reservationAdmission.admit(candidate, request, exempt, Reservation.millis(now), end, others,
                                       reservations, settings);
        } catch (SlicingException e) {
            if (e.kind() != SlicingException.Kind.CONFLICT) {
                throw e;
            }
            String what = "slice " + request.name() + " would take what a booking holds: ";
            // an explicit id or VLAN a tenant cannot have is told the same whoever holds it
            boolean unavailable = e.tenantMessage() != null && e.tenantMessage().endsWith(" is not available");
            throw SlicingException.conflict(what + e.getMessage(),
                                            unavailable ? e.tenantMessage() : what + e.tenantMessage());
        }
    }

    private static Optional<Slice> find(Collection<Slice> slices, SliceId id) {
        return slices.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    private static void checkInterval(Instant start, Instant end, Instant now, boolean newStart,
                                      Duration maxDuration) {
        Instant nowMillis = Reservation.millis(now);
        try {
            Reservation.checkRange(start, "start");
            Reservation.checkRange(end, "end");
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        if (!end.isAfter(start)) {
            throw SlicingException.invalid("end " + end + " must be after start " + start);
        }
        if (newStart && start.isBefore(nowMillis)) {
            throw SlicingException.invalid("start " + start + " is in the past (now " + nowMillis + ")");
        }
        if (!newStart && !end.isAfter(now)) {
            throw SlicingException.invalid("end " + end + " is in the past (now " + nowMillis + ")");
        }
        Duration length = Duration.between(start, end);
        if (length.compareTo(MIN_DURATION) < 0) {
            throw SlicingException.invalid("the reservation lasts " + length + ", shorter than the minimum "
                    + MIN_DURATION);
        }
        if (length.compareTo(maxDuration) > 0) {
            throw SlicingException.invalid("the reservation lasts " + length + ", longer than the maximum "
                    + maxDuration + " (component property " + MAX_RESERVATION_HOURS + ")");
        }
    }
}
