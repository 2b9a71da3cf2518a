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
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One host of a scenario as declared: its name, MAC, optional IP address (with optional prefix
 * length, as written) and the switch port it is attached to. Values only; {@link ScenarioParse}
 * has checked them (names and MACs unique, one host per port, never on a link port).
 */
public final class ScenarioHost {

    private final String name;
    private final MacAddress mac;
    private final Optional<String> ip;
    private final ConnectPoint location;

    /**
     * Creates a host.
     *
     * @param name     host name
     * @param mac      MAC address
     * @param ip       IP address with optional prefix length, as written, or empty
     * @param location switch port the host is attached to
     */
    public ScenarioHost(String name, MacAddress mac, Optional<String> ip, ConnectPoint location) {
        this.name = checkNotNull(name, "name must not be null");
        this.mac = checkNotNull(mac, "mac must not be null");
        this.ip = checkNotNull(ip, "ip must not be null (use Optional.empty())");
        this.location = checkNotNull(location, "location must not be null");
    }

    /**
     * Returns the host's name.
     *
     * @return name
     */
    public String name() {
        return name;
    }

    /**
     * Returns the host's MAC address.
     *
     * @return MAC
     */
    public MacAddress mac() {
        return mac;
    }

    /**
     * Returns the host's IP address with its optional prefix length, as written in the scenario.
     *
     * @return address, or empty if the scenario gives none
     */
    public Optional<String> ip() {
        return ip;
    }

    /**
     * Returns the switch port the host is attached to.
     *
     * @return connect point
     */
    public ConnectPoint location() {
        return location;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ScenarioHost)) {
            return false;
        }
        ScenarioHost that = (ScenarioHost) o;
        return name.equals(that.name) && mac.equals(that.mac) && ip.equals(that.ip)
                && location.equals(that.location);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, mac, ip, location);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("name", name).add("mac", mac).add("ip", ip.orElse(null))
                .add("location", location).toString();
    }
}
