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
package org.p4slice.web.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.onosproject.net.host.HostService;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.topo.DeviceHighlight;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.HostHighlight;
import org.onosproject.ui.topo.LinkHighlight;
import org.onosproject.ui.topo.TopoJson;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.stats.SliceStats;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.onosproject.net.PortNumber.portNumber;

/**
 * The topology overlay's data: {@value #SELECT} {@code {"id"}} picks a slice, {@code {"step": 1}}
 * or {@code -1} the next or previous one (by id, wrapping), {@code {}} refreshes the pick and
 * {@value #CLEAR} drops it. The answer is ONOS's {@code showHighlights} (the slice's switches,
 * hosts, their access links and its trunk links; links labelled with the slice's measured
 * rate and quota; everything else subdued) and {@value #SELECTED}, the slice shown (or none).
 */
public class SliceOverlayHandler extends GuiHandler {

    /** Pick a slice. */
    public static final String SELECT = "p4sliceTopoSelect";
    /** Drop the pick. */
    public static final String CLEAR = "p4sliceTopoClear";
    /** The slice shown. */
    public static final String SELECTED = "p4sliceTopoSelected";

    // the slice this session shows, if any
    private Integer selected;

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(
                new RequestHandler(SELECT) {
                    @Override
                    public void process(ObjectNode payload) {
                        select(payload);
                    }
                },
                new RequestHandler(CLEAR) {
                    @Override
                    public void process(ObjectNode payload) {
                        selected = null;
                        sendMessage(TopoJson.highlightsMessage(new Highlights()));
                        send(SELECTED, objectNode());
                    }
                });
    }

    private void select(ObjectNode payload) {
        List<Slice> slices = gate().getSlices(caller(), null).stream().sorted(Comparator.comparingInt(s -> s.id().id()))
                .collect(Collectors.toList());
        JsonNode id = payload == null ? null : payload.get("id");
        JsonNode step = payload == null ? null : payload.get("step");
        if (id != null && id.canConvertToInt()) {
            selected = id.asInt();
        } else if (step != null && step.canConvertToInt() && !slices.isEmpty()) {
            selected = slices.get(next(slices, selected, step.asInt())).id().id();
        }
        Optional<Slice> slice = slices.stream().filter(s -> Objects.equals(s.id().id(), selected)).findFirst();
        ObjectNode shown = objectNode();
        if (slice.isPresent()) {
            Slice s = slice.get();
            SliceStats stats = stats(s);
            sendMessage(TopoJson.highlightsMessage(highlights(s, stats)));
            shown.set("slice", SlicesTableHandler.encode(s));
            shown.put("label", label(s, stats));
            shown.put("index", slices.indexOf(s) + 1);
            shown.put("count", slices.size());
            ArrayNode links = shown.putArray("links");
            linkIds(s).forEach(links::add);
        } else {
            if (selected != null) {
                shown.put("message", "no slice with id " + selected);
            }
            selected = null;
            sendMessage(TopoJson.highlightsMessage(new Highlights()));
        }
        send(SELECTED, shown);
    }

    // the index of the slice step places after the current one (by id, wrapping)
    static int next(List<Slice> byId, Integer current, int step) {
        int at = -1;
        for (int i = 0; i < byId.size(); i++) {
            if (Objects.equals(byId.get(i).id().id(), current)) {
                at = i;
            }
        }
        if (at < 0) {
            return step < 0 ? byId.size() - 1 : 0;
        }
        return Math.floorMod(at + step, byId.size());
    }

    private Highlights highlights(Slice slice, SliceStats stats) {
        Highlights h = new Highlights();
        String label = label(slice, stats);
        for (DeviceId d : slice.devices()) {
            h.add(new DeviceHighlight(d.toString()));
        }
        for (Link l : slice.trunkLinks()) {
            h.add(new LinkHighlight(LinkKey.linkKey(l.src(), l.dst()).asId(), LinkHighlight.Flavor.PRIMARY_HIGHLIGHT)
                          .setLabel(label));
        }
        for (Host host : hosts(slice)) {
            h.add(new HostHighlight(host.id().toString()));
            ConnectPoint hostEnd = new ConnectPoint(host.id(), portNumber(0));
            h.add(new LinkHighlight(LinkKey.linkKey(hostEnd, host.location()).asId(),
                                    LinkHighlight.Flavor.SECONDARY_HIGHLIGHT).setLabel(label));
        }
        h.subdueAllElse(Highlights.Amount.MINIMALLY);
        return h;
    }

    // the ids the topology view knows the slice's trunk links by
    private static Set<String> linkIds(Slice slice) {
        Set<String> ids = new TreeSet<>();
        slice.trunkLinks().forEach(l -> ids.add(LinkKey.linkKey(l.src(), l.dst()).asId()));
        return ids;
    }

    // the hosts ONOS learned on the slice's access ports
    private Set<Host> hosts(Slice slice) {
        HostService hosts = get(HostService.class);
        Set<Host> found = new HashSet<>();
        for (Endpoint e : slice.endpoints()) {
            if (e.mode() == EndpointMode.ACCESS && hosts != null) {
                found.addAll(hosts.getConnectedHosts(e.connectPoint()));
            }
        }
        return found;
    }

    /**
     * The label of a slice's links: its measured rate against its quota, e.g.
     * {@code "lab-a: 2.1/8 Mb/s"} (the larger of its rx and tx rate).
     *
     * @param slice slice
     * @param stats its statistics
     * @return label
     */
    static String label(Slice slice, SliceStats stats) {
        return slice.name() + ": " + mbps(Math.max(stats.rxBps(), stats.txBps())) + "/" + mbps(slice.quotaBps())
                + " Mb/s";
    }

    // Mbit/s with at most two decimals: 8, 4.1, 0.04, 0
    static String mbps(long bps) {
        return BigDecimal.valueOf(bps).movePointLeft(6).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros()
                .toPlainString();
    }
}
