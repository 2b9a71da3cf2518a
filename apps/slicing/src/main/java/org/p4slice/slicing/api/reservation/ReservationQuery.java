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

import org.p4slice.slicing.api.ListingFilters;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.PageRequest;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A listing of reservations as a user asks for it (REST {@code GET /reservations}, the CLI's
 * {@code reservations}): the states wanted, a time window [from, to) the slot must overlap, and a page
 * (offset, limit; at most {@link #MAX_LIMIT}). The tenant is not part of it: who sees what is the tenant
 * gate's decision. Immutable.
 */
public final class ReservationQuery {

    /** Page size when none is given. */
    public static final int DEFAULT_LIMIT = 100;
    /** Largest page. */
    public static final int MAX_LIMIT = 1000;

    private final Set<ReservationState> states;
    private final Instant from;
    private final Instant to;
    private final PageRequest page;

    private ReservationQuery(Set<ReservationState> states, Instant from, Instant to, PageRequest page) {
        this.states = states;
        this.from = from;
        this.to = to;
        this.page = page;
    }

    /**
     * Parses a query from its text parameters, each optional (null or empty: not given).
     *
     * @param limit  page size, 1..{@link #MAX_LIMIT} (default {@link #DEFAULT_LIMIT})
     * @param offset reservations skipped, from 0 (default 0)
     * @param state  comma-separated states, e.g. {@code SCHEDULED,ACTIVE} (any case)
     * @param from   ISO-8601 time: only slots ending after it
     * @param to     ISO-8601 time: only slots starting before it (after from)
     * @return query
     * @throws IllegalArgumentException naming the parameter and the value refused
     */
    public static ReservationQuery parse(String limit, String offset, String state, String from, String to) {
        PageRequest page = PageRequest.parse(limit, offset, DEFAULT_LIMIT, MAX_LIMIT);
        Set<ReservationState> states = ListingFilters.states(ReservationState.class, state, "state");
        Instant f = ListingFilters.given(from) ? ReservationRequest.parseTime(from, "from") : null;
        Instant t = ListingFilters.given(to) ? ReservationRequest.parseTime(to, "to") : null;
        if (f != null && t != null && !t.isAfter(f)) {
            throw new IllegalArgumentException("to " + t + " must be after from " + f);
        }
        return new ReservationQuery(states, f, t, page);
    }

    /**
     * Tells whether a reservation is wanted (state and time window; not the page).
     *
     * @param r reservation
     * @return true if wanted
     */
    public boolean matches(Reservation r) {
        return (states == null || states.contains(r.state()))
                && (from == null || r.end().isAfter(from))
                && (to == null || r.start().isBefore(to));
    }

    /**
     * Selects the page of the wanted reservations, ordered by id.
     *
     * @param reservations the reservations the caller sees
     * @return page
     */
    public Page<Reservation> apply(Collection<Reservation> reservations) {
        return page.apply(reservations.stream().filter(this::matches)
                                  .sorted(Comparator.comparing(Reservation::id)).collect(Collectors.toList()));
    }
}
