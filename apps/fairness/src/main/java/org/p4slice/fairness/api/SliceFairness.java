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
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.TenantId;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One slice's line of a {@link FairnessReport} (immutable): its entitlement (quota, allocation), its
 * rates (offered, delivered, and its statistics per device) and how fairly it was served (share,
 * deviation, backlog), as {@link FairnessReport} defines them.
 */
public final class SliceFairness {

    private final SliceId id;
    private final TenantId tenant;
    private final long quotaBps;
    private final long allocationBps;
    private final long offeredBps;
    private final long rateBps;
    private final double share;
    private final double deviation;
    private final boolean backlogged;
    private final Map<DeviceId, SliceStats> devices;

    private SliceFairness(Builder b) {
        this.id = checkNotNull(b.id, "slice id must not be null");
        checkArgument(Double.isFinite(b.share) && b.share >= 0, "share must be finite and >= 0, got %s", b.share);
        checkArgument(Double.isFinite(b.deviation) && b.deviation >= 0,
                      "deviation must be finite and >= 0, got %s", b.deviation);
        this.tenant = b.tenant;
        this.quotaBps = b.quotaBps;
        this.allocationBps = b.allocationBps;
        this.offeredBps = b.offeredBps;
        this.rateBps = b.rateBps;
        this.share = b.share;
        this.deviation = b.deviation;
        this.backlogged = b.backlogged;
        this.devices = ImmutableMap.copyOf(b.devices);
    }

    /**
     * Returns a new builder.
     *
     * @param id slice id
     * @return builder
     */
    public static Builder builder(SliceId id) {
        return new Builder(id);
    }

    /**
     * Returns the slice id.
     *
     * @return id
     */
    public SliceId id() {
        return id;
    }

    /**
     * Returns the slice's tenant, if known (a replay of recorded counters has none).
     *
     * @return tenant
     */
    public Optional<TenantId> tenant() {
        return Optional.ofNullable(tenant);
    }

    /**
     * Returns the slice's quota.
     *
     * @return bits per second
     */
    public long quotaBps() {
        return quotaBps;
    }

    /**
     * Returns the rate the slice was entitled to over the window (the quota in monitor mode).
     *
     * @return bits per second
     */
    public long allocationBps() {
        return allocationBps;
    }

    /**
     * Returns the offered (received, before the meter) rate over the window.
     *
     * @return bits per second
     */
    public long offeredBps() {
        return offeredBps;
    }

    /**
     * Returns the delivered (received minus meter drops) rate over the window.
     *
     * @return bits per second
     */
    public long rateBps() {
        return rateBps;
    }

    /**
     * Returns delivered rate / allocation.
     *
     * @return share, 1.0 = exactly the allocation
     */
    public double share() {
        return share;
    }

    /**
     * Returns |share - 1| if backlogged, 0 otherwise.
     *
     * @return deviation
     */
    public double deviation() {
        return deviation;
    }

    /**
     * Returns whether the slice offered at least its allocation over the window.
     *
     * @return true if backlogged
     */
    public boolean backlogged() {
        return backlogged;
    }

    /**
     * Returns the slice's statistics per device, as the slicing app's statistics gave them.
     *
     * @return per-device statistics, in the order given
     */
    public Map<DeviceId, SliceStats> devices() {
        return devices;
    }

    /**
     * Returns the slice's statistics: counters and rates summed over its devices.
     *
     * @return statistics
     */
    public SliceStats stats() {
        return SliceStats.sum(devices.values());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceFairness)) {
            return false;
        }
        SliceFairness that = (SliceFairness) o;
        return quotaBps == that.quotaBps && allocationBps == that.allocationBps && offeredBps == that.offeredBps
                && rateBps == that.rateBps && Double.compare(share, that.share) == 0
                && Double.compare(deviation, that.deviation) == 0 && backlogged == that.backlogged
                && id.equals(that.id) && Objects.equals(tenant, that.tenant) && devices.equals(that.devices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, tenant, quotaBps, allocationBps, offeredBps, rateBps, share, deviation,
                            backlogged, devices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("id", id).add("tenant", tenant).add("quotaBps", quotaBps)
                .add("allocationBps", allocationBps).add("offeredBps", offeredBps).add("rateBps", rateBps)
                .add("share", share).add("deviation", deviation).add("backlogged", backlogged)
                .add("devices", devices)
                .toString();
    }

    /**
     * Builder of a slice's fairness line.
     */
    public static final class Builder {
        private final SliceId id;
        private TenantId tenant;
        private long quotaBps;
        private long allocationBps;
        private long offeredBps;
        private long rateBps;
        private double share;
        private double deviation;
        private boolean backlogged;
        private Map<DeviceId, SliceStats> devices = ImmutableMap.of();

        private Builder(SliceId id) {
            this.id = id;
        }

        /**
         * Sets the tenant.
         *
         * @param tenant tenant, or null if unknown
         * @return this builder
         */
        public Builder tenant(TenantId tenant) {
            this.tenant = tenant;
            return this;
        }

        /**
         * Sets the quota and the allocation.
         *
         * @param quota      quota, bits per second
         * @param allocation allocation over the window, bits per second
         * @return this builder
         */
        public Builder quota(long quota, long allocation) {
            this.quotaBps = quota;
            this.allocationBps = allocation;
            return this;
        }

        /**
         * Sets the offered and delivered rates.
         *
         * @param offered offered rate, bits per second
         * @param rate    delivered rate, bits per second
         * @return this builder
         */
        public Builder rates(long offered, long rate) {
            this.offeredBps = offered;
            this.rateBps = rate;
            return this;
        }

        /**
         * Sets share, deviation and backlog.
         *
         * @param share          rate / allocation
         * @param deviation      |share - 1| if backlogged, else 0
         * @param isBacklogged   whether offered &gt;= allocation
         * @return this builder
         */
        public Builder fairness(double share, double deviation, boolean isBacklogged) {
            this.share = share;
            this.deviation = deviation;
            this.backlogged = isBacklogged;
            return this;
        }

        /**
         * Sets the per-device statistics (kept in their iteration order).
         *
         * @param perDevice statistics, one per device
         * @return this builder
         */
        public Builder devices(Map<DeviceId, SliceStats> perDevice) {
            this.devices = checkNotNull(perDevice, "devices must not be null");
            return this;
        }

        /**
         * Builds the line.
         *
         * @return slice fairness
         * @throws IllegalArgumentException if share or deviation is negative or not finite
         */
        public SliceFairness build() {
            return new SliceFairness(this);
        }
    }
}
