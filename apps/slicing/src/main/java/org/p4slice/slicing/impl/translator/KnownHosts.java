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
package org.p4slice.slicing.impl.translator;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.ConnectPoints;

import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The hosts seen at ports: what the translator knows about the network beyond the slice itself.
 * <p>
 * They may describe the whole network; the translator only uses the hosts located at an endpoint
 * of the slice it translates. Without known hosts, unicast inside a slice falls back to flooding
 * in the slice (the default action of the L2 forwarding table). Which port of a device leads
 * towards another device of the slice is derived from the slice's own trunk links, so it is not
 * part of this.
 */
public final class KnownHosts {

    private static final Comparator<MacAddress> MAC_ORDER = Comparator.comparingLong(MacAddress::toLong);

    private static final KnownHosts EMPTY = new KnownHosts(ImmutableMap.of());

    private final Map<ConnectPoint, Set<MacAddress>> hosts;

    private KnownHosts(Map<ConnectPoint, Set<MacAddress>> hosts) {
        this.hosts = hosts;
    }

    /**
     * Returns no known host.
     *
     * @return none
     */
    public static KnownHosts empty() {
        return EMPTY;
    }

    /**
     * Returns the given hosts.
     *
     * @param hosts MAC addresses seen at each port
     * @return known hosts
     */
    public static KnownHosts of(Map<ConnectPoint, ? extends Set<MacAddress>> hosts) {
        Builder b = builder();
        checkNotNull(hosts, "hosts must not be null").forEach((cp, macs) -> macs.forEach(mac -> b.host(cp, mac)));
        return b.build();
    }

    /**
     * Returns a builder.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the hosts known at each port, ordered by device, port and MAC address.
     *
     * @return MAC addresses per connect point
     */
    public Map<ConnectPoint, Set<MacAddress>> hosts() {
        return hosts;
    }

    /**
     * Returns the hosts known at one port.
     *
     * @param port connect point
     * @return MAC addresses, empty if none is known
     */
    public Set<MacAddress> hostsAt(ConnectPoint port) {
        Set<MacAddress> macs = hosts.get(port);
        return macs == null ? ImmutableSet.of() : macs;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof KnownHosts && hosts.equals(((KnownHosts) o).hosts);
    }

    @Override
    public int hashCode() {
        return hosts.hashCode();
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("hosts", hosts).toString();
    }

    /**
     * Builder of topology facts.
     */
    public static final class Builder {
        private final Map<ConnectPoint, Set<MacAddress>> hosts = new TreeMap<>(ConnectPoints.ORDER);

        private Builder() {
        }

        /**
         * Adds a host seen at a port.
         *
         * @param port connect point
         * @param mac  the host's MAC address
         * @return this builder
         */
        public Builder host(ConnectPoint port, MacAddress mac) {
            checkNotNull(port, "host port must not be null");
            checkNotNull(mac, "host MAC must not be null");
            hosts.computeIfAbsent(port, p -> new TreeSet<>(MAC_ORDER)).add(mac);
            return this;
        }

        /**
         * Builds the facts.
         *
         * @return known hosts
         */
        public KnownHosts build() {
            ImmutableMap.Builder<ConnectPoint, Set<MacAddress>> b = ImmutableMap.builder();
            hosts.forEach((cp, macs) -> b.put(cp, ImmutableSet.copyOf(macs)));
            return new KnownHosts(b.build());
        }
    }
}
