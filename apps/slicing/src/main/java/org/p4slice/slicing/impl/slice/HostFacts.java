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
import org.onosproject.net.host.HostService;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.impl.translator.KnownHosts;

import java.util.Set;
import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Where ONOS has seen the hosts of a slice: the untagged hosts its host service locates at the
 * slice's access ports. Hosts at other ports (of other slices, of no slice, trunks) are not
 * looked at; the translator leaves a MAC seen at several of the slice's ports to flooding.
 */
public final class HostFacts implements Function<Slice, KnownHosts> {

    private final HostService hostService;

    /**
     * Creates the host facts.
     *
     * @param hostService ONOS's hosts
     */
    public HostFacts(HostService hostService) {
        this.hostService = checkNotNull(hostService);
    }

    @Override
    public KnownHosts apply(Slice slice) {
        KnownHosts.Builder facts = KnownHosts.builder();
        for (Endpoint endpoint : slice.endpoints()) {
            if (endpoint.mode() != EndpointMode.ACCESS) {
                continue;
            }
            ConnectPoint port = endpoint.connectPoint();
            Set<Host> hosts = hostService.getConnectedHosts(port);
            for (Host host : hosts == null ? Set.<Host>of() : hosts) {
                if (VlanId.NONE.equals(host.vlan())) {
                    facts.host(port, host.mac());
                }
            }
        }
        return facts.build();
    }
}
