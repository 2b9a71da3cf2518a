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

import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_EGRESS_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_POP_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_PUSH_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_VLAN_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE_TRANSIT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ID_BITWIDTH;
import static org.p4slice.pipeconf.P4SliceConstants.VLAN_ID;
import static org.p4slice.pipeconf.P4SliceConstants.VLAN_ID_BITWIDTH;
import static org.p4slice.slicing.impl.translator.PiValues.bits;
import static org.p4slice.slicing.impl.translator.PiValues.port;

/**
 * Turns a slice into the PI entities of {@code docs/p4-contract.md} on every device it touches.
 * <p>
 * Pure: no ONOS services, no state; the same slice and facts always give the same plan. Per device:
 * <ul>
 *   <li>{@code slice_classifier}: one entry per slice port, key (port, VLAN id 0) on access
 *       endpoints and (port, slice VLAN) on trunk endpoints and trunk-link ends, action
 *       {@code set_slice(slice id)} on endpoints and {@code set_slice_transit(slice id)} on the ends
 *       of inter-switch links (traffic arriving there was metered by the switch where it entered
 *       the testbed; metering it again would also count the VLAN tag's 4 bytes);</li>
 *   <li>{@code l2_forward}: for each host known at an endpoint of the slice, key (slice id, host MAC),
 *       action {@code set_egress_port} with the host's port on its own device and the port towards
 *       the host's device on the others; MACs seen at several endpoints of the slice are left to
 *       flooding, like unknown ones (the table's default {@code flood()});</li>
 *   <li>{@code egress_vlan}: one entry per slice port, key (port, slice id), action
 *       {@code push_vlan(slice VLAN)} on trunk ports and {@code pop_vlan()} on access ports;</li>
 *   <li>meter cell {@code slice_meter[slice id]} with CIR = PIR = quota / 8 bytes per second,
 *       <b>rounded up</b> (the slice is never throttled below its admitted quota; the excess is
 *       below 1 byte/s and far inside the guard band, and any positive quota gives the non-zero
 *       rate ONOS's meter translator requires), CBS = PBS = the slice's burst in bytes;</li>
 *   <li>multicast group id = slice id with one replica per slice port on the device, ordered by
 *       port.</li>
 * </ul>
 * All keys are exact, so every entry has priority 0. Values are fitted to the pipeline's bit
 * widths (ports 9 bits, slice id and VLAN id 12 bits, MAC 48 bits).
 */
public final class SliceTranslator {

    private static final int ETH_ADDR_BITWIDTH = 48;
    private static final int EXACT_PRIORITY = 0;
    private static final int UNTAGGED_VLAN_KEY = 0;
    private static final int MIN_VLAN = 1;
    private static final int MAX_VLAN = 4094;

