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

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Use of one switch port or inter-switch link by the slices (immutable), counted the way admission
 * counts it: every slice that has the port (or crosses the link) counts in full, whatever direction
 * its traffic takes, so {@code rateBps} is an upper bound of the port's real load.
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

    private final Kind kind;
    private final ConnectPoint src;
    private final ConnectPoint dst;
    private final long capacityBps;
    private final double guardBand;
    private final long allocatedBps;
    private final long effectiveBps;
    private final long rateBps;
    private final int slices;

    private ResourceUsage(Kind kind, ConnectPoint src, ConnectPoint dst, long capacityBps, double guardBand,
                          long allocatedBps, long effectiveBps, long rateBps, int slices) {
        this.kind = checkNotNull(kind, "kind must not be null");
        this.src = checkNotNull(src, "port must not be null");
        checkArgument(kind == Kind.PORT || dst != null, "a link needs both ends");
        checkArgument(capacityBps >= 0, "capacity must be >= 0, got %s", capacityBps);
        this.dst = dst;
        this.capacityBps = capacityBps;
        this.guardBand = guardBand;
        this.allocatedBps = allocatedBps;
        this.effectiveBps = effectiveBps;
        this.rateBps = rateBps;
        this.slices = slices;
    }

    /**
     * Returns the usage of a port.
     *
     * @param port         port
     * @param capacityBps  capacity, bits per second
     * @param guardBand    guard band fraction
     * @param allocatedBps sum of the quotas of the slices using it
     * @param effectiveBps sum of the slices' allocations in effect (meter rates)
     * @param rateBps      sum of the slices' delivered rates
     * @param slices       number of slices using it
     * @return usage
     */
    public static ResourceUsage port(ConnectPoint port, long capacityBps, double guardBand, long allocatedBps,
                                     long effectiveBps, long rateBps, int slices) {
        return new ResourceUsage(Kind.PORT, port, null, capacityBps, guardBand, allocatedBps, effectiveBps,
                                 rateBps, slices);
    }

    /**
     * Returns the usage of a link.
     *
     * @param src          link source
     * @param dst          link destination
     * @param capacityBps  capacity, bits per second
     * @param guardBand    guard band fraction
     * @param allocatedBps sum of the quotas of the slices crossing it
     * @param effectiveBps sum of the slices' allocations in effect (meter rates)
     * @param rateBps      sum of the slices' delivered rates
     * @param slices       number of slices crossing it
     * @return usage
     */
    public static ResourceUsage link(ConnectPoint src, ConnectPoint dst, long capacityBps, double guardBand,
                                     long allocatedBps, long effectiveBps, long rateBps, int slices) {
        return new ResourceUsage(Kind.LINK, src, checkNotNull(dst, "link destination must not be null"),
                                 capacityBps, guardBand, allocatedBps, effectiveBps, rateBps, slices);
    }

    /**
     * Returns the kind.
     *
     * @return port or link
     */
    public Kind kind() {
        return kind;
    }

    /**
     * Returns the port, or the link's source.
     *
     * @return connect point
     */
    public ConnectPoint src() {
        return src;
    }

    /**
     * Returns the link's destination (empty for a port).
     *
     * @return connect point
     */
    public Optional<ConnectPoint> dst() {
        return Optional.ofNullable(dst);
    }

    /**
     * Returns the capacity.
     *
     * @return bits per second
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
     * Returns the sum of the quotas of the slices using the resource.
     *
     * @return bits per second
     */
    public long allocatedBps() {
        return allocatedBps;
    }

    /**
     * Returns the sum of the slices' allocations in effect (their meter rates; the quotas in
     * monitor mode). Never above {@code floor((1 - guardBand) * capacityBps)} when the quotas are not.
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
        return capacityBps > 0 ? (double) rateBps / capacityBps : 0.0;
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
        return kind == that.kind && capacityBps == that.capacityBps
                && Double.compare(guardBand, that.guardBand) == 0 && allocatedBps == that.allocatedBps
                && effectiveBps == that.effectiveBps && rateBps == that.rateBps && slices == that.slices
                && src.equals(that.src) && Objects.equals(dst, that.dst);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, src, dst, capacityBps, guardBand, allocatedBps, effectiveBps, rateBps, slices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("kind", kind).add("src", src).add("dst", dst).add("capacityBps", capacityBps)
                .add("guardBand", guardBand).add("allocatedBps", allocatedBps).add("effectiveBps", effectiveBps)
                .add("rateBps", rateBps).add("slices", slices)
                .toString();
    }
}
