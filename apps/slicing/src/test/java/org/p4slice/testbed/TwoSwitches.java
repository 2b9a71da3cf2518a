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
package org.p4slice.testbed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import static org.p4slice.testbed.TestbedNetwork.cp;

/**
 * The two-switch network the slice tests run on: p4slice switches {@code s1} and {@code s2}, each with
 * ports 1 to 8 of 1 Gbit/s, linked by their port 8 (the trunk); ports 1 to 7 are free for access ports
 * and other trunks.
 */
public final class TwoSwitches {

    /** Ports of each switch, numbered from 1. */
    public static final int PORTS = 8;
    /** Speed of every port, Mbit/s (1 Gbit/s). */
    public static final long SPEED_MBPS = 1000;
    /** The port of each switch the link between them uses. */
    public static final int TRUNK_PORT = 8;

    /** Switch s1. */
    public final DeviceId s1;
    /** Switch s2. */
    public final DeviceId s2;
    /** The link from s1's trunk port to s2's. */
    public final Link trunk;

    private TwoSwitches(DeviceId s1, DeviceId s2, Link trunk) {
        this.s1 = s1;
        this.s2 = s2;
        this.trunk = trunk;
    }

    /**
     * Adds the two switches and their link to a network (before the slicing app starts on it).
     *
     * @param network the testbed's network, or one instance of a cluster's
     * @return the switches and their link
     */
    public static TwoSwitches addTo(TestbedNetwork network) {
        DeviceId s1 = network.addSwitch("s1", PORTS, SPEED_MBPS);
        DeviceId s2 = network.addSwitch("s2", PORTS, SPEED_MBPS);
        return new TwoSwitches(s1, s2, network.connect(cp(s1, TRUNK_PORT), cp(s2, TRUNK_PORT)));
    }
}
