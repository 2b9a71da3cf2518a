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
package org.p4slice.testbed.scenario;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.impl.translator.KnownHosts;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A validated test-bed scenario: the topology (devices with port speeds, inter-switch links,
 * hosts) and the slices to create on it, as the requests an operator would send (the slice
 * manager resolves their trunks over ONOS's paths). Read by {@link ScenarioReader}, which
 * describes the format.
 */
public final class Scenario {

    private final String description;
    private final Map<DeviceId, String> deviceNames;
    private final Map<DeviceId, Map<PortNumber, Long>> portSpeeds;
    private final List<Link> links;
    private final List<ScenarioHost> hosts;
    private final KnownHosts facts;
    private final List<SliceRequest> slices;

    /**
     * Creates a scenario.
     *
     * @param description the scenario's description ("" if it has none)
     * @param deviceNames short name of every device, in declaration order
     * @param portSpeeds  speed of every declared port (bits/s), per device, in declaration order
     * @param links       inter-switch links, as declared
     * @param hosts       hosts, in declaration order
     * @param slices      slice requests (id and VLAN given), in declaration order
     */
    public Scenario(String description, Map<DeviceId, String> deviceNames,
                    Map<DeviceId, Map<PortNumber, Long>> portSpeeds, List<Link> links, List<ScenarioHost> hosts,
                    List<SliceRequest> slices) {
        this.description = checkNotNull(description, "description must not be null");
        this.deviceNames = ImmutableMap.copyOf(checkNotNull(deviceNames, "device names must not be null"));
        ImmutableMap.Builder<DeviceId, Map<PortNumber, Long>> b = ImmutableMap.builder();
        checkNotNull(portSpeeds, "port speeds must not be null").forEach((d, p) -> b.put(d, ImmutableMap.copyOf(p)));
        this.portSpeeds = b.build();
        this.links = ImmutableList.copyOf(checkNotNull(links, "links must not be null"));
        this.hosts = ImmutableList.copyOf(checkNotNull(hosts, "hosts must not be null"));
        KnownHosts.Builder f = KnownHosts.builder();
        this.hosts.forEach(h -> f.host(h.location(), h.mac()));
        this.facts = f.build();
        this.slices = ImmutableList.copyOf(checkNotNull(slices, "slices must not be null"));
    }

    /**
     * Returns the scenario's description.
     *
     * @return description, "" if it has none
     */
    public String description() {
        return description;
    }

    /**
     * Returns the devices' short names (given, or the text after the id's last ':').
     *
     * @return name per device, in declaration order
     */
    public Map<DeviceId, String> deviceNames() {
        return deviceNames;
    }

    /**
     * Returns the hosts as declared.
     *
     * @return hosts, in declaration order
     */
    public List<ScenarioHost> hosts() {
        return hosts;
    }

    /**
     * Returns the declared ports and their speeds.
     *
     * @return bits per second per port, per device
     */
    public Map<DeviceId, Map<PortNumber, Long>> portSpeeds() {
        return portSpeeds;
    }

    /**
     * Returns the inter-switch links as declared (one direction each).
     *
     * @return links
     */
    public List<Link> links() {
        return links;
    }

    /**
     * Returns the hosts of the scenario as translator facts (MACs per port).
     *
     * @return facts
     */
    public KnownHosts facts() {
        return facts;
    }

    /**
     * Returns the slice requests, in declaration order.
     *
     * @return slice requests
     */
    public List<SliceRequest> slices() {
        return slices;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Scenario)) {
            return false;
        }
        Scenario that = (Scenario) o;
        return description.equals(that.description) && deviceNames.equals(that.deviceNames)
                && portSpeeds.equals(that.portSpeeds) && links.equals(that.links) && hosts.equals(that.hosts)
                && slices.equals(that.slices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(description, deviceNames, portSpeeds, links, hosts, slices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("description", description).add("deviceNames", deviceNames)
                .add("portSpeeds", portSpeeds).add("links", links).add("hosts", hosts).add("slices", slices)
                .toString();
    }
}
