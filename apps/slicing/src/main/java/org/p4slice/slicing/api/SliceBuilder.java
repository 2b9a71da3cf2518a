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

import com.google.common.collect.ImmutableSet;
import org.onlab.packet.VlanId;
import org.onosproject.net.Link;

import java.util.Collection;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Builds a {@link Slice}: every field but the id, name, tenant and VLAN has a default (burst
 * {@link SliceRequest#DEFAULT_BURST_BYTES}, no endpoints, no trunk links, PROVISIONING);
 * {@link #build()} refuses a missing required field.
 */
public final class SliceBuilder {
    SliceId id;
    String name;
    TenantId tenant;
    VlanId vlan;
    long quotaBps;
    long burstBytes = SliceRequest.DEFAULT_BURST_BYTES;
    Set<Endpoint> endpoints = ImmutableSet.of();
    Set<Link> trunkLinks = ImmutableSet.of();
    SliceState state = SliceState.PROVISIONING;
    String reason;

    SliceBuilder() {
    }

    /**
     * Sets the id.
     *
     * @param id slice id
     * @return this builder
     */
    public SliceBuilder id(SliceId id) {
        this.id = id;
        return this;
    }

    /**
     * Sets the name.
     *
     * @param name name
     * @return this builder
     */
    public SliceBuilder name(String name) {
        this.name = name;
        return this;
    }

    /**
     * Sets the tenant.
     *
     * @param tenant tenant
     * @return this builder
     */
    public SliceBuilder tenant(TenantId tenant) {
        this.tenant = tenant;
        return this;
    }

    /**
     * Sets the VLAN.
     *
     * @param vlan VLAN
     * @return this builder
     */
    public SliceBuilder vlan(VlanId vlan) {
        this.vlan = vlan;
        return this;
    }

    /**
     * Sets the quota.
     *
     * @param quotaBps bits per second
     * @return this builder
     */
    public SliceBuilder quotaBps(long quotaBps) {
        this.quotaBps = quotaBps;
        return this;
    }

    /**
     * Sets the burst.
     *
     * @param burstBytes bytes
     * @return this builder
     */
    public SliceBuilder burstBytes(long burstBytes) {
        this.burstBytes = burstBytes;
        return this;
    }

    /**
     * Sets the endpoints.
     *
     * @param endpoints endpoints
     * @return this builder
     */
    public SliceBuilder endpoints(Collection<Endpoint> endpoints) {
        this.endpoints = ImmutableSet.copyOf(checkNotNull(endpoints, "endpoints must not be null"));
        return this;
    }

    /**
     * Sets the inter-switch links.
     *
     * @param trunkLinks links
     * @return this builder
     */
    public SliceBuilder trunkLinks(Collection<Link> trunkLinks) {
        this.trunkLinks = ImmutableSet.copyOf(checkNotNull(trunkLinks, "trunk links must not be null"));
        return this;
    }

    /**
     * Sets the state.
     *
     * @param state state
     * @return this builder
     */
    public SliceBuilder state(SliceState state) {
        this.state = state;
        return this;
    }

    /**
     * Sets the reason of the state, or null.
     *
     * @param reason reason
     * @return this builder
     */
    public SliceBuilder reason(String reason) {
        this.reason = reason;
        return this;
    }

    /**
     * Builds the slice.
     *
     * @return slice
     * @throws NullPointerException if id, name, tenant, VLAN or state is missing
     */
    public Slice build() {
        return new Slice(this);
    }
}
