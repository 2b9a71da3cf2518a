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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.SlicingException;
import com.google.common.collect.ImmutableSet;
import org.onlab.graph.ScalarWeight;
import org.onlab.graph.Weight;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.topology.LinkWeigher;
import org.onosproject.net.topology.TopologyEdge;
import org.onosproject.net.Link;
import org.onosproject.net.Path;
import org.onosproject.net.topology.PathService;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Finds the inter-switch links that join the devices of a multi-switch slice: a tree grown from
 * the smallest device id, adding for each further device (in id order) the part of a shortest path
 * (ONOS {@link PathService}) that is not yet in the tree. The result has no loop, so flooding inside
 * the slice terminates, and is deterministic: among equally short paths the one whose links sort
 * first is taken.
 * <p>
 * Once the operator declares the infrastructure ports ({@code infrastructurePorts} in the {@code p4slice}
 * netcfg), only links whose both ends are declared are used: a link ONOS discovered from probes a
 * tenant's hosts relayed between two access ports never carries a trunk.
 */
final class TrunkPathResolver {

    private static final Comparator<Path> PATH_ORDER =
            Comparator.comparingInt((Path p) -> p.links().size())
                    .thenComparing(p -> p.links().stream().map(l -> l.src() + ">" + l.dst())
                            .collect(Collectors.joining(",")));

    private final PathService pathService;
    private final Supplier<Optional<Set<ConnectPoint>>> infrastructure;

    /**
     * Creates a resolver over every link ONOS knows.
     *
     * @param pathService ONOS path computation
     */
    public TrunkPathResolver(PathService pathService) {
        this(pathService, Optional::empty);
    }

    /**
     * Creates a resolver over the links between declared infrastructure ports.
     *
     * @param pathService    ONOS path computation
     * @param infrastructure the infrastructure ports declared now (empty: not declared, every link counts)
     */
    public TrunkPathResolver(PathService pathService, Supplier<Optional<Set<ConnectPoint>>> infrastructure) {
        this.pathService = checkNotNull(pathService);
        this.infrastructure = checkNotNull(infrastructure);
    }

    private static boolean between(Link link, Set<ConnectPoint> ports) {
        return ports.contains(link.src()) && ports.contains(link.dst());
    }

    /**
     * Returns the links joining the given devices, each oriented away from the smallest device.
     *
     * @param devices devices of the slice's endpoints
     * @return links; empty for a single device
     * @throws SlicingException INVALID if two of the devices are not connected
     */
    Set<Link> resolve(Collection<DeviceId> devices) {
        Set<DeviceId> sorted = new TreeSet<>(Comparator.comparing(DeviceId::toString));
        sorted.addAll(devices);
        if (sorted.size() < 2) {
            return ImmutableSet.of();
        }
        List<DeviceId> order = new ArrayList<>(sorted);
        DeviceId root = order.get(0);
        Set<DeviceId> inTree = new HashSet<>();
        inTree.add(root);
        Set<Link> tree = new LinkedHashSet<>();
        Optional<Set<ConnectPoint>> declared = infrastructure.get();
        LinkWeigher weigher = declared.<LinkWeigher>map(ports -> new InfrastructureWeigher(ports)).orElse(null);
        for (DeviceId target : order.subList(1, order.size())) {
            if (inTree.contains(target)) {
                continue;
            }
            Set<Path> paths = weigher == null ? pathService.getPaths(root, target)
                    : pathService.getPaths(root, target, weigher);
            Path path = paths.stream()
                    .filter(p -> !p.links().isEmpty())
                    .filter(p -> declared.isEmpty() || p.links().stream().allMatch(l -> between(l, declared.get())))
                    .min(PATH_ORDER)
                    .orElseThrow(() -> SlicingException.invalid("devices " + root + " and " + target
                            + " are not connected: no path between them in the topology" + (declared.isEmpty()
                            ? "" : " over links between the declared infrastructure ports")));
            // keep the tail of the path after the last device already in the tree
            List<Link> links = path.links();
            int start = 0;
            for (int i = 0; i < links.size(); i++) {
                if (inTree.contains(links.get(i).dst().deviceId())) {
                    start = i + 1;
                }
            }
            for (Link l : links.subList(start, links.size())) {
                tree.add(l);
                inTree.add(l.src().deviceId());
                inTree.add(l.dst().deviceId());
            }
        }
        return ImmutableSet.copyOf(tree);
    }

    // links between declared infrastructure ports only
    private static final class InfrastructureWeigher implements LinkWeigher {
        private final Set<ConnectPoint> ports;

        private InfrastructureWeigher(Set<ConnectPoint> ports) {
            this.ports = ports;
        }

        @Override
        public Weight getInitialWeight() {
            return ScalarWeight.toWeight(0.0);
        }

        @Override
        public Weight getNonViableWeight() {
            return ScalarWeight.NON_VIABLE_WEIGHT;
        }

        @Override
        public Weight weight(TopologyEdge edge) {
            return between(edge.link(), ports) ? ScalarWeight.toWeight(1.0) : ScalarWeight.NON_VIABLE_WEIGHT;
        }
    }
}
