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
package org.p4slice.fairness.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.AbstractCapacity;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Use of one switch port or inter-switch link by the slices (immutable): the slicing app's
 * capacity entry of the resource ({@link PortCapacity} or {@link LinkCapacity}: capacity, guard
 * band, sum of the quotas) with what the fairness app derives from it at a poll, counted the way
 * admission counts it: every slice that has the port (or crosses the link) counts in full, whatever
 * direction its traffic takes, so {@code rateBps} is an upper bound of the port's real load.
 */
public final class ResourceUsage {

    /**
     * Kinds of resources.
     */
    public enum Kind {
        /** A switch port. */
        PORT,
        /** An inter-switch link (full duplex; capacity per direction). */
        LINK
    }

    private final AbstractCapacity capacity;
    private final long effectiveBps;
    private final long rateBps;
    private final int slices;

    private ResourceUsage(AbstractCapacity capacity, long effectiveBps, long rateBps, int slices) {
        this.capacity = checkNotNull(capacity, "capacity must not be null");
        this.effectiveBps = effectiveBps;
        this.rateBps = rateBps;
        this.slices = slices;
    }

    /**
     * Returns the usage of a port or link.
     *
     * @param capacity     the resource's capacity entry, as the slicing app reports it
     * @param effectiveBps sum of the slices' allocations in effect (meter rates)
     * @param rateBps      sum of the slices' delivered rates
     * @param slices       number of slices using it
     * @return usage
     */
    public static ResourceUsage of(AbstractCapacity capacity, long effectiveBps, long rateBps, int slices) {
        return new ResourceUsage(capacity, effectiveBps, rateBps, slices);
    }

    /**
     * Returns the resource's capacity entry (capacity, guard band, sum of the quotas).
     *
     * @return port or link capacity
     */
    public AbstractCapacity capacity() {
        return capacity;
    }

    /**
     * Returns the kind.
     *
     * @return port or link
     */
    public Kind kind() {
        return capacity instanceof LinkCapacity ? Kind.LINK : Kind.PORT;
    }

    /**
     * Returns the port, or the link's source.
     *
     * @return connect point
     */
    public ConnectPoint src() {
        return capacity instanceof LinkCapacity ? ((LinkCapacity) capacity).src()
                : ((PortCapacity) capacity).connectPoint();
    }

    /**
     * Returns the link's destination (empty for a port).
     *
     * @return connect point
     */
    public Optional<ConnectPoint> dst() {
        return capacity instanceof LinkCapacity ? Optional.of(((LinkCapacity) capacity).dst()) : Optional.empty();
    }

    /**
     * Returns the sum of the slices' allocations in effect (their meter rates; the quotas in
     * monitor mode). Never above the capacity's {@code usableBps()} when the quotas are not.
     *
     * @return bits per second
     */
    public long effectiveBps() {
        return effectiveBps;
    }

    /**
     * Returns the sum of the slices' delivered rates.
     *
     * @return bits per second
     */
    public long rateBps() {
        return rateBps;
    }

    /**
     * Returns rateBps / capacityBps (0 if the capacity is unknown, i.e. 0).
     *
     * @return utilisation
     */
    public double utilisation() {
        return capacity.capacityBps() > 0 ? (double) rateBps / capacity.capacityBps() : 0.0;
    }

    /**
     * Returns the number of slices using the resource.
     *
     * @return slices
     */
    public int slices() {
        return slices;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ResourceUsage)) {
            return false;
        }
        ResourceUsage that = (ResourceUsage) o;
        return effectiveBps == that.effectiveBps && rateBps == that.rateBps && slices == that.slices
                && capacity.equals(that.capacity);
    }

    @Override
    public int hashCode() {
        return Objects.hash(capacity, effectiveBps, rateBps, slices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("capacity", capacity).add("effectiveBps", effectiveBps).add("rateBps", rateBps)
                .add("slices", slices)
                .toString();
    }
}
