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
package org.p4slice.slicing.impl.reservation;

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.reservation.ReservationStore;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.admission.BookingLimits;
import org.p4slice.slicing.impl.admission.ReservationAdmission;
import org.slf4j.Logger;

import java.time.Clock;
import java.time.Instant;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The changes a user makes to bookings: book, cancel, extend. A booking or an extension is
 * admitted by {@link AdmissionManager#decide} (under this instance's reservation lock, the one the
 * scheduler holds, then the cluster-wide admission lock), so it is judged against every slice and
 * booking as the cluster's storage holds them, with its tenant's caps; a refusal changes nothing.
 * A stored reservation is changed only if it is still the version read.
 */
final class Bookings {

    private final Logger log = getLogger(getClass());

    private final ReservationStore store;
    private final AdmissionManager admission;
    private final ReservationScheduler scheduler;
    private final Clock clock;
    private final Object lock;
    private final Supplier<BookingLimits> limits;

    /**
     * Creates the booking operations.
     *
     * @param store         the reservations
     * @param admission     the admission decision
     * @param scheduler     releases the slice of a cancelled ACTIVE reservation
     * @param clock         the time (of cancellations)
     * @param lock          this instance's reservation lock (shared with the scheduler)
     * @param limits        the longest slot, the lead time and the default booking caps in effect
     */
    public Bookings(ReservationStore store, AdmissionManager admission, ReservationScheduler scheduler, Clock clock,
                    Object lock, Supplier<BookingLimits> limits) {
        this.store = checkNotNull(store);
        this.admission = checkNotNull(admission);
        this.scheduler = checkNotNull(scheduler);
        this.clock = checkNotNull(clock);
        this.lock = checkNotNull(lock);
        this.limits = checkNotNull(limits);
    }

    /**
     * Books a slot.
     *
     * @param request booking
     * @return the reservation, SCHEDULED
     * @throws org.p4slice.slicing.api.SlicingException if refused (nothing changed)
     */
    public Reservation reserve(ReservationRequest request) {
        synchronized (lock) {
            Reservation created = admission.decide(view -> {
                admission.admitBooking(request, limits.get(), view);
                return store.createReservation(request);
            });
            log.info("{} booked", ReservationAdmission.describe(created));
            return created;
        }
    }

    /**
     * Cancels a SCHEDULED or ACTIVE reservation; the slice of an ACTIVE one is released.
     *
     * @param id reservation id
     * @return the reservation, CANCELLED
     * @throws org.p4slice.slicing.api.SlicingException if there is no such live reservation
     */
    public Reservation cancel(ReservationId id) {
        synchronized (lock) {
            Reservation r = store.getReservation(id).orElseThrow(id::notFound);
            if (!r.state().isLive()) {
                throw SlicingException.conflict("reservation " + id + " is " + r.state()
                        + "; only a SCHEDULED or ACTIVE reservation can be cancelled");
            }
            Instant now = Reservation.millis(clock.instant());
            String reason;
            if (r.state() == ReservationState.ACTIVE) {
                String note = scheduler.release(r);
                reason = "cancelled at " + now + "; slice " + r.sliceId().map(Object::toString).orElse("?")
                        + (note == null ? " released" : " not released: " + note);
            } else {
                reason = "cancelled at " + now + " before its start";
            }
            Reservation cancelled = r.withState(ReservationState.CANCELLED, reason, r.sliceId().orElse(null));
            if (!store.updateReservation(r, cancelled)) {
                throw SlicingException.conflict("reservation " + id + " changed meanwhile; try again");
            }
            log.info("{} {}", ReservationAdmission.describe(r), reason);
            return cancelled;
        }
    }

    /**
     * Moves the end of a SCHEDULED or ACTIVE reservation, if the new slot is admitted.
     *
     * @param id     reservation id
     * @param newEnd new end
     * @return the reservation as stored now
     * @throws org.p4slice.slicing.api.SlicingException if refused (nothing changed)
     */
    public Reservation extend(ReservationId id, Instant newEnd) {
        synchronized (lock) {
            Instant end = Reservation.millis(newEnd);
            Reservation extended = admission.decide(view -> {
                Reservation r = view.reservation(id).orElseThrow(id::notFound);
                admission.admitExtension(r, end, limits.get(), view);
                Reservation longer = r.withEnd(end);
                if (!store.updateReservation(r, longer)) {
                    throw SlicingException.conflict("reservation " + id + " changed meanwhile; try again");
                }
                return longer;
            });
            log.info("{} now ends at {}", ReservationAdmission.describe(extended), end);
            return extended;
        }
    }
}
