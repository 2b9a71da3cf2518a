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
package org.p4slice.slicing.impl.slice;

import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Host;
import org.onosproject.net.HostLocation;
import org.onosproject.net.host.HostService;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntSupplier;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Where ONOS has seen the hosts of a slice: the untagged hosts its host service locates at the
 * slice's access ports. Hosts at other ports (of other slices, of no slice, trunks) are not
 * looked at; the translator leaves a MAC seen at several of the slice's ports to flooding.
 * <p>
 * At most {@code maxHostsPerAccessPort} hosts per access port get unicast entries: those ONOS saw
 * there first (by the time of their location, then by MAC), so a host flooding the port with source
 * addresses cannot push the established hosts out, nor fill the {@code l2_forward} table all tenants
 * share. The frames of the hosts beyond the cap flood within the slice. Every rise of their number
 * at a port is logged (a WARN naming the port, the slice, the cap and the count since start), and
 * {@link #hostsOverCap()} counts them.
 */
final class HostFacts implements Function<Slice, KnownHosts> {

    private final Logger log = getLogger(getClass());
    private final HostService hostService;
    private final IntSupplier maxPerPort;
    private final Map<ConnectPoint, Integer> overCapNow = new ConcurrentHashMap<>();
    private final AtomicLong overCapSeen = new AtomicLong();

    /**
     * Creates the host facts.
     *
     * @param hostService ONOS's hosts
     * @param maxPerPort  the cap of hosts per access port in effect (read at every translation)
     */
    public HostFacts(HostService hostService, IntSupplier maxPerPort) {
        this.hostService = checkNotNull(hostService);
        this.maxPerPort = checkNotNull(maxPerPort);
    }

    @Override
    public KnownHosts apply(Slice slice) {
        int cap = maxPerPort.getAsInt();
        KnownHosts.Builder facts = KnownHosts.builder(cap);
        for (Endpoint endpoint : slice.endpoints()) {
            if (endpoint.mode() != EndpointMode.ACCESS) {
                continue;
            }
            ConnectPoint port = endpoint.connectPoint();
            Set<Host> hosts = hostService.getConnectedHosts(port);
            List<Host> untagged = new ArrayList<>();
            for (Host host : hosts == null ? Set.<Host>of() : hosts) {
                if (VlanId.NONE.equals(host.vlan())) {
                    untagged.add(host);
                }
            }
            untagged.sort(Comparator.<Host>comparingLong(h -> seenAt(h, port))
                                  .thenComparingLong(h -> h.mac().toLong()));
            untagged.forEach(h -> facts.host(port, h.mac()));
        }
        KnownHosts known = facts.build();
        for (Endpoint endpoint : slice.endpoints()) {
            if (endpoint.mode() == EndpointMode.ACCESS) {
                count(slice, endpoint.connectPoint(), known.overCapAt(endpoint.connectPoint()), cap);
            }
        }
        return known;
    }

    /**
     * Returns how many hosts were seen beyond the cap of their access port since the app started
     * (each rise of the number over the cap at a port counts by how much it rose).
     *
     * @return hosts over the cap
     */
    public long hostsOverCap() {
        return overCapSeen.get();
    }

    private void count(Slice slice, ConnectPoint port, int over, int cap) {
        Integer before = over == 0 ? overCapNow.remove(port) : overCapNow.put(port, over);
        int rise = over - (before == null ? 0 : before);
        if (rise > 0) {
            long total = overCapSeen.addAndGet(rise);
            log.warn("{} hosts at access port {} of slice {} ({}/{}) are beyond maxHostsPerAccessPort={}: "
                             + "no unicast entries, their frames flood within the slice ({} hosts over the cap "
                             + "since start)", over, port, slice.id().id(), slice.tenant(), slice.name(), cap, total);
        }
    }

    private static long seenAt(Host host, ConnectPoint port) {
        for (HostLocation location : host.locations()) {
            if (location.deviceId().equals(port.deviceId()) && location.port().equals(port.port())) {
                return location.time();
            }
        }
        return Long.MAX_VALUE;
    }
}
