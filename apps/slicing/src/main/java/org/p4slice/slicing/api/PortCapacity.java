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

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Capacity and allocation of one switch port (immutable), as reported by {@code GET /capacity}.
 * {@code availableBps = floor((1 - guardBand) * capacityBps) - allocatedBps}.
 */
public final class PortCapacity {

    private final ConnectPoint connectPoint;
    private final long capacityBps;
    private final double guardBand;
    private final long allocatedBps;
    private final long availableBps;

    private PortCapacity(ConnectPoint connectPoint, long capacityBps, double guardBand,
                         long allocatedBps, long availableBps) {
        this.connectPoint = checkNotNull(connectPoint, "connect point must not be null");
        this.capacityBps = capacityBps;
        this.guardBand = guardBand;
        this.allocatedBps = allocatedBps;
        this.availableBps = availableBps;
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
     * Returns the sum of the quotas of the slices using the port.
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PortCapacity)) {
            return false;
        }
        PortCapacity that = (PortCapacity) o;
        return capacityBps == that.capacityBps && Double.compare(guardBand, that.guardBand) == 0
                && allocatedBps == that.allocatedBps && availableBps == that.availableBps
                && connectPoint.equals(that.connectPoint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(connectPoint, capacityBps, guardBand, allocatedBps, availableBps);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("port", connectPoint).add("capacityBps", capacityBps).add("guardBand", guardBand)
                .add("allocatedBps", allocatedBps).add("availableBps", availableBps)
                .toString();
    }
}
