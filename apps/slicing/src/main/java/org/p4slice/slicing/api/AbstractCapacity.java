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

import com.google.common.base.MoreObjects.ToStringHelper;

import java.util.Arrays;

/**
 * The capacity of a port ({@link PortCapacity}) or of an inter-switch link ({@link LinkCapacity}):
 * capacity, guard band, what the slices' quotas take and what is left,
 * {@code availableBps = floor((1 - guardBand) * capacityBps) - allocatedBps}, as admission computed
 * it. The one capacity type: whoever needs usage figures (the fairness app) derives them from it.
 */
public abstract class AbstractCapacity {

    private final long capacityBps;
    private final double guardBand;
    private final long allocatedBps;
    private final long availableBps;

    AbstractCapacity(long capacityBps, double guardBand, long allocatedBps, long availableBps) {
        this.capacityBps = capacityBps;
        this.guardBand = guardBand;
        this.allocatedBps = allocatedBps;
        this.availableBps = availableBps;
    }

    /**
     * Returns the capacity in bits per second.
     *
     * @return capacity
     */
    public long capacityBps() {
        return capacityBps;
    }

    /**
     * Returns the guard band fraction.
     *
     * @return epsilon
     */
    public double guardBand() {
        return guardBand;
    }

    /**
     * Returns the sum of the quotas of the slices using the port or crossing the link.
     *
     * @return bits per second
     */
    public long allocatedBps() {
        return allocatedBps;
    }

    /**
     * Returns the usable capacity left (may be negative after a capacity or guard band change).
     *
     * @return bits per second
     */
    public long availableBps() {
        return availableBps;
    }

    /**
     * Returns the capacity the slices may use under the guard band,
     * {@code floor((1 - guardBand) * capacityBps)}, exactly as admission computed it.
     *
     * @return bits per second
     */
    public long usableBps() {
        return allocatedBps + availableBps;
    }

    /**
     * Tells whether another entry has the same amounts.
     *
     * @param that other entry
     * @return true if capacity, guard band, allocated and available are equal
     */
    boolean sameAmounts(AbstractCapacity that) {
        return capacityBps == that.capacityBps && Double.compare(guardBand, that.guardBand) == 0
                && allocatedBps == that.allocatedBps && availableBps == that.availableBps;
    }

    /**
     * Returns the hash of what the entry is about followed by its amounts, as {@code Objects.hash} would.
     *
     * @param about the port, or the link's ends
     * @return hash
     */
    int hashWith(Object... about) {
        Object[] all = Arrays.copyOf(about, about.length + 4);
        all[about.length] = capacityBps;
        all[about.length + 1] = guardBand;
        all[about.length + 2] = allocatedBps;
        all[about.length + 3] = availableBps;
        return Arrays.hashCode(all);
    }

    /**
     * Adds the amounts to a string helper.
     *
     * @param helper helper with what the entry is about
     * @return string
     */
    String toString(ToStringHelper helper) {
        return helper.add("capacityBps", capacityBps).add("guardBand", guardBand)
                .add("allocatedBps", allocatedBps).add("availableBps", availableBps)
                .toString();
    }
}
