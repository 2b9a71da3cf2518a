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
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.QueuedWork;
import org.p4slice.testbed.SlicingTestbed;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
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
        s1 = bed.addSwitch("s1", 8, 1000);
        s2 = bed.addSwitch("s2", 8, 1000);
        bed.connect(cp(s1, 8), cp(s2, 8));
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
        assertEquals("the re-sync saw every host of the burst: one unicast entry per host per switch",
                     otherRules + BURST, bed.flows.installed(s1).size());
    }
}
