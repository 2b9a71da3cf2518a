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

import com.google.common.collect.ImmutableList;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
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

    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,9}");

    private final Set<ReservationState> states;
    private final Instant from;
    private final Instant to;
    private final int offset;
    private final int limit;

    private ReservationQuery(Set<ReservationState> states, Instant from, Instant to, int offset, int limit) {
        this.states = states;
        this.from = from;
        this.to = to;
        this.offset = offset;
        this.limit = limit;
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
        int l = number(limit, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT);
        int o = number(offset, "offset", 0, Integer.MAX_VALUE, 0);
        Set<ReservationState> states = null;
        if (given(state)) {
            states = EnumSet.noneOf(ReservationState.class);
            for (String s : state.split(",", -1)) {
                try {
                    states.add(ReservationState.valueOf(s.trim().toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("state must be one or more of "
                            + Arrays.toString(ReservationState.values()).replaceAll("[\\[\\] ]", "")
                            + ", separated by commas, got \"" + state + "\"");
                }
            }
        }
        Instant f = given(from) ? ReservationRequest.parseTime(from, "from") : null;
        Instant t = given(to) ? ReservationRequest.parseTime(to, "to") : null;
        if (f != null && t != null && !t.isAfter(f)) {
            throw new IllegalArgumentException("to " + t + " must be after from " + f);
        }
        return new ReservationQuery(states, f, t, o, l);
    }

    private static boolean given(String text) {
        return text != null && !text.isEmpty();
    }

    private static int number(String text, String what, int min, int max, int dflt) {
        if (!given(text)) {
            return dflt;
        }
        if (!DIGITS.matcher(text).matches() || Integer.parseInt(text) < min || Integer.parseInt(text) > max) {
            throw new IllegalArgumentException(what + " must be an integer from " + min + " to " + max
                    + ", got \"" + text + "\"");
        }
        return Integer.parseInt(text);
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
    public Page apply(Collection<Reservation> reservations) {
        List<Reservation> wanted = reservations.stream().filter(this::matches)
                .sorted(Comparator.comparing(Reservation::id)).collect(Collectors.toList());
        int total = wanted.size();
        int first = Math.min(offset, total);
        int last = (int) Math.min((long) first + limit, total);
        return new Page(ImmutableList.copyOf(wanted.subList(first, last)), total, offset, limit,
                        last < total ? OptionalInt.of(last) : OptionalInt.empty());
    }

    /**
     * One page of a listing.
     */
    public static final class Page {
        private final List<Reservation> items;
        private final int total;
        private final int offset;
        private final int limit;
        private final OptionalInt nextOffset;

        private Page(List<Reservation> items, int total, int offset, int limit, OptionalInt nextOffset) {
            this.items = items;
            this.total = total;
            this.offset = offset;
            this.limit = limit;
            this.nextOffset = nextOffset;
        }

        /**
         * Returns the reservations of the page, by id.
         *
         * @return reservations
         */
        public List<Reservation> items() {
            return items;
        }

        /**
         * Returns how many reservations are wanted in all pages.
         *
         * @return total
         */
        public int total() {
            return total;
        }

        /**
         * Returns the offset of this page.
         *
         * @return offset
         */
        public int offset() {
            return offset;
        }

        /**
         * Returns the page size asked for.
         *
         * @return limit
         */
        public int limit() {
            return limit;
        }

        /**
         * Returns the offset of the next page.
         *
         * @return offset, or empty if this is the last page
         */
        public OptionalInt nextOffset() {
            return nextOffset;
        }
    }
}
