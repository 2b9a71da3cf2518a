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
package org.p4slice.slicing.conformance;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.impl.OnosPiTranslation;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiTranslationException;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.slicing.impl.translator.KnownHosts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_METER;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
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
import static org.p4slice.testbed.PlanFixtures.trunk;

/**
 * L1 conformance: every flow rule, meter and group {@code DeviceWriter} submits for the plans of
 * {@code SliceTranslator} is translated by ONOS's own PI translators (onos-core-net) against the
 * p4slice bmv2 pipeconf without error, into exactly the PI entities of {@code docs/p4-contract.md}. The
 * expected entities are spelled out byte by byte (values fitted to the P4Info widths as ONOS writes
 * them: 9-bit ports and 12-bit ids in 2 bytes, MACs in 6), independently of the app's encoding.
 */
public class SliceConformanceTest {

    private static final ImmutableByteSequence UNTAGGED = bytes(0x00, 0x00);

    private final SliceTranslator translator = new SliceTranslator();
    private OnosPiTranslation onos;

    @Before
    public void setUp() {
        onos = ConformanceRig.onos();
    }

    private static ImmutableByteSequence p(int port) {
        return bytes(port >> 8, port & 0xff);
    }

    private static ImmutableByteSequence mac(int last) {
        return bytes(0, 0, 0, 0, 0, last);
    }

    private static SlicePlan plan(int sliceId, DevicePlan... devices) {
        Map<DeviceId, DevicePlan> map = new HashMap<>();
        for (DevicePlan d : devices) {
            map.put(d.deviceId(), d);
        }
        return SlicePlan.of(SliceId.of(sliceId), map);
    }

    /** Programs the plan through DeviceWriter, translates with ONOS, checks the common invariants. */
    private ConformanceRig.Translated programAndTranslate(SlicePlan plan) throws PiTranslationException {
        ConformanceRig.Submitted submitted = ConformanceRig.program(plan);
        int planned = 0;
        for (DevicePlan d : plan.devices().values()) {
            planned += d.entries().size();
        }
        assertEquals("flow rules submitted", planned, submitted.flowRules.size());
        assertEquals("meter cells written", plan.devices().size(), submitted.meterCells.size());
        assertEquals("groups submitted", plan.devices().size(), submitted.groups.size());
        ConformanceRig.Translated t = ConformanceRig.translate(onos, submitted);
        int sliceId = plan.sliceId().id();
        for (FlowRule rule : submitted.flowRules) {
            PiTableEntry e = onos.translate(rule);
            assertFalse("not a default-action entry: " + e, e.isDefaultAction());
            assertFalse("permanent: no idle timeout in " + e, e.timeout().isPresent());
            // ONOS keeps the rule (and its cookie) in its own mirror, keyed by the entry's handle;
            // its translator writes no cookie, so the device sees controller_metadata 0
            assertEquals("no cookie written to the device", 0, e.cookie());
            // every table of a slice plan is keyed by exact fields only: ONOS writes no priority
            assertFalse("exact-only table entries carry no priority: " + e, e.priority().isPresent());
        }
        for (Map.Entry<DeviceId, PiMeterCellConfig> m : t.meters.entrySet()) {
            assertEquals("meter cell = slice id", PiMeterCellId.ofIndirect(INGRESS_SLICE_METER, sliceId),
                         m.getValue().cellId());
        }
        for (PiMulticastGroupEntry g : t.groups.values()) {
            assertEquals("multicast group id = slice id", sliceId, g.groupId());
        }
        return t;
    }

