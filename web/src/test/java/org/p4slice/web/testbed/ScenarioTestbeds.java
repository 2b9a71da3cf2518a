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
package org.p4slice.web.testbed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.translator.Scenario;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Builds a testbed from a scenario (the format of {@code mininet-tests/scenarios}, read by the
 * slicing app's {@code ScenarioReader}): its devices with their ports and speeds, all running the
 * p4slice pipeconf, and its links. The scenario's slices are not created unless asked.
 */
public final class ScenarioTestbeds {

    private ScenarioTestbeds() {
    }

    /**
     * Returns a (not yet started) testbed with the scenario's devices, ports and links.
     *
     * @param scenario scenario
     * @return testbed
     */
    public static SlicingTestbed testbed(Scenario scenario) {
        SlicingTestbed tb = new SlicingTestbed();
        for (Map.Entry<DeviceId, Map<PortNumber, Long>> d : scenario.portSpeeds().entrySet()) {
            DeviceId id = tb.addSwitch(d.getKey().toString());
            d.getValue().forEach((port, speed) -> tb.addPort(id, port.toLong(), speed));
        }
        for (Link l : scenario.links()) {
            tb.connect(l.src(), l.dst());
        }
        return tb;
    }

    /**
     * Returns the scenario's slices as the requests that create them (ids and VLANs as declared).
     *
     * @param scenario scenario
     * @return requests, in declaration order
     */
    public static List<SliceRequest> sliceRequests(Scenario scenario) {
        return scenario.slices().stream().map(ScenarioTestbeds::request).collect(Collectors.toList());
    }

    private static SliceRequest request(Slice s) {
        return SliceRequest.builder().id(s.id()).name(s.name()).tenant(s.tenant()).vlan(s.vlan())
                .quotaBps(s.quotaBps()).burstBytes(s.burstBytes()).endpoints(s.endpoints()).build();
    }
}
