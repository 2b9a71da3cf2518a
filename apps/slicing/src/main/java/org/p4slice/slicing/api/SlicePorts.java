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
package org.p4slice.slicing.api;

import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Derives the ports of a {@link Slice} from its endpoints and trunk links, in a stable order
 * (by device id, then port number).
 */
final class SlicePorts {

    private SlicePorts() {
    }

    /**
     * Returns how the slice uses each of its ports: an endpoint's mode (trunk wins when a port is
     * given twice), and trunk for both ends of every link.
     *
     * @param endpoints  endpoints
     * @param trunkLinks inter-switch links
     * @return modes, ordered by device and port
     */
    static Map<ConnectPoint, EndpointMode> modes(Set<Endpoint> endpoints, Set<Link> trunkLinks) {
        Map<ConnectPoint, EndpointMode> m = new TreeMap<>(ConnectPoints.ORDER);
        for (Endpoint e : endpoints) {
            m.merge(e.connectPoint(), e.mode(),
                    (a, c) -> a == EndpointMode.TRUNK || c == EndpointMode.TRUNK ? EndpointMode.TRUNK : a);
        }
        for (Link l : trunkLinks) {
            m.put(l.src(), EndpointMode.TRUNK);
            m.put(l.dst(), EndpointMode.TRUNK);
        }
        return ImmutableMap.copyOf(m);
    }

    /**
     * Groups ports by device, keeping their order.
     *
     * @param ports ports, ordered by device and port
     * @return ports of each device, ordered by device id
     */
    static Map<DeviceId, Set<ConnectPoint>> byDevice(Set<ConnectPoint> ports) {
        Map<DeviceId, ImmutableSet.Builder<ConnectPoint>> byDevice = new TreeMap<>(
                Comparator.comparing(DeviceId::toString));
        for (ConnectPoint cp : ports) {
            byDevice.computeIfAbsent(cp.deviceId(), d -> ImmutableSet.builder()).add(cp);
        }
        ImmutableMap.Builder<DeviceId, Set<ConnectPoint>> pb = ImmutableMap.builder();
        byDevice.forEach((d, set) -> pb.put(d, set.build()));
        return pb.build();
    }
}
