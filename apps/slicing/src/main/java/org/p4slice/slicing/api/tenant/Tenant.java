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
package org.p4slice.slicing.api.tenant;

import org.p4slice.slicing.api.TenantId;
import com.google.common.collect.ImmutableSet;

import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A tenant of the testbed (a university, a lab): its id, display name, the ONOS users who act for
 * it, and its caps. A cap of 0 means "no cap of the tenant's own" (the component limits still
 * apply).
 */
public final class Tenant {

    private final TenantId id;
    private final String name;
    private final Set<String> users;
    private final int maxSlices;
    private final long maxBps;
    private final long maxBookingHours;
    private final long maxLeadDays;

    private Tenant(Builder b) {
        this.id = checkNotNull(b.id, "id must not be null");
        this.name = b.name == null ? b.id.id() : b.name;
        this.users = ImmutableSet.copyOf(b.users);
        checkArgument(b.maxSlices >= 0 && b.maxBps >= 0 && b.maxBookingHours >= 0 && b.maxLeadDays >= 0,
                      "caps must not be negative");
        this.maxSlices = b.maxSlices;
        this.maxBps = b.maxBps;
        this.maxBookingHours = b.maxBookingHours;
        this.maxLeadDays = b.maxLeadDays;
    }

    /**
     * Returns a builder.
     *
     * @param id tenant id
     * @return builder
     */
    public static Builder builder(TenantId id) {
        return new Builder(id);
    }

    /**
     * Returns the tenant id.
     *
     * @return id
     */
    public TenantId id() {
        return id;
    }

    /**
     * Returns the display name.
     *
     * @return name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the ONOS users who act for the tenant.
     *
     * @return user names
     */
    public Set<String> users() {
        return users;
    }

    /**
     * Returns the most slices the tenant may hold at once (0: no cap).
     *
     * @return cap
     */
    public int maxSlices() {
        return maxSlices;
    }

    /**
     * Returns the most quota, in bit/s, the tenant's slices may have in total (0: no cap).
     *
     * @return cap
     */
    public long maxBps() {
        return maxBps;
    }

    /**
     * Returns the longest booking of the tenant, in hours (0: no cap).
     *
     * @return cap
     */
    public long maxBookingHours() {
        return maxBookingHours;
    }

    /**
     * Returns how far ahead, in days, a booking of the tenant may start (0: no cap).
     *
     * @return cap
     */
    public long maxLeadDays() {
        return maxLeadDays;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Tenant)) {
            return false;
        }
        Tenant t = (Tenant) o;
        return id.equals(t.id) && name.equals(t.name) && users.equals(t.users) && maxSlices == t.maxSlices
                && maxBps == t.maxBps && maxBookingHours == t.maxBookingHours && maxLeadDays == t.maxLeadDays;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, users, maxSlices, maxBps, maxBookingHours, maxLeadDays);
    }

    @Override
    public String toString() {
        return "Tenant{" + id + " \"" + name + "\" users=" + users + " maxSlices=" + maxSlices + " maxBps=" + maxBps
                + " maxBookingHours=" + maxBookingHours + " maxLeadDays=" + maxLeadDays + "}";
    }

    /**
     * Builder of tenants.
     */
    public static final class Builder {
        private final TenantId id;
        private String name;
        private Set<String> users = ImmutableSet.of();
        private int maxSlices;
        private long maxBps;
        private long maxBookingHours;
        private long maxLeadDays;

        private Builder(TenantId id) {
            this.id = id;
        }

        /**
         * Sets the display name.
         *
         * @param displayName name
         * @return this builder
         */
        public Builder name(String displayName) {
            this.name = displayName;
            return this;
        }

        /**
         * Sets the users who act for the tenant.
         *
         * @param userNames ONOS user names
         * @return this builder
         */
        public Builder users(Set<String> userNames) {
            this.users = checkNotNull(userNames);
            return this;
        }

        /**
         * Sets the caps (0: none).
         *
         * @param slices       most slices at once
         * @param bps          most total quota in bit/s
         * @param bookingHours longest booking in hours
         * @param leadDays     how far ahead a booking may start, in days
         * @return this builder
         */
        public Builder caps(int slices, long bps, long bookingHours, long leadDays) {
            this.maxSlices = slices;
            this.maxBps = bps;
            this.maxBookingHours = bookingHours;
            this.maxLeadDays = leadDays;
            return this;
        }

        /**
         * Builds the tenant.
         *
         * @return tenant
         * @throws IllegalArgumentException if a cap is negative
         */
        public Tenant build() {
            return new Tenant(this);
        }
    }
}
