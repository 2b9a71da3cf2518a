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
package org.p4slice.slicing.translator;

import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;

/**
 * Chooses the inter-switch links a slice crosses: the union of the shortest paths (in hops) from
 * the slice's first device (by device id) to each of its other devices, within one breadth-first
 * tree over the declared links. Paths within one BFS tree form a tree, so the result never has a
 * loop, and transit devices of a chain are included. Links are undirected; the returned links keep
 * the direction in which they were declared. Ties are broken by device id and port number, so the
 * choice is deterministic.
 */
final class TrunkLinkResolver {

    private static final Comparator<Link> LINK_ORDER =
            Comparator.comparing((Link l) -> l.src().deviceId().toString())
                    .thenComparingLong(l -> l.src().port().toLong())
                    .thenComparing(l -> l.dst().deviceId().toString())
                    .thenComparingLong(l -> l.dst().port().toLong());

    private final Map<DeviceId, List<Link>> adjacency = new HashMap<>();

    /**
     * Creates a resolver over the given links.
     *
     * @param links inter-switch links, each declared once
     */
    TrunkLinkResolver(Collection<Link> links) {
        List<Link> sorted = new ArrayList<>(links);
        sorted.sort(LINK_ORDER);
        for (Link link : sorted) {
            adjacency.computeIfAbsent(link.src().deviceId(), d -> new ArrayList<>()).add(link);
            adjacency.computeIfAbsent(link.dst().deviceId(), d -> new ArrayList<>()).add(link);
        }
    }

    /**
     * Resolves the links joining the given devices.
     *
     * @param devices devices of a slice
     * @return links ordered by source device and port; empty for fewer than two devices
     * @throws IllegalArgumentException naming the first device that cannot be reached
     */
    Set<Link> resolve(Collection<DeviceId> devices) {
        List<DeviceId> ordered = new ArrayList<>(devices);
        ordered.sort(Comparator.comparing(DeviceId::toString));
        if (ordered.size() < 2) {
            return ImmutableSet.of();
        }
        DeviceId root = ordered.get(0);
        Map<DeviceId, Link> reachedBy = new HashMap<>();
        Set<DeviceId> seen = new LinkedHashSet<>();
        Queue<DeviceId> queue = new ArrayDeque<>();
        seen.add(root);
        queue.add(root);
        while (!queue.isEmpty()) {
            DeviceId current = queue.remove();
            for (Link link : adjacency.getOrDefault(current, List.of())) {
                DeviceId next = other(link, current).orElse(null);
                if (next != null && seen.add(next)) {
                    reachedBy.put(next, link);
                    queue.add(next);
                }
            }
        }
        Set<Link> result = new LinkedHashSet<>();
        for (DeviceId device : ordered.subList(1, ordered.size())) {
            if (!seen.contains(device)) {
                throw new IllegalArgumentException("device " + device + " cannot be reached from " + root
                                                           + " over the scenario's links");
            }
            DeviceId current = device;
            while (!current.equals(root)) {
                Link link = reachedBy.get(current);
                result.add(link);
                current = other(link, current).orElseThrow();
            }
        }
        List<Link> sorted = new ArrayList<>(result);
        sorted.sort(LINK_ORDER);
        return ImmutableSet.copyOf(sorted);
    }

    private static Optional<DeviceId> other(Link link, DeviceId device) {
        ConnectPoint src = link.src();
        ConnectPoint dst = link.dst();
        if (src.deviceId().equals(device)) {
            return Optional.of(dst.deviceId());
        }
        if (dst.deviceId().equals(device)) {
            return Optional.of(src.deviceId());
        }
        return Optional.empty();
    }
}
