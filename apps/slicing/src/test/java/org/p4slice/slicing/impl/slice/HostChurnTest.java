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
package org.p4slice.slicing.impl.slice;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;
import org.p4slice.testbed.TestComponentContext;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.slicing.impl.slice.OsgiPropertyConstants.MAX_HOSTS_PER_ACCESS_PORT;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Host churn: a host at an access port sending from many source addresses makes ONOS post a host
 * event for each; the slice at that port is re-synced once for the whole burst (one pending
 * re-sync per slice, reading the hosts as they are when it runs), and another tenant's slice on
 * the same switch is not touched. Device work is queued, as in ONOS.
 */
public class HostChurnTest {

    private static final int BURST = 200;

    private final QueuedWork queued = new QueuedWork();
    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        s1 = net.s1;
        s2 = net.s2;
        bed.executor = queued;
        bed.start();
        queued.runAll();
    }

    private List<String> meterWritesOf(Slice slice) {
        return bed.meters.operations().stream().filter(op -> op.endsWith("[" + slice.id().id() + "]"))
                .collect(Collectors.toList());
    }

    @Test
    public void aBurstOfSourceAddressesResyncsItsSliceOnceAndLeavesTheOthersAlone() {
        Slice flooded = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)),
                                                        Endpoint.access(cp(s2, 1))).build());
        Slice other = bed.manager.createSlice(request("lab2", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                                      .tenant(TenantId.of("ui")).build());
        queued.runAll();
        bed.meters.operations().clear();
        int otherRules = bed.flows.installed(s1).size();

        for (int i = 0; i < BURST; i++) {
            bed.hosts.place(MacAddress.valueOf(0x020000000000L + i), cp(s1, 1));
        }
        queued.runAll();

        assertEquals("one re-sync of the flooded slice: its meter cell written once per switch",
                     List.of("submit " + s1 + " P4SliceIngress.slice_meter[" + flooded.id().id() + "]",
                             "submit " + s2 + " P4SliceIngress.slice_meter[" + flooded.id().id() + "]"),
                     meterWritesOf(flooded));
        assertEquals("the other tenant's slice is not touched", List.of(), meterWritesOf(other));
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(other.id()).orElseThrow().state());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(flooded.id()).orElseThrow().state());
        assertEquals("the re-sync saw the hosts of the burst up to the default cap: one unicast entry per kept host",
                     otherRules + OsgiPropertyConstants.MAX_HOSTS_PER_ACCESS_PORT_DEFAULT,
                     bed.flows.installed(s1).size());
        assertEquals(BURST - OsgiPropertyConstants.MAX_HOSTS_PER_ACCESS_PORT_DEFAULT, bed.manager.hostsOverCap());
    }

    /** A slice's l2_forward entries (the slice id is in the rule id's bits 32..47). */
    private Set<FlowRule> unicastOf(Slice slice) {
        return bed.flows.installed().stream()
                .filter(r -> r.table().equals(INGRESS_L2_FORWARD)
                        && ((r.id().value() >>> 32) & 0xffff) == slice.id().id())
                .collect(Collectors.toSet());
    }

    private static MacAddress destinationOf(FlowRule rule) {
        PiCriterion key = (PiCriterion) rule.selector().criteria().iterator().next();
        PiExactFieldMatch mac = (PiExactFieldMatch) key.fieldMatch(HDR_ETH_DST).orElseThrow();
        return MacAddress.valueOf(mac.value().asArray());
    }

    /**
     * With a cap of 16 hosts per access port, a host flooding s1/1 with source addresses gives its
     * slice 16 unicast entries per switch for that port (the established host first), the rest is
     * counted and floods within the slice; the other tenant's slice keeps exactly its entries.
     */
    @Test
    public void aFloodedAccessPortStopsAtItsCapAndOtherTenantsKeepTheirEntries() {
        bed.manager.modified(new TestComponentContext().with(MAX_HOSTS_PER_ACCESS_PORT, 16));
        Slice flooded = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)),
                                                        Endpoint.access(cp(s2, 1))).build());
        Slice other = bed.manager.createSlice(request("lab2", Endpoint.access(cp(s1, 2)), Endpoint.access(cp(s2, 2)))
                                                      .tenant(TenantId.of("ui")).build());
        MacAddress established = MacAddress.valueOf("02:ff:ff:ff:ff:01");
        bed.hosts.place(established, cp(s1, 1));
        bed.hosts.place(MacAddress.valueOf("02:00:00:00:bb:01"), cp(s1, 2));
        bed.hosts.place(MacAddress.valueOf("02:00:00:00:bb:02"), cp(s2, 2));
        queued.runAll();
        Set<FlowRule> otherEntries = unicastOf(other);
        assertEquals(4, otherEntries.size());

        for (int i = 0; i < BURST; i++) {
            bed.hosts.place(MacAddress.valueOf(0x020000000000L + i), cp(s1, 1));
        }
        queued.runAll();

        Set<FlowRule> floodedEntries = unicastOf(flooded);
        assertEquals("16 hosts of s1/1, on each of the two switches", 32, floodedEntries.size());
        assertEquals("the established host kept its entries", 2, floodedEntries.stream()
                .filter(r -> established.equals(destinationOf(r))).count());
        assertEquals("the first 15 of the burst are kept, not the lowest MACs", 0, floodedEntries.stream()
                .filter(r -> MacAddress.valueOf(0x020000000000L + 15).equals(destinationOf(r))).count());
        assertEquals(BURST - 15, bed.manager.hostsOverCap());
        assertEquals("the other tenant's entries are exactly those it had", otherEntries, unicastOf(other));
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(flooded.id()).orElseThrow().state());
        assertEquals(SliceState.ACTIVE, bed.manager.getSlice(other.id()).orElseThrow().state());

        // a host over the cap that leaves changes nothing; a kept one that leaves makes room for the next
        bed.hosts.remove(MacAddress.valueOf(0x020000000000L + BURST - 1));
        bed.hosts.remove(established);
        queued.runAll();
        assertEquals(32, unicastOf(flooded).size());
        assertEquals(otherEntries, unicastOf(other));

        // invalid caps are ignored: the cap in effect stays 16
        bed.manager.modified(new TestComponentContext().with(MAX_HOSTS_PER_ACCESS_PORT, 0));
        bed.manager.modified(new TestComponentContext().with(MAX_HOSTS_PER_ACCESS_PORT, "many"));
        bed.hosts.place(MacAddress.valueOf("02:00:00:00:cc:01"), cp(s1, 1));
        queued.runAll();
        assertEquals(32, unicastOf(flooded).size());
    }
}
