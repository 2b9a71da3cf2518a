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
package org.p4slice.slicing.api.reservation;

import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import com.google.common.base.MoreObjects;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A booked slot of the testbed: a tenant's slice request and the half-open interval
 * [start, end) during which the slice exists. At its start the slice is created
 * ({@link ReservationState#ACTIVE}, with its slice id), at its end it is released
 * ({@link ReservationState#COMPLETED}). Immutable; times are kept to the millisecond.
 */
public final class Reservation {

    private final ReservationId id;
    private final TenantId tenant;
    private final SliceRequest request;
    // epoch milliseconds: the store's serializer needs no java.time support
    private final long startMillis;
    private final long endMillis;
    private final ReservationState state;
    private final String reason;
    private final SliceId sliceId;

    private Reservation(ReservationId id, TenantId tenant, SliceRequest request, long startMillis, long endMillis,
                        ReservationState state, String reason, SliceId sliceId) {
        this.id = checkNotNull(id, "id must not be null");
        this.tenant = checkNotNull(tenant, "tenant must not be null");
        this.request = checkNotNull(request, "request must not be null");
        checkArgument(startMillis < endMillis, "the end must be after the start");
        this.startMillis = startMillis;
        this.endMillis = endMillis;
        this.state = checkNotNull(state, "state must not be null");
        this.reason = reason;
        this.sliceId = sliceId;
    }

    /**
     * Returns a new SCHEDULED reservation.
     *
     * @param id      reservation id
     * @param request what is booked
     * @return reservation
     * @throws IllegalArgumentException if the end is not after the start
     */
    public static Reservation scheduled(ReservationId id, ReservationRequest request) {
        return new Reservation(id, request.tenant(), request.slice(), request.start().toEpochMilli(),
                               request.end().toEpochMilli(), ReservationState.SCHEDULED, null, null);
    }

    /** Earliest time a reservation may name. */
    public static final Instant EARLIEST = Instant.EPOCH;
    /** Latest time a reservation may name (the store keeps milliseconds since the epoch in a long). */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    /**
     * Checks that a time is one reservations can hold, from {@link #EARLIEST} to {@link #LATEST}.
     *
     * @param t    time
     * @param what what it is, for the message
     * @return t
     * @throws IllegalArgumentException if it is outside that range
     */
    public static Instant checkRange(Instant t, String what) {
        if (t != null && (t.isBefore(EARLIEST) || t.isAfter(LATEST))) {
            throw new IllegalArgumentException(what + " must be from " + EARLIEST + " to " + LATEST + ", got " + t);
        }
        return t;
    }

    /**
     * Truncates an instant to the millisecond, the precision of reservations.
     *
     * @param t instant
     * @return t without its sub-millisecond part
     */
    public static Instant millis(Instant t) {
        return t.truncatedTo(ChronoUnit.MILLIS);
    }

    /**
     * Returns the id.
     *
     * @return reservation id
     */
    public ReservationId id() {
        return id;
    }

    /**
     * Returns the tenant.
     *
     * @return tenant
     */
    public TenantId tenant() {
        return tenant;
    }

    /**
     * Returns the slice request created at the start.
     *
     * @return slice request
     */
    public SliceRequest request() {
        return request;
    }

    /**
     * Returns the start (inclusive).
     *
     * @return start
     */
    public Instant start() {
        return Instant.ofEpochMilli(startMillis);
    }

    /**
     * Returns the end (exclusive).
     *
     * @return end
     */
    public Instant end() {
        return Instant.ofEpochMilli(endMillis);
    }

    /**
     * Tells whether a slice is the one this reservation created and still holds: the reservation is
     * ACTIVE and the slice has the id it recorded at its start and the reservation's tenant. Whatever
     * the tenant changes (name, ports, quota), the slice stays the booking's until the slot ends; its
     * id is not handed to another slice while the booking is live.
     *
     * @param s slice
     * @return true if it is
     */
    public boolean isSliceOf(Slice s) {
        return state == ReservationState.ACTIVE && sliceId != null && sliceId.equals(s.id())
                && s.tenant().equals(tenant);
    }

    /**
     * Tells whether an instant lies in [start, end).
     *
     * @param t instant
     * @return true if the slot covers it
     */
    public boolean covers(Instant t) {
        long ms = t.toEpochMilli();
        return startMillis <= ms && ms < endMillis;
    }

    /**
     * Tells whether the slot shares an instant with [start, end); touching slots do not.
     *
     * @param start start (inclusive)
     * @param end   end (exclusive)
     * @return true if they overlap
     */
    public boolean overlaps(Instant start, Instant end) {
        return startMillis < end.toEpochMilli() && start.toEpochMilli() < endMillis;
    }

    /**
     * Returns the state.
     *
     * @return state
     */
    public ReservationState state() {
        return state;
    }

    /**
     * Returns why the reservation failed, was cancelled or completed early, if known.
     *
     * @return reason, or empty
     */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /**
     * Returns the id of the slice created at the start.
     *
     * @return slice id, or empty if the slot has not started (or its slice could not be created)
     */
    public Optional<SliceId> sliceId() {
        return Optional.ofNullable(sliceId);
    }

    /**
     * Returns a copy in another state.
     *
     * @param newState  state
     * @param newReason reason, or null
     * @param newSlice  the slice id, or null
     * @return reservation
     */
    public Reservation withState(ReservationState newState, String newReason, SliceId newSlice) {
        return new Reservation(id, tenant, request, startMillis, endMillis, newState, newReason, newSlice);
    }

    /**
     * Returns a copy with another end.
     *
     * @param newEnd end (exclusive), after the start
     * @return reservation
     * @throws IllegalArgumentException if the end is not after the start
     */
    public Reservation withEnd(Instant newEnd) {
        return new Reservation(id, tenant, request, startMillis, newEnd.toEpochMilli(), state, reason, sliceId);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Reservation)) {
            return false;
        }
        Reservation that = (Reservation) o;
        return startMillis == that.startMillis && endMillis == that.endMillis && id.equals(that.id)
                && tenant.equals(that.tenant) && request.equals(that.request) && state == that.state
                && Objects.equals(reason, that.reason) && Objects.equals(sliceId, that.sliceId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, tenant, request, startMillis, endMillis, state, reason, sliceId);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("id", id).add("tenant", tenant).add("start", start())
                .add("end", end()).add("state", state).add("reason", reason).add("sliceId", sliceId)
                .add("request", request).toString();
    }
}
