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

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One page of a listing ({@link PageRequest#apply}): its entries, how many are wanted in all pages, the
 * page asked for and where the next one starts. Immutable.
 *
 * @param <T> entry type
 */
public final class Page<T> {
    private final List<T> items;
    private final int total;
    private final int offset;
    private final int limit;
    private final OptionalInt nextOffset;

    Page(List<T> items, int total, int offset, int limit, OptionalInt nextOffset) {
        this.items = ImmutableList.copyOf(checkNotNull(items));
        this.total = total;
        this.offset = offset;
        this.limit = limit;
        this.nextOffset = checkNotNull(nextOffset);
    }

    /**
     * Returns the entries of the page, in the listing's order.
     *
     * @return entries
     */
    public List<T> items() {
        return items;
    }

    /**
     * Returns how many entries are wanted in all pages.
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
     * Returns the same page with its entries in another order (e.g. a listing paged from its newest
     * entry that shows each page oldest first).
     *
     * @param reordered the same entries
     * @return page
     */
    public Page<T> withItems(List<T> reordered) {
        return new Page<>(reordered, total, offset, limit, nextOffset);
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
