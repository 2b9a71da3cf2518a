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
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.VlanId;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a tenant asks for (immutable): a name, endpoints, a quota and optionally a slice id and a
 * VLAN. What a request can hold is checked here and in the value types ({@link SliceId#of(long)},
 * {@link Builder#vlan(long)}, {@link Endpoint#port}, {@link EndpointMode#parse}, {@link TenantId#of}), the
 * one place REST, the GUI, the CLI and the network configuration share; whether it can be granted
 * (VLAN pool, quota, ports, capacity) is the slice manager's to say, one precise message per value.
 */
public final class SliceRequest {

    /** Default meter burst in bytes. */
    public static final long DEFAULT_BURST_BYTES = 65536;

    private final String name;
    private final TenantId tenant;
    private final SliceId id;
    private final VlanId vlan;
    private final long quotaBps;
    private final long burstBytes;
    private final Set<Endpoint> endpoints;

    private SliceRequest(Builder b) {
        this.name = checkNotNull(b.name, "slice name must not be null");
        this.tenant = checkNotNull(b.tenant, "tenant must not be null");
        this.id = b.id;
        this.vlan = b.vlan;
        this.quotaBps = b.quotaBps;
        this.burstBytes = b.burstBytes;
        this.endpoints = ImmutableSet.copyOf(b.endpoints);
    }

    /**
     * Returns a new builder.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a builder initialised with this request.
     *
     * @return builder
     */
    public Builder toBuilder() {
        return new Builder().name(name).tenant(tenant).id(id).vlan(vlan).quotaBps(quotaBps)
                .burstBytes(burstBytes).endpoints(endpoints);
    }

    /**
     * Returns the slice name (unique per tenant).
     *
     * @return name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the tenant.
     *
     * @return tenant id
     */
    public TenantId tenant() {
        return tenant;
    }

    /**
     * Returns the requested slice id; empty to have one allocated.
     *
     * @return slice id
     */
    public Optional<SliceId> id() {
        return Optional.ofNullable(id);
    }

    /**
     * Returns the requested VLAN; empty to have one allocated from the pool.
     *
     * @return VLAN
     */
    public Optional<VlanId> vlan() {
        return Optional.ofNullable(vlan);
    }

    /**
     * Returns the bandwidth quota in bits per second.
     *
     * @return quota
     */
    public long quotaBps() {
        return quotaBps;
    }

    /**
     * Returns the meter burst in bytes.
     *
     * @return burst
     */
    public long burstBytes() {
        return burstBytes;
    }

    /**
     * Returns the requested endpoints.
     *
     * @return endpoints
     */
    public Set<Endpoint> endpoints() {
        return endpoints;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceRequest)) {
            return false;
        }
        SliceRequest that = (SliceRequest) o;
        return quotaBps == that.quotaBps && burstBytes == that.burstBytes && name.equals(that.name)
                && tenant.equals(that.tenant) && Objects.equals(id, that.id) && Objects.equals(vlan, that.vlan)
                && endpoints.equals(that.endpoints);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, tenant, id, vlan, quotaBps, burstBytes, endpoints);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("name", name).add("tenant", tenant).add("id", id).add("vlan", vlan)
                .add("quotaBps", quotaBps).add("burstBytes", burstBytes).add("endpoints", endpoints)
                .toString();
    }

    /**
     * Builder of slice requests.
     */
    public static final class Builder {
        private String name;
        private TenantId tenant;
        private SliceId id;
        private VlanId vlan;
        private long quotaBps;
        private long burstBytes = DEFAULT_BURST_BYTES;
        private Set<Endpoint> endpoints = ImmutableSet.of();

        private Builder() {
        }

        /**
         * Sets the name.
         *
         * @param name slice name
         * @return this builder
         */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /**
         * Sets the tenant.
         *
         * @param tenant tenant id
         * @return this builder
         */
        public Builder tenant(TenantId tenant) {
            this.tenant = tenant;
            return this;
        }

        /**
         * Sets the requested slice id; null to have one allocated.
         *
         * @param id slice id or null
         * @return this builder
         */
        public Builder id(SliceId id) {
            this.id = id;
            return this;
        }

        /**
         * Sets the requested VLAN; null to have one allocated.
         *
         * @param vlan VLAN or null
         * @return this builder
         */
        public Builder vlan(VlanId vlan) {
            this.vlan = vlan;
            return this;
        }

        /**
         * Sets the requested VLAN by number.
         *
         * @param vlan 12-bit VLAN id, 0..4095 (the manager decides which are allowed)
         * @return this builder
         * @throws IllegalArgumentException if the number is not a 12-bit VLAN id
         */
        public Builder vlan(long vlan) {
            if (vlan < 0 || vlan > VlanId.MAX_VLAN) {
                throw new IllegalArgumentException("vlan must be a 12-bit VLAN id in 0..4095, got " + vlan);
            }
            return vlan(VlanId.vlanId((short) vlan));
        }

        /**
         * Sets the quota.
         *
         * @param quotaBps bits per second
         * @return this builder
         */
        public Builder quotaBps(long quotaBps) {
            this.quotaBps = quotaBps;
            return this;
        }

        /**
         * Sets the meter burst.
         *
         * @param burstBytes bytes
         * @return this builder
         */
        public Builder burstBytes(long burstBytes) {
            this.burstBytes = burstBytes;
            return this;
        }

        /**
         * Sets the endpoints.
         *
         * @param endpoints endpoints
         * @return this builder
         */
        public Builder endpoints(Collection<Endpoint> endpoints) {
            this.endpoints = ImmutableSet.copyOf(checkNotNull(endpoints, "endpoints must not be null"));
            return this;
        }

        /**
         * Adds one endpoint.
         *
         * @param endpoint endpoint
         * @return this builder
         */
        public Builder addEndpoint(Endpoint endpoint) {
            this.endpoints = ImmutableSet.<Endpoint>builder().addAll(endpoints)
                    .add(checkNotNull(endpoint, "endpoint must not be null")).build();
            return this;
        }

        /**
         * Builds the request.
         *
         * @return request
         * @throws NullPointerException if the name or the tenant is missing
         */
        public SliceRequest build() {
            return new SliceRequest(this);
        }
    }
}
