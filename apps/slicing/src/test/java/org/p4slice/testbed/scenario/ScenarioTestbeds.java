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

import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.Behaviour;
import org.p4slice.testbed.SlicingTestbed;

import java.util.Map;
import java.util.function.Function;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

/**
 * Builds a testbed from a scenario (the format of {@code mininet-tests/scenarios}, read by
 * {@code ScenarioReader}): its devices with their ports and speeds, all running the p4slice
 * pipeconf, its links, and its hosts known to ONOS's host service at their ports. The scenario's
 * slices are not created unless asked.
 */
public final class ScenarioTestbeds {

    private ScenarioTestbeds() {
    }

    /**
     * Returns a (not yet started) testbed with the scenario's devices, ports, links and hosts.
     *
     * @param scenario scenario
     * @return testbed
     */
    public static SlicingTestbed testbed(Scenario scenario) {
        return fill(new SlicingTestbed(), scenario, d -> Map.of());
    }

    /**
     * Adds the scenario's devices, ports, links and hosts to a (not yet started) testbed, each device
     * answering to the behaviours given for it (besides the pipeconf binding).
     *
     * @param tb         testbed
     * @param scenario   scenario
     * @param behaviours behaviours of each device
     * @return the testbed
     */
    public static SlicingTestbed fill(SlicingTestbed tb, Scenario scenario,
                                      Function<DeviceId, Map<Class<?>, Behaviour>> behaviours) {
        for (Map.Entry<DeviceId, Map<PortNumber, Long>> d : scenario.portSpeeds().entrySet()) {
            DeviceId id = tb.addSwitch(d.getKey().toString(), P4SlicePipeconfIds.BMV2_PIPECONF_ID,
                                       behaviours.apply(d.getKey()));
            d.getValue().forEach((port, speed) -> tb.addPort(id, port.toLong(), speed));
        }
        for (Link l : scenario.links()) {
            tb.connect(l.src(), l.dst());
        }
        scenario.facts().hosts().forEach((port, macs) -> macs.forEach(mac -> tb.hosts.place(mac, port)));
        return tb;
    }

}
