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
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.ConnectPoints;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
        return lines(slices, null);
    }

    /**
     * Returns the lines of the slice table with a DEVICES column after STATE (e.g. {@code 2/2 ACTIVE}:
     * how many of the slice's switches hold its current version).
     *
     * @param slices  slices
     * @param devices the DEVICES column of a slice, or null for none
     * @return lines
     */
    static List<String> lines(Collection<Slice> slices, Function<Slice, String> devices) {
        List<Slice> sorted = new ArrayList<>(slices);
        sorted.sort(Comparator.comparing(Slice::id));
        List<String> headers = new ArrayList<>(List.of("ID", "NAME", "TENANT", "VLAN", "QUOTA", "BURST", "STATE"));
        if (devices != null) {
            headers.add("DEVICES");
        }
        headers.addAll(List.of("PORTS", "TRUNK-LINKS"));
        TextTable table = new TextTable(headers.toArray(new String[0]));
        for (Slice s : sorted) {
            List<Object> row = new ArrayList<>(List.of(s.id(), s.name(), s.tenant(), s.vlan(),
                                                       Rates.format(s.quotaBps()), s.burstBytes(), s.state()));
            if (devices != null) {
                row.add(devices.apply(s));
            }
            row.add(endpoints(s));
            row.add(links(s));
            table.row(row.toArray());
            s.reason().ifPresent(reason -> table.note("reason: " + reason));
        }
        return table.lines();
    }

    /**
     * Summarises the devices' outcomes of a slice: {@code <n>/<m> ACTIVE} where m is the number of
     * the slice's switches and n those that hold its current version, followed by {@code , <k> FAILED}
     * if any failed to take it.
     *
     * @param slice    the slice
     * @param outcomes its devices' outcomes
     * @return text
     */
    static String devices(Slice slice, Map<DeviceId, DeviceOutcome> outcomes) {
        long active = count(slice, outcomes, SliceState.ACTIVE);
        long failed = count(slice, outcomes, SliceState.FAILED);
        return active + "/" + slice.devices().size() + " ACTIVE" + (failed > 0 ? ", " + failed + " FAILED" : "");
    }

    private static long count(Slice slice, Map<DeviceId, DeviceOutcome> outcomes, SliceState state) {
        return slice.devices().stream().map(outcomes::get)
                .filter(o -> o != null && o.state() == state && o.isFor(slice)).count();
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
