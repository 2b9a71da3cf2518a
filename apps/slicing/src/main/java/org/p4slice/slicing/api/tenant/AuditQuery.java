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
package org.p4slice.slicing.api.tenant;

import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Lists;
import org.p4slice.slicing.api.ListingFilters;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.PageRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.reservation.ReservationRequest;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A listing of the audit log as an operator asks for it (REST {@code GET /audit}, the CLI's {@code audit}):
 * the tenant concerned, the actions, a time window [from, to), and a page counted from the newest entry
 * (offset 0 is the newest {@code limit} entries; each page lists its entries oldest first). Immutable.
 */
public final class AuditQuery {

    /** Page size when none is given. */
    public static final int DEFAULT_LIMIT = 100;
    /** Largest page. */
    public static final int MAX_LIMIT = 100_000;

    private static final Pattern ACTION = Pattern.compile("[a-z][a-z0-9_.-]{0,63}");

    private final TenantId tenant;
    private final Set<String> actions;
    private final Instant from;
    private final Instant to;
    private final PageRequest page;

    private AuditQuery(TenantId tenant, Set<String> actions, Instant from, Instant to, PageRequest page) {
        this.tenant = tenant;
        this.actions = actions;
        this.from = from;
        this.to = to;
        this.page = page;
    }

    /**
     * Returns the query of the newest entries, unfiltered.
     *
     * @param limit most entries (1..{@link #MAX_LIMIT})
     * @return query
     */
    public static AuditQuery newest(int limit) {
        return new AuditQuery(null, null, null, null, PageRequest.of(0, limit));
    }

    /**
     * Parses a query from its text parameters, each optional (null or empty: not given).
     *
     * @param limit  page size, 1..{@link #MAX_LIMIT} (default {@link #DEFAULT_LIMIT})
     * @param offset newest entries skipped, from 0 (default 0)
     * @param tenant only the entries concerning this tenant
     * @param action comma-separated actions: an entry's action equal to one, or under it
     *               ({@code slice} matches {@code slice.create})
     * @param from   ISO-8601 time: only entries at or after it
     * @param to     ISO-8601 time: only entries before it (after from)
     * @return query
     * @throws IllegalArgumentException naming the parameter and the value refused
     */
    public static AuditQuery parse(String limit, String offset, String tenant, String action, String from,
                                   String to) {
        PageRequest page = PageRequest.parse(limit, offset, DEFAULT_LIMIT, MAX_LIMIT);
        TenantId t = ListingFilters.given(tenant) ? TenantId.of(tenant) : null;
        Set<String> actions = null;
        if (ListingFilters.given(action)) {
            actions = ImmutableSet.copyOf(action.split(",", -1));
            for (String a : actions) {
                if (!ACTION.matcher(a).matches()) {
                    throw new IllegalArgumentException("action must be one or more actions such as slice.create "
                            + "or slice, separated by commas, got \"" + action + "\"");
                }
            }
        }
        Instant f = ListingFilters.given(from) ? ReservationRequest.parseTime(from, "from") : null;
        Instant e = ListingFilters.given(to) ? ReservationRequest.parseTime(to, "to") : null;
        if (f != null && e != null && !e.isAfter(f)) {
            throw new IllegalArgumentException("to " + e + " must be after from " + f);
        }
        return new AuditQuery(t, actions, f, e, page);
    }

    /**
     * Returns the most entries the page may hold.
     *
     * @return limit
     */
    public int limit() {
        return page.limit();
    }

    /**
     * Tells whether only the page is asked for (no tenant, action or time filter).
     *
     * @return true if every entry is wanted
     */
    public boolean unfiltered() {
        return tenant == null && actions == null && from == null && to == null;
    }

    /**
     * Tells whether an entry is wanted (tenant, action and time; not the page).
     *
     * @param e entry
     * @return true if wanted
     */
    public boolean matches(AuditEntry e) {
        return (tenant == null || e.tenant().map(tenant::equals).orElse(false))
                && (actions == null || actions.stream().anyMatch(
                        a -> e.action().equals(a) || e.action().startsWith(a + ".")))
                && (from == null || !e.time().isBefore(from))
                && (to == null || e.time().isBefore(to));
    }

    /**
     * Selects the page of the wanted entries.
     *
     * @param oldestFirst the log's entries, oldest first
     * @return page: its entries oldest first; {@code nextOffset} is the next, older, page
     */
    public Page<AuditEntry> apply(List<AuditEntry> oldestFirst) {
        List<AuditEntry> newestFirst = Lists.reverse(
                oldestFirst.stream().filter(this::matches).collect(Collectors.toList()));
        Page<AuditEntry> newest = page.apply(newestFirst);
        return newest.withItems(Lists.reverse(new ArrayList<>(newest.items())));
    }
}
