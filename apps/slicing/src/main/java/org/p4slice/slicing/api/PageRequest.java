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

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * Which page of a listing a user asks for: the entries skipped (offset) and the most returned (limit).
 * The one paging of every listing that grows (slices, reservations, the audit log), for REST, the CLI
 * and the GUI alike. Immutable.
 */
public final class PageRequest {

    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,10}");

    private final int offset;
    private final int limit;

    private PageRequest(int offset, int limit) {
        this.offset = offset;
        this.limit = limit;
    }

    /**
     * Returns a page request.
     *
     * @param offset entries skipped, at least 0
     * @param limit  most entries returned, at least 1
     * @return page request
     * @throws IllegalArgumentException if a value is out of range
     */
    public static PageRequest of(int offset, int limit) {
        if (offset < 0 || limit < 1) {
            throw new IllegalArgumentException("offset must be >= 0 and limit >= 1, got " + offset + " and " + limit);
        }
        return new PageRequest(offset, limit);
    }

    /**
     * Parses a page request from its text parameters, each optional (null or empty: not given).
     *
     * @param limit        page size, 1..maxLimit
     * @param offset       entries skipped, from 0
     * @param defaultLimit page size when none is given
     * @param maxLimit     largest page
     * @return page request
     * @throws IllegalArgumentException naming the parameter and the value refused
     */
    public static PageRequest parse(String limit, String offset, int defaultLimit, int maxLimit) {
        int l = number(limit, "limit", 1, maxLimit, defaultLimit);
        return new PageRequest(number(offset, "offset", 0, Integer.MAX_VALUE, 0), l);
    }

    private static int number(String text, String what, int min, int max, int dflt) {
        if (text == null || text.isEmpty()) {
            return dflt;
        }
        if (!DIGITS.matcher(text).matches() || Long.parseLong(text) < min || Long.parseLong(text) > max) {
            throw new IllegalArgumentException(what + " must be an integer from " + min + " to " + max
                    + ", got \"" + text + "\"");
        }
        return Integer.parseInt(text);
    }

    /**
     * Returns the entries skipped.
     *
     * @return offset
     */
    public int offset() {
        return offset;
    }

    /**
     * Returns the most entries returned.
     *
     * @return limit
     */
    public int limit() {
        return limit;
    }

    /**
     * Selects this page of a listing.
     *
     * @param wanted every wanted entry, in the listing's order
     * @param <T>    entry type
     * @return page
     */
    public <T> Page<T> apply(List<T> wanted) {
        int total = wanted.size();
        int first = Math.min(offset, total);
        int last = (int) Math.min((long) first + limit, total);
        return new Page<>(ImmutableList.copyOf(wanted.subList(first, last)), total, offset, limit,
                          last < total ? OptionalInt.of(last) : OptionalInt.empty());
    }
}
