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
package org.p4slice.slicing.impl.translator;

import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.Slice;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Queue;
import java.util.Set;

/**
 * The devices of one slice joined by its trunk links, checked to form a tree (a loop would make
 * flooding in the slice circulate forever), answering which port of a device leads towards
 * another device of the slice.
 */
final class SliceTopology {

    // port on the key device towards each neighbouring device
    private final Map<DeviceId, Map<DeviceId, PortNumber>> neighbours;
    // first-hop port towards a target device, per target (computed lazily)
    private final Map<DeviceId, Map<DeviceId, PortNumber>> towards = new HashMap<>();

    private SliceTopology(Map<DeviceId, Map<DeviceId, PortNumber>> neighbours) {
        this.neighbours = neighbours;
    }

    /**
     * Builds the topology of a slice from its trunk links.
     *
     * @param slice slice
     * @return topology
     * @throws IllegalArgumentException if a link loops back to its device, the links form a loop or
     *                                  they leave devices of the slice unconnected
     */
    static SliceTopology of(Slice slice) {
        Map<DeviceId, Map<DeviceId, PortNumber>> neighbours = new HashMap<>();
        Map<DeviceId, DeviceId> parent = new HashMap<>();
        Set<Set<ConnectPoint>> edges = new HashSet<>();
        for (Link link : slice.trunkLinks()) {
            DeviceId a = link.src().deviceId();
            DeviceId b = link.dst().deviceId();
            if (a.equals(b)) {
                throw new IllegalArgumentException("slice " + slice.id() + ": trunk link " + link.src() + " -> "
                                                           + link.dst() + " connects a device to itself");
            }
            if (!edges.add(ImmutableSet.of(link.src(), link.dst()))) {
                continue; // the other direction of a link already seen
            }
            DeviceId rootA = find(parent, a);
            DeviceId rootB = find(parent, b);
            if (rootA.equals(rootB)) {
                throw new IllegalArgumentException("slice " + slice.id() + ": trunk link " + link.src() + " -> "
                                                           + link.dst() + " closes a loop between " + a + " and "
                                                           + b + "; the trunk links of a slice must form a tree");
            }
            parent.put(rootA, rootB);
            neighbours.computeIfAbsent(a, d -> new HashMap<>()).put(b, link.src().port());
            neighbours.computeIfAbsent(b, d -> new HashMap<>()).put(a, link.dst().port());
        }
        DeviceId first = null;
        for (DeviceId device : slice.devices()) {
            if (first == null) {
                first = device;
            } else if (!find(parent, device).equals(find(parent, first))) {
                throw new IllegalArgumentException("slice " + slice.id() + ": device " + device
                                                           + " is not connected to " + first
                                                           + " by the slice's trunk links");
            }
        }
        return new SliceTopology(neighbours);
    }

    private static DeviceId find(Map<DeviceId, DeviceId> parent, DeviceId device) {
        DeviceId root = device;
        DeviceId next;
        while ((next = parent.get(root)) != null) {
            root = next;
        }
        return root;
    }

    /**
     * Returns the port of a device that leads towards another device of the slice.
     *
     * @param from device holding the port
     * @param to   another device of the slice
     * @return port on {@code from}
     * @throws IllegalArgumentException if {@code to} cannot be reached from {@code from}
     */
    PortNumber portTowards(DeviceId from, DeviceId to) {
        Map<DeviceId, PortNumber> firstHops = towards.computeIfAbsent(to, this::firstHopsTowards);
        PortNumber port = firstHops.get(from);
        if (port == null) {
            throw new IllegalArgumentException("no trunk link path from " + from + " to " + to);
        }
        return port;
    }

    // BFS from the target: each reached device's first hop is its link to the BFS parent
    private Map<DeviceId, PortNumber> firstHopsTowards(DeviceId target) {
        Map<DeviceId, PortNumber> firstHops = new HashMap<>();
        Set<DeviceId> seen = new HashSet<>();
        Queue<DeviceId> queue = new ArrayDeque<>();
        seen.add(target);
        queue.add(target);
        while (!queue.isEmpty()) {
            DeviceId current = queue.remove();
            for (DeviceId next : neighbours.getOrDefault(current, Map.of()).keySet()) {
                if (seen.add(next)) {
                    firstHops.put(next, neighbours.get(next).get(current));
                    queue.add(next);
                }
            }
        }
        return firstHops;
    }
}
