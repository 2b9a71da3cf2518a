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

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Capacity and allocation of one switch port (immutable), as reported by {@code GET /capacity}.
 * {@code availableBps = floor((1 - guardBand) * capacityBps) - allocatedBps}.
 */
public final class PortCapacity extends AbstractCapacity {

    private final ConnectPoint connectPoint;

    private PortCapacity(ConnectPoint connectPoint, long capacityBps, double guardBand,
                         long allocatedBps, long availableBps) {
        super(capacityBps, guardBand, allocatedBps, availableBps);
        this.connectPoint = checkNotNull(connectPoint, "connect point must not be null");
    }

    /**
     * Returns a port capacity entry.
     *
     * @param connectPoint port
     * @param capacityBps  capacity in bits per second
     * @param guardBand    guard band fraction
     * @param allocatedBps sum of the quotas of the slices using the port
     * @param availableBps usable capacity left
     * @return entry
     */
    public static PortCapacity of(ConnectPoint connectPoint, long capacityBps, double guardBand,
                                  long allocatedBps, long availableBps) {
        return new PortCapacity(connectPoint, capacityBps, guardBand, allocatedBps, availableBps);
    }

    /**
     * Returns the port.
     *
     * @return connect point
     */
    public ConnectPoint connectPoint() {
        return connectPoint;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PortCapacity)) {
            return false;
        }
        PortCapacity that = (PortCapacity) o;
        return sameAmounts(that) && connectPoint.equals(that.connectPoint);
    }

    @Override
    public int hashCode() {
        return hashWith(connectPoint);
    }

    @Override
    public String toString() {
        return toString(MoreObjects.toStringHelper(this).add("port", connectPoint));
    }
}
