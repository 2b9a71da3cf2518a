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

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceBuilder;
import org.p4slice.slicing.api.SliceId;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
import static org.p4slice.testbed.PlanFixtures.S3;
import static org.p4slice.testbed.PlanFixtures.access;
import static org.p4slice.testbed.PlanFixtures.bytes;
import static org.p4slice.testbed.PlanFixtures.classifier;
import static org.p4slice.testbed.PlanFixtures.transitClassifier;
import static org.p4slice.testbed.PlanFixtures.cp;
import static org.p4slice.testbed.PlanFixtures.group;
import static org.p4slice.testbed.PlanFixtures.l2;
import static org.p4slice.testbed.PlanFixtures.link;
import static org.p4slice.testbed.PlanFixtures.meter;
import static org.p4slice.testbed.PlanFixtures.pop;
import static org.p4slice.testbed.PlanFixtures.push;
import static org.p4slice.testbed.PlanFixtures.slice;
import static org.p4slice.testbed.PlanFixtures.thrown;
import static org.p4slice.testbed.PlanFixtures.trunk;

/**
 * Golden tests of the slice translator: each test states the complete plan.
 */
public class SliceTranslatorTest {

    private static final ImmutableByteSequence UNTAGGED = bytes(0x00, 0x00);

    private final SliceTranslator translator = new SliceTranslator();

    private static ImmutableByteSequence p(int port) {
        return bytes(port >> 8, port & 0xff);
    }

    private static ImmutableByteSequence mac(int last) {
        return bytes(0, 0, 0, 0, 0, last);
    }

    private static SlicePlan plan(int sliceId, DevicePlan... devices) {
        ImmutableMap.Builder<DeviceId, DevicePlan> b = ImmutableMap.builder();
        for (DevicePlan d : devices) {
            b.put(d.deviceId(), d);
        }
        return SlicePlan.of(SliceId.of(sliceId), b.build());
    }