    /**
     * Translates a slice.
     *
     * @param slice slice with its trunk links resolved
     * @param facts hosts known in the network (may be empty)
     * @return the slice's plan, one device plan per device of the slice
     * @throws IllegalArgumentException if the slice cannot be expressed in the pipeline: VLAN
     *                                  outside 1..4094, quota or burst not positive, a port that is
     *                                  logical, the CPU port or wider than the port field, trunk
     *                                  links that form a loop or leave devices unconnected
     */
    public SlicePlan translate(Slice slice, KnownHosts facts) {
        checkNotNull(slice, "slice must not be null");
        checkNotNull(facts, "topology facts must not be null");
        final int sliceId = slice.id().id();
        final int vlan = slice.vlan().toShort();
        if (vlan < MIN_VLAN || vlan > MAX_VLAN) {
            throw new IllegalArgumentException("slice " + sliceId + ": VLAN must be in " + MIN_VLAN + ".."
                                                       + MAX_VLAN + ", got " + slice.vlan());
        }
        if (slice.quotaBps() <= 0) {
            throw new IllegalArgumentException("slice " + sliceId + ": quota must be > 0 bit/s, got "
                                                       + slice.quotaBps());
        }
        if (slice.burstBytes() <= 0) {
            throw new IllegalArgumentException("slice " + sliceId + ": burst must be > 0 bytes, got "
                                                       + slice.burstBytes());
        }
        SliceTopology topology = SliceTopology.of(slice);
        Map<MacAddress, ConnectPoint> hosts = knownHosts(slice, facts);

        long rate = bytesPerSecond(slice.quotaBps());
        PlannedMeter meter = PlannedMeter.of(INGRESS_SLICE_METER, sliceId, rate, slice.burstBytes(),
                                             rate, slice.burstBytes());
        ImmutableByteSequence sliceKey = bits(sliceId, SLICE_ID_BITWIDTH, "slice id");
        ImmutableByteSequence vlanValue = bits(vlan, VLAN_ID_BITWIDTH, "VLAN id");
        ImmutableByteSequence untagged = bits(UNTAGGED_VLAN_KEY, VLAN_ID_BITWIDTH, "VLAN id");

        // the ends of inter-switch links: traffic arriving there was metered where it entered
        Set<ConnectPoint> linkEnds = new HashSet<>();
        slice.trunkLinks().forEach(l -> {
            linkEnds.add(l.src());
            linkEnds.add(l.dst());
        });

        Map<DeviceId, DevicePlan> devices = new LinkedHashMap<>();
        for (DeviceId device : slice.devices()) {
            List<ConnectPoint> ports = new ArrayList<>(slice.ports(device));
            ports.sort(Comparator.comparingLong(cp -> cp.port().toLong()));
            List<PlannedEntry> entries = new ArrayList<>();
            for (ConnectPoint cp : ports) {
                boolean trunk = slice.modeOf(cp) == EndpointMode.TRUNK;
                entries.add(PlannedEntry.of(
                        INGRESS_SLICE_CLASSIFIER,
                        PiCriterion.builder()
                                .add(new PiExactFieldMatch(HDR_INGRESS_PORT, port(cp)))
                                .add(new PiExactFieldMatch(HDR_VLAN_ID, trunk ? vlanValue : untagged))
                                .build(),
                        PiAction.builder().withId(linkEnds.contains(cp) ? INGRESS_SET_SLICE_TRANSIT : INGRESS_SET_SLICE)
                                .withParameter(new PiActionParam(SLICE_ID, sliceKey)).build(),
                        EXACT_PRIORITY));
            }
            hosts.forEach((mac, hostPort) -> {
                ConnectPoint out = hostPort.deviceId().equals(device) ? hostPort
                        : new ConnectPoint(device, topology.portTowards(device, hostPort.deviceId()));
                entries.add(PlannedEntry.of(
                        INGRESS_L2_FORWARD,
                        PiCriterion.builder()
                                .add(new PiExactFieldMatch(HDR_SLICE_ID, sliceKey))
                                .add(new PiExactFieldMatch(HDR_ETH_DST, bits(mac.toLong(), ETH_ADDR_BITWIDTH,
                                                                             "MAC address")))
                                .build(),
                        PiAction.builder().withId(INGRESS_SET_EGRESS_PORT)
                                .withParameter(new PiActionParam(PORT, port(out))).build(),
                        EXACT_PRIORITY));
            });
            List<PortNumber> replicas = new ArrayList<>();
            for (ConnectPoint cp : ports) {
                boolean trunk = slice.modeOf(cp) == EndpointMode.TRUNK;
                PiAction action = trunk
                        ? PiAction.builder().withId(EGRESS_PUSH_VLAN)
                                .withParameter(new PiActionParam(VLAN_ID, vlanValue)).build()
                        : PiAction.builder().withId(EGRESS_POP_VLAN).build();
                entries.add(PlannedEntry.of(
                        EGRESS_EGRESS_VLAN,
                        PiCriterion.builder()
                                .add(new PiExactFieldMatch(HDR_EGRESS_PORT, port(cp)))
                                .add(new PiExactFieldMatch(HDR_SLICE_ID, sliceKey))
                                .build(),
                        action,
                        EXACT_PRIORITY));
                replicas.add(cp.port());
            }
            devices.put(device, DevicePlan.of(device, entries, meter, PlannedGroup.of(sliceId, replicas)));
        }
        return SlicePlan.of(slice.id(), devices);
    }

    /**
     * Converts a quota in bits per second to the meter rate in bytes per second, rounding up.
     *
     * @param bitsPerSecond quota, &gt; 0
     * @return bytes per second, &gt; 0
     */
    public static long bytesPerSecond(long bitsPerSecond) {
        return bitsPerSecond / Byte.SIZE + (bitsPerSecond % Byte.SIZE == 0 ? 0 : 1);
    }

    // hosts at the slice's endpoints (not at trunk-link ends), ordered by MAC; a MAC seen at two
    // endpoints of the slice is ambiguous and left to flooding
    private static Map<MacAddress, ConnectPoint> knownHosts(Slice slice, KnownHosts facts) {
        Set<ConnectPoint> linkEnds = new HashSet<>();
        for (Link link : slice.trunkLinks()) {
            linkEnds.add(link.src());
            linkEnds.add(link.dst());
        }
        Map<MacAddress, ConnectPoint> hosts = new TreeMap<>(Comparator.comparingLong(MacAddress::toLong));
        Set<MacAddress> ambiguous = new HashSet<>();
        for (Endpoint endpoint : slice.endpoints()) {
            ConnectPoint cp = endpoint.connectPoint();
            if (linkEnds.contains(cp)) {
                continue;
            }
            for (MacAddress mac : facts.hostsAt(cp)) {
                ConnectPoint previous = hosts.putIfAbsent(mac, cp);
                if (previous != null && !previous.equals(cp)) {
                    ambiguous.add(mac);
                }
            }
        }
        ambiguous.forEach(hosts::remove);
        return hosts;
    }
}
