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

import org.onlab.util.Identifier;

import java.util.regex.Pattern;

/**
 * Identifier of a slice: an integer in 1..4094 (12 bits; 0 means "no slice" in the pipeline).
 * The slice id is also the index of the slice's meter and counter cells and its multicast group id.
 * <p>
 * {@link #id()} returns the number (auto-unboxes to {@code int}).
 */
public final class SliceId extends Identifier<Integer> implements Comparable<SliceId> {

    /** Smallest slice id (0 means "no slice" in the pipeline). */
    public static final int MIN = 1;
    /** Largest slice id (12 bits; 4095 is reserved). */
    public static final int MAX = 4094;
    /**
     * Size of an array indexed by slice id: the 12-bit id space, as many cells as the pipeline's
     * per-slice meter and counters have (the pipeconf's tests check that its P4 arrays agree).
     */
    public static final int ARRAY_SIZE = 4096;

    private static final Pattern DECIMAL = Pattern.compile("[+-]?[0-9]{1,18}");

    private SliceId(int id) {
        super(id);
    }

    // for serialization
    private SliceId() {
        super();
    }

    /**
     * Returns the slice id with the given number.
     *
     * @param id number in 1..4094
     * @return slice id
     * @throws IllegalArgumentException if the number is outside 1..4094
     */
    public static SliceId of(int id) {
        return of((long) id);
    }

    /**
     * Returns the slice id with the given number, as a request gives it (REST body, CLI option).
     *
     * @param id number in 1..4094
     * @return slice id
     * @throws IllegalArgumentException if the number is outside 1..4094
     */
    public static SliceId of(long id) {
        if (id < MIN || id > MAX) {
            throw new IllegalArgumentException("slice id must be in " + MIN + ".." + MAX + ", got " + id);
        }
        return new SliceId((int) id);
    }

    /**
     * Parses a slice id as a user types it (REST path, CLI argument).
     *
     * @param text decimal integer
     * @return slice id
     * @throws IllegalArgumentException if the text is not an integer in 1..4094 (the message says
     *                                  which and quotes the text)
     */
    public static SliceId parse(String text) {
        if (text == null || !DECIMAL.matcher(text).matches()) {
            throw new IllegalArgumentException("slice id must be an integer in " + MIN + ".." + MAX + ", got \""
                                                       + text + "\"");
        }
        return of(Long.parseLong(text));
    }

    /**
     * Returns the refusal of an operation on this slice when there is none (or the caller does not see it).
     *
     * @return refusal of kind NOT_FOUND naming this id
     */
    public SlicingException notFound() {
        return SlicingException.notFound("no slice with id " + this);
    }

    @Override
    public int compareTo(SliceId other) {
        return Integer.compare(identifier, other.identifier);
    }
}
