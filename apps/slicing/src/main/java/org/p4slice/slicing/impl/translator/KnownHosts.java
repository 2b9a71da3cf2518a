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

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The hosts seen at ports: what the translator knows about the network beyond the slice itself.
 * <p>
 * They may describe the whole network; the translator only uses the hosts located at an endpoint
 * of the slice it translates. Without known hosts, unicast inside a slice falls back to flooding
 * in the slice (the default action of the L2 forwarding table). Which port of a device leads
 * towards another device of the slice is derived from the slice's own trunk links, so it is not
 * part of this.
 * <p>
 * A builder may cap the hosts per port ({@link #builder(int)}): the first hosts given for a port are
 * kept, every further one is counted as over the cap ({@link #overCapAt}) and left out, so its frames
 * flood within the slice like those of an unknown host and it takes no {@code l2_forward} entry.
 */
public final class KnownHosts {

    private static final Comparator<MacAddress> MAC_ORDER = Comparator.comparingLong(MacAddress::toLong);

    private static final KnownHosts EMPTY = new KnownHosts(ImmutableMap.of(), ImmutableMap.of());

    private final Map<ConnectPoint, Set<MacAddress>> hosts;
    private final Map<ConnectPoint, Integer> overCap;

    private KnownHosts(Map<ConnectPoint, Set<MacAddress>> hosts, Map<ConnectPoint, Integer> overCap) {
        this.hosts = hosts;
        this.overCap = overCap;
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
     * Returns a builder with no cap on the hosts per port.
     *
     * @return builder
     */
    public static Builder builder() {
        return new Builder(Integer.MAX_VALUE);
    }

    /**
     * Returns a builder that keeps at most {@code maxPerPort} hosts per port: the first ones given.
     *
     * @param maxPerPort most hosts kept per port, &gt;= 0
     * @return builder
     * @throws IllegalArgumentException if the cap is negative
     */
    public static Builder builder(int maxPerPort) {
        checkArgument(maxPerPort >= 0, "hosts per port must be >= 0, got %s", maxPerPort);
        return new Builder(maxPerPort);
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

    /**
     * Returns how many hosts seen at a port were left out for the builder's cap.
     *
     * @param port connect point
     * @return hosts over the cap, 0 if none
     */
    public int overCapAt(ConnectPoint port) {
        return overCap.getOrDefault(port, 0);
    }

    /**
     * Returns the ports where hosts were left out for the builder's cap, with their number.
     *
     * @return hosts over the cap per connect point, ordered by device and port
     */
    public Map<ConnectPoint, Integer> overCap() {
        return overCap;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof KnownHosts && hosts.equals(((KnownHosts) o).hosts)
                && overCap.equals(((KnownHosts) o).overCap);
    }

    @Override
    public int hashCode() {
        return hosts.hashCode() * 31 + overCap.hashCode();
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("hosts", hosts).add("overCap", overCap).toString();
    }

    /**
     * Builder of topology facts.
     */
    public static final class Builder {
        private final int maxPerPort;
        private final Map<ConnectPoint, Set<MacAddress>> hosts = new TreeMap<>(ConnectPoints.ORDER);
        private final Map<ConnectPoint, Set<MacAddress>> overCap = new TreeMap<>(ConnectPoints.ORDER);

        private Builder(int maxPerPort) {
            this.maxPerPort = maxPerPort;
        }

        /**
         * Adds a host seen at a port, unless the port has its cap of hosts already (then the host
         * is counted as over the cap).
         *
         * @param port connect point
         * @param mac  the host's MAC address
         * @return this builder
         */
        public Builder host(ConnectPoint port, MacAddress mac) {
            checkNotNull(port, "host port must not be null");
            checkNotNull(mac, "host MAC must not be null");
            Set<MacAddress> macs = hosts.computeIfAbsent(port, p -> new TreeSet<>(MAC_ORDER));
            if (macs.size() < maxPerPort || macs.contains(mac)) {
                macs.add(mac);
            } else {
                overCap.computeIfAbsent(port, p -> new TreeSet<>(MAC_ORDER)).add(mac);
            }
            return this;
        }

        /**
         * Builds the facts.
         *
         * @return known hosts
         */
        public KnownHosts build() {
            ImmutableMap.Builder<ConnectPoint, Set<MacAddress>> b = ImmutableMap.builder();
            hosts.forEach((cp, macs) -> {
                if (!macs.isEmpty()) {
                    b.put(cp, ImmutableSet.copyOf(macs));
                }
            });
            ImmutableMap.Builder<ConnectPoint, Integer> over = ImmutableMap.builder();
            overCap.forEach((cp, macs) -> over.put(cp, macs.size()));
            return new KnownHosts(b.build(), over.build());
        }
    }
}
