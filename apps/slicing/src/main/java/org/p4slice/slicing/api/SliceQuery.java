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
package org.p4slice.slicing.api;

import org.onosproject.net.DeviceId;

import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A listing of slices as a user asks for it (REST {@code GET /slices}, the CLI's {@code slices}, the GUI's
 * table): the states wanted, a device the slice must cross, and a page (offset, limit; at most
 * {@link #MAX_LIMIT}). The tenant is not part of it: who sees what is the tenant gate's decision.
 * Immutable.
 */
public final class SliceQuery {

    /** Page size when none is given. */
    public static final int DEFAULT_LIMIT = 100;
    /** Largest page (the most slices the tables hold fit in five pages). */
    public static final int MAX_LIMIT = 1000;

    private static final Pattern DEVICE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9:._/-]{0,199}");

    private final Set<SliceState> states;
    private final DeviceId device;
    private final PageRequest page;

    private SliceQuery(Set<SliceState> states, DeviceId device, PageRequest page) {
        this.states = states;
        this.device = device;
        this.page = page;
    }

    /**
     * Returns the query of every slice, in pages of up to {@link #MAX_LIMIT}.
     *
     * @param page the page
     * @return query
     */
    public static SliceQuery all(PageRequest page) {
        return new SliceQuery(null, null, page);
    }

    /**
     * Parses a query from its text parameters, each optional (null or empty: not given).
     *
     * @param limit  page size, 1..{@link #MAX_LIMIT} (default {@link #DEFAULT_LIMIT})
     * @param offset slices skipped, from 0 (default 0)
     * @param state  comma-separated states, e.g. {@code ACTIVE,FAILED} (any case)
     * @param device device id, e.g. {@code device:bmv2:s1}: only the slices that cross it (an endpoint
     *               or a trunk link there)
     * @return query
     * @throws IllegalArgumentException naming the parameter and the value refused
     */
    public static SliceQuery parse(String limit, String offset, String state, String device) {
        PageRequest page = PageRequest.parse(limit, offset, DEFAULT_LIMIT, MAX_LIMIT);
        Set<SliceState> states = ListingFilters.states(SliceState.class, state, "state");
        DeviceId d = null;
        if (ListingFilters.given(device)) {
            if (!DEVICE.matcher(device).matches()) {
                throw new IllegalArgumentException("device must be a device id such as device:bmv2:s1 "
                        + "(letters, digits and :._/-, at most 200), got \"" + device + "\"");
            }
            d = DeviceId.deviceId(device);
        }
        return new SliceQuery(states, d, page);
    }

    /**
     * Tells whether a slice is wanted (state and device; not the page).
     *
     * @param slice slice
     * @return true if wanted
     */
    public boolean matches(Slice slice) {
        return (states == null || states.contains(slice.state()))
                && (device == null || slice.devices().contains(device));
    }

    /**
     * Selects the page of the wanted slices, ordered by id.
     *
     * @param slices the slices the caller sees
     * @return page
     */
    public Page<Slice> apply(Collection<Slice> slices) {
        return page.apply(slices.stream().filter(this::matches)
                                  .sorted(Comparator.comparing(Slice::id)).collect(Collectors.toList()));
    }
}
