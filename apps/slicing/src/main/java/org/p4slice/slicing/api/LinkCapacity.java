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

import com.google.common.base.MoreObjects;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Capacity and allocation of one inter-switch link (immutable), as reported by {@code GET /capacity}.
 * A link is full duplex: the capacity is per direction and every slice crossing it counts once.
 * The capacity is the smaller of its two end ports' capacities.
 * {@code availableBps = floor((1 - guardBand) * capacityBps) - allocatedBps}.
 */
public final class LinkCapacity extends AbstractCapacity {

    private final Link link;

    private LinkCapacity(Link link, long capacityBps, double guardBand, long allocatedBps, long availableBps) {
        super(capacityBps, guardBand, allocatedBps, availableBps);
        this.link = checkNotNull(link, "link must not be null");
    }

    /**
     * Returns a link capacity entry.
     *
     * @param link         link (one direction stands for the pair)
     * @param capacityBps  capacity in bits per second
     * @param guardBand    guard band fraction
     * @param allocatedBps sum of the quotas of the slices crossing the link
     * @param availableBps usable capacity left
     * @return entry
     */
    public static LinkCapacity of(Link link, long capacityBps, double guardBand,
                                  long allocatedBps, long availableBps) {
        return new LinkCapacity(link, capacityBps, guardBand, allocatedBps, availableBps);
    }

    /**
     * Returns the link.
     *
     * @return link
     */
    public Link link() {
        return link;
    }

    /**
     * Returns the link's source port.
     *
     * @return connect point
     */
    public ConnectPoint src() {
        return link.src();
    }

    /**
     * Returns the link's destination port.
     *
     * @return connect point
     */
    public ConnectPoint dst() {
        return link.dst();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LinkCapacity)) {
            return false;
        }
        LinkCapacity that = (LinkCapacity) o;
        return sameAmounts(that) && link.src().equals(that.link.src()) && link.dst().equals(that.link.dst());
    }

    @Override
    public int hashCode() {
        return hashWith(link.src(), link.dst());
    }

    @Override
    public String toString() {
        return toString(MoreObjects.toStringHelper(this).add("src", link.src()).add("dst", link.dst()));
    }
}
