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

import org.onlab.packet.ChassisId;
import org.onosproject.common.DefaultTopology;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.DisjointPath;
import org.onosproject.net.ElementId;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.host.HostServiceAdapter;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.AbstractPathService;
import org.onosproject.net.topology.DefaultGraphDescription;
import org.onosproject.net.topology.LinkWeigher;
import org.onosproject.net.topology.Topology;
import org.onosproject.net.topology.TopologyServiceAdapter;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * ONOS's own path service code over the fake link service's links: {@link AbstractPathService}
 * (what ONOS's {@code PathManager} extends) on a {@link DefaultTopology} built from the current
 * links, so paths are ONOS's shortest paths with its default hop-count weigher and Dijkstra search.
 */
public class FakePathService extends AbstractPathService {

    private static final ProviderId PID = new ProviderId("path", "org.p4slice.test");

    /**
     * Creates a path service over links.
     *
     * @param links links
     */
    public FakePathService(FakeLinkService links) {
        this.hostService = new HostServiceAdapter();
        this.topologyService = new TopologyServiceAdapter() {
            @Override
            public Topology currentTopology() {
                return topology(links);
            }

            @Override
            public Set<Path> getPaths(Topology topology, DeviceId src, DeviceId dst, LinkWeigher weigher) {
                return ((DefaultTopology) topology).getPaths(src, dst, weigher);
            }
        };
    }

    @Override
    public Set<Path> getPaths(ElementId src, ElementId dst) {
        return getPaths(src, dst, (LinkWeigher) null);
    }

    @Override
    public Set<DisjointPath> getDisjointPaths(ElementId src, ElementId dst) {
        return getDisjointPaths(src, dst, (LinkWeigher) null);
    }

    @Override
    public Set<DisjointPath> getDisjointPaths(ElementId src, ElementId dst, Map<Link, Object> riskProfile) {
        return getDisjointPaths(src, dst, null, riskProfile);
    }

    // the topology ONOS's topology provider would build from these links (devices = link ends)
    private static Topology topology(FakeLinkService links) {
        Map<DeviceId, Device> devices = new LinkedHashMap<>();
        for (Link l : links.getLinks()) {
            for (DeviceId d : new DeviceId[]{l.src().deviceId(), l.dst().deviceId()}) {
                devices.computeIfAbsent(d, id -> new DefaultDevice(PID, id, Device.Type.SWITCH, "p4slice", "1",
                                                                   "1", "1", new ChassisId()));
            }
        }
        long now = System.nanoTime();
        return new DefaultTopology(PID, new DefaultGraphDescription(now, System.currentTimeMillis(),
                                                                    devices.values(), links.getLinks()));
    }
}
