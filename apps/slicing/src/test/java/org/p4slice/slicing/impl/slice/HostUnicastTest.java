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

import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.TwoSwitches;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.testbed.SlicingTestbed.cp;
import static org.p4slice.testbed.SlicingTestbed.request;

/**
 * Unicast inside a slice from ONOS's host facts: a host located at one of the slice's access
 * ports gets an {@code l2_forward} entry on every switch of the slice (towards its port, or the
 * trunk towards its switch); the entries follow the host when it appears, moves or goes.
 */
public class HostUnicastTest {

    private static final MacAddress A = MacAddress.valueOf("00:00:00:00:00:0a");
    private static final MacAddress B = MacAddress.valueOf("00:00:00:00:00:0b");
    private static final MacAddress C = MacAddress.valueOf("00:00:00:00:00:0c");

    private SlicingTestbed bed;
    private DeviceId s1;
    private DeviceId s2;
    private Slice slice;

    @Before
    public void setUp() {
        bed = new SlicingTestbed();
        TwoSwitches net = TwoSwitches.addTo(bed);
        s1 = net.s1;
        s2 = net.s2;
        bed.start();
        slice = bed.manager.createSlice(request("lab1", Endpoint.access(cp(s1, 1)), Endpoint.access(cp(s1, 2)),
                                                Endpoint.access(cp(s2, 1))).build());
        bed.manager.createSlice(request("other", Endpoint.access(cp(s1, 3)), Endpoint.access(cp(s2, 3))).build());
    }

    /** "device mac -> port" of the slice's l2_forward entries. */
    private Map<String, Long> unicast() {
        Map<String, Long> entries = new TreeMap<>();
        for (FlowRule rule : bed.flows.installed()) {
            if (!rule.table().equals(INGRESS_L2_FORWARD) || ((rule.id().value() >>> 32) & 0xffff) != slice.id().id()) {
                continue;
            }
            PiCriterion key = (PiCriterion) rule.selector().criteria().iterator().next();
            PiExactFieldMatch mac = (PiExactFieldMatch) key.fieldMatch(HDR_ETH_DST).orElseThrow();
            PiAction action = (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
            entries.put(rule.deviceId() + " " + MacAddress.valueOf(number(mac.value())),
                        number(action.parameters().iterator().next().value()));
        }
        return entries;
    }

    private static long number(ImmutableByteSequence bytes) {
        long value = 0;
        for (byte b : bytes.asArray()) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }

    @Test
    public void knownHostsGetUnicastEntriesOnEverySwitchOfTheSlice() {
        bed.hosts.place(A, cp(s1, 1));
        bed.hosts.place(B, cp(s2, 1));
        assertEquals(Map.of(s1 + " " + A, 1L, s1 + " " + B, 8L,
                            s2 + " " + A, 8L, s2 + " " + B, 1L), unicast());
    }

    @Test
    public void hostsOutsideTheSliceOrTaggedAreIgnored() {
        bed.hosts.place(A, cp(s1, 3));               // a port of another slice
        bed.hosts.place(B, cp(s1, 5));               // a port of no slice
        bed.hosts.place(C, VlanId.vlanId((short) 7), cp(s1, 2)); // tagged, at a port of the slice
        assertEquals(Map.of(), unicast());
    }

    @Test
    public void entriesFollowTheHost() {
        bed.hosts.place(A, cp(s1, 1));
        assertEquals(Map.of(s1 + " " + A, 1L, s2 + " " + A, 8L), unicast());
        bed.hosts.place(A, cp(s1, 2));               // moved within the slice
        assertEquals(Map.of(s1 + " " + A, 2L, s2 + " " + A, 8L), unicast());
        bed.hosts.place(A, cp(s2, 1));               // moved to the other switch
        assertEquals(Map.of(s1 + " " + A, 8L, s2 + " " + A, 1L), unicast());
        bed.hosts.remove(A);
        assertEquals(Map.of(), unicast());
    }

    @Test
    public void aRestoredSliceGetsTheHostsKnownAtThatTime() {
        bed.hosts.place(A, cp(s1, 1));
        bed.stop();
        bed.flows.installed().clear();
        bed.start();
        assertEquals(Map.of(s1 + " " + A, 1L, s2 + " " + A, 8L), unicast());
    }
}