    /** One switch, ports 1 and 2 access, port 3 trunk: slice 10, VLAN 110, 25 Mbit/s. */
    @Test
    public void singleSwitchThreePorts() {
        Slice slice = slice(10, 110, 25_000_000L, 65_536)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S1, 2), trunk(S1, 3))).build();
        ImmutableByteSequence s10 = bytes(0x00, 0x0a);
        ImmutableByteSequence v110 = bytes(0x00, 0x6e);

        SlicePlan expected = plan(10, DevicePlan.of(S1, ImmutableList.of(
                classifier(p(1), UNTAGGED, s10),
                classifier(p(2), UNTAGGED, s10),
                classifier(p(3), v110, s10),
                pop(p(1), s10),
                pop(p(2), s10),
                push(p(3), s10, v110)),
                meter(10, 3_125_000, 65_536),
                group(10, 1, 2, 3)));

        assertEquals(expected, translator.translate(slice, KnownHosts.empty()));
    }

    /** Two switches joined by s1:5 - s2:5, one access port on each; the quota is not a multiple of 8. */
    @Test
    public void twoSwitchesAcrossTrunkLink() {
        Slice slice = slice(20, 120, 10_000_001L, 32_768)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S2, 2)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S2, 5)))).build();
        ImmutableByteSequence s20 = bytes(0x00, 0x14);
        ImmutableByteSequence v120 = bytes(0x00, 0x78);
        // 10 000 001 bit/s = 1 250 000.125 byte/s, rounded up
        SlicePlan expected = plan(20,
                DevicePlan.of(S1, ImmutableList.of(
                        classifier(p(1), UNTAGGED, s20),
                        transitClassifier(p(5), v120, s20),
                        pop(p(1), s20),
                        push(p(5), s20, v120)),
                        meter(20, 1_250_001, 32_768),
                        group(20, 1, 5)),
                DevicePlan.of(S2, ImmutableList.of(
                        classifier(p(2), UNTAGGED, s20),
                        transitClassifier(p(5), v120, s20),
                        pop(p(2), s20),
                        push(p(5), s20, v120)),
                        meter(20, 1_250_001, 32_768),
                        group(20, 2, 5)));

        assertEquals(expected, translator.translate(slice, KnownHosts.empty()));
        // the same link given in both directions is one link
        Slice bothDirections = slice.toBuilder().trunkLinks(ImmutableSet.of(
                link(cp(S1, 5), cp(S2, 5)), link(cp(S2, 5), cp(S1, 5)))).build();
        assertEquals(expected, translator.translate(bothDirections, KnownHosts.empty()));
    }

    /**
     * A chain s1 - s2 - s3 (s2 only transit) with known hosts: two access ports on s1, a trunk
     * endpoint with two hosts on s3. Hosts elsewhere, at link ends or seen at two endpoints are
     * not used.
     */
    @Test
    public void knownHostsOnChain() {
        Slice slice = slice(30, 300, 8_000_000L, 65_536)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S1, 4), trunk(S3, 2)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S2, 5)), link(cp(S3, 6), cp(S2, 6)))).build();
        KnownHosts facts = KnownHosts.builder()
                .host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:01"))
                .host(cp(S3, 2), MacAddress.valueOf("00:00:00:00:00:33"))
                .host(cp(S3, 2), MacAddress.valueOf("00:00:00:00:00:03"))
                .host(cp(S1, 4), MacAddress.valueOf("00:00:00:00:00:04"))
                .host(cp(S1, 7), MacAddress.valueOf("00:00:00:00:00:07"))   // not a slice port
                .host(cp(S2, 5), MacAddress.valueOf("00:00:00:00:00:55"))   // link end
                .host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:aa"))   // seen at two endpoints
                .host(cp(S3, 2), MacAddress.valueOf("00:00:00:00:00:aa"))
                .build();
        ImmutableByteSequence s30 = bytes(0x00, 0x1e);
        ImmutableByteSequence v300 = bytes(0x01, 0x2c);

        SlicePlan expected = plan(30,
                DevicePlan.of(S1, ImmutableList.of(
                        classifier(p(1), UNTAGGED, s30),
                        classifier(p(4), UNTAGGED, s30),
                        transitClassifier(p(5), v300, s30),
                        l2(s30, mac(0x01), p(1)),
                        l2(s30, mac(0x03), p(5)),
                        l2(s30, mac(0x04), p(4)),
                        l2(s30, mac(0x33), p(5)),
                        pop(p(1), s30),
                        pop(p(4), s30),
                        push(p(5), s30, v300)),
                        meter(30, 1_000_000, 65_536),
                        group(30, 1, 4, 5)),
                DevicePlan.of(S2, ImmutableList.of(
                        transitClassifier(p(5), v300, s30),
                        transitClassifier(p(6), v300, s30),
                        l2(s30, mac(0x01), p(5)),
                        l2(s30, mac(0x03), p(6)),
                        l2(s30, mac(0x04), p(5)),
                        l2(s30, mac(0x33), p(6)),
                        push(p(5), s30, v300),
                        push(p(6), s30, v300)),
                        meter(30, 1_000_000, 65_536),
                        group(30, 5, 6)),
                DevicePlan.of(S3, ImmutableList.of(
                        classifier(p(2), v300, s30),
                        transitClassifier(p(6), v300, s30),
                        l2(s30, mac(0x01), p(6)),
                        l2(s30, mac(0x03), p(2)),
                        l2(s30, mac(0x04), p(6)),
                        l2(s30, mac(0x33), p(2)),
                        push(p(2), s30, v300),
                        push(p(6), s30, v300)),
                        meter(30, 1_000_000, 65_536),
                        group(30, 2, 6)));

        assertEquals(expected, translator.translate(slice, facts));
    }

    /** Slice id 1 with VLAN 4094 on ports 0 and 511; slice id 4094 with VLAN 1 and the smallest quota. */
    @Test
    public void idAndVlanEdges() {
        Slice low = slice(1, 4094, 100_000_000_000L, 1_048_576)
                .endpoints(ImmutableSet.of(trunk(S1, 0), access(S1, 511))).build();
        ImmutableByteSequence s1 = bytes(0x00, 0x01);
        ImmutableByteSequence v4094 = bytes(0x0f, 0xfe);
        assertEquals(plan(1, DevicePlan.of(S1, ImmutableList.of(
                classifier(bytes(0x00, 0x00), v4094, s1),
                classifier(bytes(0x01, 0xff), UNTAGGED, s1),
                push(bytes(0x00, 0x00), s1, v4094),
                pop(bytes(0x01, 0xff), s1)),
                meter(1, 12_500_000_000L, 1_048_576),
                group(1, 0, 511))),
                translator.translate(low, KnownHosts.empty()));

        Slice high = slice(4094, 1, 1, 1).endpoints(ImmutableSet.of(trunk(S2, 7))).build();
        ImmutableByteSequence s4094 = bytes(0x0f, 0xfe);
        ImmutableByteSequence v1 = bytes(0x00, 0x01);
        assertEquals(plan(4094, DevicePlan.of(S2, ImmutableList.of(
                classifier(p(7), v1, s4094),
                push(p(7), s4094, v1)),
                meter(4094, 1, 1),
                group(4094, 7))),
                translator.translate(high, KnownHosts.empty()));
    }

    @Test
    public void rateIsQuotaInBytesRoundedUp() {
        assertEquals(1, SliceTranslator.bytesPerSecond(1));
        assertEquals(1, SliceTranslator.bytesPerSecond(8));
        assertEquals(2, SliceTranslator.bytesPerSecond(9));
        assertEquals(3_125_000, SliceTranslator.bytesPerSecond(25_000_000));
        assertEquals(Long.MAX_VALUE / 8 + 1, SliceTranslator.bytesPerSecond(Long.MAX_VALUE));
    }

    @Test
    public void factsFromMapEqualBuiltFacts() {
        Map<org.onosproject.net.ConnectPoint, ImmutableSet<MacAddress>> hosts = ImmutableMap.of(
                cp(S1, 1), ImmutableSet.of(MacAddress.valueOf("00:00:00:00:00:02"),
                                           MacAddress.valueOf("00:00:00:00:00:01")));
        KnownHosts built = KnownHosts.builder().host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:01"))
                .host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:02")).build();
        assertEquals(built, KnownHosts.of(hosts));
        assertEquals(ImmutableList.of(MacAddress.valueOf("00:00:00:00:00:01"),
                                      MacAddress.valueOf("00:00:00:00:00:02")),
                     ImmutableList.copyOf(built.hostsAt(cp(S1, 1))));
        assertEquals(ImmutableSet.of(), built.hostsAt(cp(S1, 2)));
    }

    private void assertRefused(Slice slice, String message) {
        IllegalArgumentException e = thrown(IllegalArgumentException.class,
                                                  () -> translator.translate(slice, KnownHosts.empty()));
        assertEquals(message, e.getMessage());
    }

    private static SliceBuilder basic(int id) {
        return slice(id, 100 + id, 1_000_000, 65_536).endpoints(ImmutableSet.of(access(S1, 1)));
    }

    @Test
    public void refusesVlanOutsideRange() {
        assertRefused(basic(5).vlan(org.onlab.packet.VlanId.vlanId((short) 4095)).build(),
                      "slice 5: VLAN must be in 1..4094, got 4095");
        assertRefused(basic(5).vlan(org.onlab.packet.VlanId.vlanId((short) 0)).build(),
                      "slice 5: VLAN must be in 1..4094, got 0");
    }

    @Test
    public void refusesNonPositiveQuotaOrBurst() {
        assertRefused(basic(6).quotaBps(0).build(), "slice 6: quota must be > 0 bit/s, got 0");
        assertRefused(basic(6).burstBytes(-1).build(), "slice 6: burst must be > 0 bytes, got -1");
    }

    @Test
    public void refusesPortsThePipelineCannotExpress() {
        assertRefused(basic(7).endpoints(ImmutableSet.of(access(S1, 512))).build(),
                      "port number of device:bmv2:s1/512: 512 does not fit the pipeline's 9-bit field");
        assertRefused(basic(7).endpoints(ImmutableSet.of(access(S1, 255))).build(),
                      "port device:bmv2:s1/255 is the CPU port and cannot be a slice port");
        assertRefused(basic(7).endpoints(ImmutableSet.of(Endpoint.access(
                              new org.onosproject.net.ConnectPoint(S1, PortNumber.CONTROLLER)))).build(),
                      "port device:bmv2:s1/CONTROLLER is a logical port, not a switch port");
    }

    @Test
    public void refusesTrunkLinksThatLoopOrDisconnect() {
        assertRefused(basic(8).endpoints(ImmutableSet.of(access(S1, 1), access(S3, 1)))
                              .trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S2, 5)), link(cp(S2, 6), cp(S3, 6)),
                                                          link(cp(S3, 7), cp(S1, 7)))).build(),
                      "slice 8: trunk link device:bmv2:s3/7 -> device:bmv2:s1/7 closes a loop between "
                              + "device:bmv2:s3 and device:bmv2:s1; the trunk links of a slice must form a tree");
        assertRefused(basic(8).endpoints(ImmutableSet.of(access(S1, 1), access(S2, 1))).build(),
                      "slice 8: device device:bmv2:s2 is not connected to device:bmv2:s1 by the slice's trunk links");
        assertRefused(basic(8).trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S1, 6)))).build(),
                      "slice 8: trunk link device:bmv2:s1/5 -> device:bmv2:s1/6 connects a device to itself");
    }

    @Test
    public void sameInputSamePlan() {
        Slice slice = slice(9, 109, 5_000_000, 4096)
                .endpoints(ImmutableSet.of(access(S2, 3), access(S1, 2)))
                .trunkLinks(ImmutableSet.of(link(cp(S2, 9), cp(S1, 9)))).build();
        KnownHosts a = KnownHosts.builder().host(cp(S2, 3), MacAddress.valueOf("00:00:00:00:00:0b"))
                .host(cp(S1, 2), MacAddress.valueOf("00:00:00:00:00:0a")).build();
        KnownHosts b = KnownHosts.builder().host(cp(S1, 2), MacAddress.valueOf("00:00:00:00:00:0a"))
                .host(cp(S2, 3), MacAddress.valueOf("00:00:00:00:00:0b")).build();
        SlicePlan first = translator.translate(slice, a);
        assertEquals(first, translator.translate(slice, b));
        assertEquals(first.toString(), translator.translate(slice, b).toString());
        assertEquals(ImmutableList.of(S1, S2), ImmutableList.copyOf(first.devices().keySet()));
    }
}
