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
package org.p4slice.slicing.testing;

import com.google.common.collect.ImmutableSet;
import org.onlab.graph.ScalarWeight;
import org.onosproject.net.DefaultPath;
import org.onosproject.net.DeviceId;
import org.onosproject.net.ElementId;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.net.topology.PathServiceAdapter;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every shortest path (in hops) between two devices over the fake link service's links, found
 * breadth-first, as ONOS's path service answers with the default hop-count weigher.
 */
public class FakePathService extends PathServiceAdapter {

    private static final ProviderId PID = new ProviderId("path", "org.p4slice.test");

    private final FakeLinkService links;

    /**
     * Creates a path service over links.
     *
     * @param links links
     */
    public FakePathService(FakeLinkService links) {
        this.links = links;
    }

    @Override
    public Set<Path> getPaths(ElementId src, ElementId dst) {
        if (!(src instanceof DeviceId) || !(dst instanceof DeviceId) || src.equals(dst)) {
            return ImmutableSet.of();
        }
        // breadth-first distances from src
        Map<DeviceId, Integer> dist = new HashMap<>();
        Deque<DeviceId> queue = new ArrayDeque<>();
        dist.put((DeviceId) src, 0);
        queue.add((DeviceId) src);
        while (!queue.isEmpty()) {
            DeviceId d = queue.poll();
            for (Link l : links.getDeviceEgressLinks(d)) {
                if (!dist.containsKey(l.dst().deviceId())) {
                    dist.put(l.dst().deviceId(), dist.get(d) + 1);
                    queue.add(l.dst().deviceId());
                }
            }
        }
        if (!dist.containsKey(dst)) {
            return ImmutableSet.of();
        }
        List<List<Link>> all = new ArrayList<>();
        collect((DeviceId) src, (DeviceId) dst, dist, new ArrayList<>(), all);
        ImmutableSet.Builder<Path> paths = ImmutableSet.builder();
        all.forEach(p -> paths.add(new DefaultPath(PID, p, ScalarWeight.toWeight(p.size()))));
        return paths.build();
    }

    private void collect(DeviceId at, DeviceId dst, Map<DeviceId, Integer> dist, List<Link> prefix,
                         List<List<Link>> out) {
        if (at.equals(dst)) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (Link l : links.getDeviceEgressLinks(at)) {
            Integer next = dist.get(l.dst().deviceId());
            if (next != null && next == dist.get(at) + 1 && next <= dist.get(dst)) {
                prefix.add(l);
                collect(l.dst().deviceId(), dst, dist, prefix, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }
}
