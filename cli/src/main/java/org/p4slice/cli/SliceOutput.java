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
package org.p4slice.cli;

import org.onosproject.net.Link;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.ConnectPoints;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The table of slices printed by {@code slices}, {@code slice-add} and {@code slice-update}.
 */
final class SliceOutput {

    private SliceOutput() {
    }

    /**
     * Returns the lines of the slice table, ordered by id; a failed slice is followed by its
     * reason.
     *
     * @param slices slices
     * @return lines
     */
    static List<String> lines(Collection<Slice> slices) {
        List<Slice> sorted = new ArrayList<>(slices);
        sorted.sort(Comparator.comparing(Slice::id));
        TextTable table = new TextTable("ID", "NAME", "TENANT", "VLAN", "QUOTA", "BURST", "STATE", "PORTS",
                                        "TRUNK-LINKS");
        for (Slice s : sorted) {
            table.row(s.id(), s.name(), s.tenant(), s.vlan(), Rates.format(s.quotaBps()), s.burstBytes(),
                      s.state(), endpoints(s), links(s));
            s.reason().ifPresent(reason -> table.note("reason: " + reason));
        }
        return table.lines();
    }

    /**
     * Lists a slice's endpoints, {@code device:bmv2:s1/1} for access and
     * {@code device:bmv2:s1/4(trunk)} for trunk ports, comma-separated in port order.
     *
     * @param slice slice
     * @return text
     */
    static String endpoints(Slice slice) {
        return slice.endpoints().stream()
                .sorted(Comparator.comparing(Endpoint::connectPoint, ConnectPoints.ORDER))
                .map(e -> e.connectPoint() + (e.mode() == EndpointMode.TRUNK ? "(trunk)" : ""))
                .collect(Collectors.joining(","));
    }

    private static String links(Slice slice) {
        if (slice.trunkLinks().isEmpty()) {
            return "-";
        }
        return slice.trunkLinks().stream()
                .sorted(ConnectPoints.LINK_ORDER)
                .map(SliceOutput::link)
                .collect(Collectors.joining(","));
    }

    /**
     * Writes a link as {@code src-dst}.
     *
     * @param link link
     * @return text
     */
    static String link(Link link) {
        return link.src() + "-" + link.dst();
    }
}
