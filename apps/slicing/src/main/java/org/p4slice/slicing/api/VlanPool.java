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

import java.util.BitSet;
import java.util.Objects;

/**
 * The VLANs slices may be given (immutable), parsed from ranges such as {@code "100-3999"} or
 * {@code "100-199,300-399,500"}. Only 2..4094 are usable (0 is the priority tag, 1 the default
 * VLAN of most switches, 4095 reserved).
 */
public final class VlanPool {

    /** The pool used when none is configured. */
    public static final String DEFAULT = "100-3999";
    /** Smallest usable VLAN. */
    public static final int MIN_VLAN = 2;
    /** Largest usable VLAN. */
    public static final int MAX_VLAN = 4094;

    private final BitSet members;
    private final String text;

    private VlanPool(BitSet members) {
        this.members = members;
        this.text = render(members);
    }

    /**
     * Parses a pool.
     *
     * @param spec comma-separated VLANs and ranges {@code lo-hi}
     * @return pool
     * @throws IllegalArgumentException with the reason if the text is malformed, a range is empty
     *                                  or a VLAN is outside 2..4094
     */
    public static VlanPool parse(String spec) {
        if (spec == null || spec.trim().isEmpty()) {
            throw new IllegalArgumentException("vlanPool must not be empty");
        }
        BitSet bits = new BitSet(MAX_VLAN + 1);
        for (String part : spec.split(",", -1)) {
            String p = part.trim();
            if (p.isEmpty()) {
                throw new IllegalArgumentException("vlanPool \"" + spec + "\" has an empty range");
            }
            int dash = p.indexOf('-');
            int lo;
            int hi;
            if (dash < 0) {
                lo = number(spec, p);
                hi = lo;
            } else {
                lo = number(spec, p.substring(0, dash).trim());
                hi = number(spec, p.substring(dash + 1).trim());
            }
            if (lo > hi) {
                throw new IllegalArgumentException("vlanPool \"" + spec + "\": range " + p + " is empty (" + lo
                        + " > " + hi + ")");
            }
            if (lo < MIN_VLAN || hi > MAX_VLAN) {
                throw new IllegalArgumentException("vlanPool \"" + spec + "\": range " + p + " is outside "
                        + MIN_VLAN + ".." + MAX_VLAN);
            }
            bits.set(lo, hi + 1);
        }
        return new VlanPool(bits);
    }

    private static int number(String spec, String s) {
        if (s.isEmpty() || s.length() > 5 || !s.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("vlanPool \"" + spec + "\": \"" + s + "\" is not a VLAN number");
        }
        return Integer.parseInt(s);
    }

    private static String render(BitSet bits) {
        StringBuilder sb = new StringBuilder();
        int lo = bits.nextSetBit(0);
        while (lo >= 0) {
            int hi = bits.nextClearBit(lo) - 1;
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(lo);
            if (hi > lo) {
                sb.append('-').append(hi);
            }
            lo = bits.nextSetBit(hi + 1);
        }
        return sb.toString();
    }

    /**
     * Tells whether a VLAN is in the pool.
     *
     * @param vlan VLAN number
     * @return true if it is
     */
    public boolean contains(int vlan) {
        return vlan >= 0 && members.get(vlan);
    }

    /**
     * Returns the smallest VLAN of the pool that is at least {@code from}.
     *
     * @param from lower bound
     * @return VLAN, or -1 if there is none
     */
    public int nextFrom(int from) {
        return members.nextSetBit(Math.max(0, from));
    }

    /**
     * Returns the number of VLANs in the pool.
     *
     * @return size
     */
    public int size() {
        return members.cardinality();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VlanPool && members.equals(((VlanPool) o).members);
    }

    @Override
    public int hashCode() {
        return Objects.hash(members);
    }

    /**
     * Returns the pool in canonical form, e.g. {@code "100-199,300"}.
     *
     * @return text
     */
    @Override
    public String toString() {
        return text;
    }
}
