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
package org.p4slice.slicing.impl.guard;

import org.onlab.packet.Ethernet;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.HostId;

import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What the control plane takes from a packet-in (pure: the facts come from the suppliers given).
 * <ul>
 *   <li>A link probe (LLDP, BDDP) is taken only from an infrastructure port: one the operator declares
 *       ({@code infrastructurePorts} in the {@code p4slice} netcfg); while none are declared, any port
 *       that is not a slice's access port. A probe a tenant's host relayed from another port is blocked,
 *       so ONOS never learns a link through tenants' hosts.</li>
 *   <li>On a capped port ({@link #isCapped}), a packet of a host (source MAC and VLAN) ONOS does not know
 *       there yet is blocked once ONOS knows {@code maxHosts} hosts at that port. That keeps it from the
 *       processors that honour a handled context; ONOS 2.7's host provider does not, and {@link HostCap}
 *       removes the hosts it learns beyond the cap.</li>
 * </ul>
 */
final class PacketInGuard {

    /** What is done with a packet-in. */
    public enum Verdict {
        /** Given to ONOS's providers. */
        PASS,
        /** A link probe from a port that is not infrastructure: blocked. */
        PROBE_BLOCKED,
        /** A new host beyond the cap of its access port: blocked. */
        HOST_BLOCKED
    }

    private final Supplier<Optional<Set<ConnectPoint>>> infrastructure;
    private final Predicate<ConnectPoint> accessPort;
    private final Function<ConnectPoint, Set<HostId>> hostsAt;
    private final IntSupplier maxHosts;

    /**
     * Creates the guard.
     *
     * @param infrastructure the infrastructure ports declared now (empty: not declared)
     * @param accessPort     whether a port is a slice's access port
     * @param hostsAt        the ids of the hosts ONOS knows at a port
     * @param maxHosts       most hosts ONOS learns at one access port
     */
    public PacketInGuard(Supplier<Optional<Set<ConnectPoint>>> infrastructure, Predicate<ConnectPoint> accessPort,
                         Function<ConnectPoint, Set<HostId>> hostsAt, IntSupplier maxHosts) {
        this.infrastructure = checkNotNull(infrastructure);
        this.accessPort = checkNotNull(accessPort);
        this.hostsAt = checkNotNull(hostsAt);
        this.maxHosts = checkNotNull(maxHosts);
    }

    /**
     * Judges a packet-in.
     *
     * @param in  where it came from
     * @param eth the packet
     * @return verdict
     */
    public Verdict judge(ConnectPoint in, Ethernet eth) {
        if (eth == null || in == null) {
            return Verdict.PASS;
        }
        short type = eth.getEtherType();
        if (type == Ethernet.TYPE_LLDP || type == Ethernet.TYPE_BSN) {
            Optional<Set<ConnectPoint>> declared = infrastructure.get();
            boolean infra = declared.map(ports -> ports.contains(in)).orElseGet(() -> !accessPort.test(in));
            return infra ? Verdict.PASS : Verdict.PROBE_BLOCKED;
        }
        if (!isCapped(in)) {
            return Verdict.PASS;
        }
        Set<HostId> known = hostsAt.apply(in);
        HostId src = HostId.hostId(eth.getSourceMAC(), VlanId.vlanId(eth.getVlanID()));
        if (known.contains(src) || known.size() < maxHosts.getAsInt()) {
            return Verdict.PASS;
        }
        return Verdict.HOST_BLOCKED;
    }

    /**
     * Returns whether ONOS's hosts at a port are capped: a slice's access port, and once the infrastructure
     * ports are declared, every port that is not one of them (a tenant's host stays on its port after its
     * slice is released).
     *
     * @param port port
     * @return true if capped
     */
    public boolean isCapped(ConnectPoint port) {
        Optional<Set<ConnectPoint>> declared = infrastructure.get();
        return declared.isPresent() && !declared.get().contains(port) || accessPort.test(port);
    }
}