    /** One switch: two access ports with known hosts, one trunk port. */
    @Test
    public void singleSwitch() throws PiTranslationException {
        Slice slice = slice(10, 110, 8_000_000L, 65_536)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S1, 2), trunk(S1, 3))).build();
        KnownHosts facts = KnownHosts.builder()
                .host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:01"))
                .host(cp(S1, 2), MacAddress.valueOf("00:00:00:00:00:02")).build();
        SlicePlan app = translator.translate(slice, facts);

        ConformanceRig.Translated t = programAndTranslate(app);

        ImmutableByteSequence s10 = bytes(0x00, 0x0a);
        ImmutableByteSequence v110 = bytes(0x00, 0x6e);
        SlicePlan expected = plan(10, DevicePlan.of(S1, ImmutableList.of(
                classifier(p(1), UNTAGGED, s10),
                classifier(p(2), UNTAGGED, s10),
                classifier(p(3), v110, s10),
                l2(s10, mac(1), p(1)),
                l2(s10, mac(2), p(2)),
                pop(p(1), s10),
                pop(p(2), s10),
                push(p(3), s10, v110)),
                // 8 000 000 bit/s = 1 000 000 byte/s; burst 65 536 bytes
                meter(10, 1_000_000, 65_536),
                group(10, 1, 2, 3)));
        assertEquals("ONOS's translation of what the app submits", expected, ConformanceRig.asPlan(t));
        assertEquals("the app's own plan", expected, app);

        PiMeterCellConfig m = t.meters.get(S1);
        assertEquals(1_000_000, m.committedBand().rate());
        assertEquals(65_536, m.committedBand().burst());
        assertEquals(1_000_000, m.peakBand().rate());
        assertEquals(65_536, m.peakBand().burst());
        assertEquals(Set.of(new PiPreReplica(PortNumber.portNumber(1), 0),
                            new PiPreReplica(PortNumber.portNumber(2), 0),
                            new PiPreReplica(PortNumber.portNumber(3), 0)),
                     t.groups.get(S1).replicas());
    }

    /** Two switches joined by a trunk link s1:5 - s2:5, one access port on each. */
    @Test
    public void twoSwitchesAcrossTrunk() throws PiTranslationException {
        Slice slice = slice(20, 120, 10_000_001L, 32_768)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S2, 2)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S2, 5)))).build();
        KnownHosts facts = KnownHosts.builder()
                .host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:01"))
                .host(cp(S2, 2), MacAddress.valueOf("00:00:00:00:00:02")).build();
        SlicePlan app = translator.translate(slice, facts);

        ConformanceRig.Translated t = programAndTranslate(app);

        ImmutableByteSequence s20 = bytes(0x00, 0x14);
        ImmutableByteSequence v120 = bytes(0x00, 0x78);
        SlicePlan expected = plan(20,
                DevicePlan.of(S1, ImmutableList.of(
                        classifier(p(1), UNTAGGED, s20),
                        transitClassifier(p(5), v120, s20),
                        l2(s20, mac(1), p(1)),
                        l2(s20, mac(2), p(5)),
                        pop(p(1), s20),
                        push(p(5), s20, v120)),
                        // 10 000 001 bit/s = 1 250 000.125 byte/s, rounded up
                        meter(20, 1_250_001, 32_768),
                        group(20, 1, 5)),
                DevicePlan.of(S2, ImmutableList.of(
                        classifier(p(2), UNTAGGED, s20),
                        transitClassifier(p(5), v120, s20),
                        l2(s20, mac(1), p(5)),
                        l2(s20, mac(2), p(2)),
                        pop(p(2), s20),
                        push(p(5), s20, v120)),
                        meter(20, 1_250_001, 32_768),
                        group(20, 2, 5)));
        assertEquals("ONOS's translation of what the app submits", expected, ConformanceRig.asPlan(t));
        assertEquals("the app's own plan", expected, app);
    }

    /** 200 slices over two switches: every entity of every slice translates, ids follow the slice. */
    @Test
    public void manySlices() throws PiTranslationException {
        int entries = 0;
        List<SlicePlan> mismatches = new ArrayList<>();
        for (int id = 1; id <= 200; id++) {
            Slice slice = slice(id, 1000 + id, 1_000_000L * id, 1500L * id)
                    .endpoints(ImmutableSet.of(access(S1, id), access(S2, id)))
                    .trunkLinks(ImmutableSet.of(link(cp(S1, 300), cp(S2, 300)))).build();
            SlicePlan app = translator.translate(slice, KnownHosts.empty());
            ConformanceRig.Translated t = programAndTranslate(app);
            SlicePlan onosPlan = ConformanceRig.asPlan(t);
            if (!onosPlan.equals(app)) {
                mismatches.add(onosPlan);
            }
            for (List<PiTableEntry> list : t.entries.values()) {
                entries += list.size();
            }
            for (DeviceId device : List.of(S1, S2)) {
                PiMeterCellConfig m = t.meters.get(device);
                assertEquals("CIR of slice " + id, 125_000L * id, m.committedBand().rate());
                assertEquals("PIR of slice " + id, 125_000L * id, m.peakBand().rate());
                assertEquals("CBS of slice " + id, 1500L * id, m.committedBand().burst());
                assertEquals("PBS of slice " + id, 1500L * id, m.peakBand().burst());
                assertEquals(Set.of(new PiPreReplica(PortNumber.portNumber(id), 0),
                                    new PiPreReplica(PortNumber.portNumber(300), 0)),
                             t.groups.get(device).replicas());
            }
        }
        assertTrue("ONOS's translation differs from the app's plan: " + mismatches, mismatches.isEmpty());
        // per slice and device: 2 classifier + 2 egress entries
        assertEquals(200 * 2 * 4, entries);
    }

    /** Classifier entries are the only entries that say which slice a port belongs to: check one by hand. */
    @Test
    public void classifierEntryFieldByField() throws PiTranslationException {
        Slice slice = slice(4094, 4094, 1L, 1).endpoints(ImmutableSet.of(trunk(S1, 511))).build();
        SlicePlan app = translator.translate(slice, KnownHosts.empty());
        ConformanceRig.Translated t = programAndTranslate(app);
        PlannedEntry classifier = ConformanceRig.entry(t.entries.get(S1).get(0));
        assertEquals(classifier(bytes(0x01, 0xff), bytes(0x0f, 0xfe), bytes(0x0f, 0xfe)), classifier);
        // 1 bit/s = 0.125 byte/s, rounded up to 1: the smallest rate ONOS's meter translator accepts
        PiMeterCellConfig m = t.meters.get(S1);
        assertEquals(1, m.committedBand().rate());
        assertEquals(1, m.peakBand().rate());
        assertEquals(1, m.committedBand().burst());
    }
}
