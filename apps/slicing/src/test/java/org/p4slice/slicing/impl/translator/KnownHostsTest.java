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

import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.p4slice.slicing.api.Slice;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
import static org.p4slice.testbed.PlanFixtures.access;
import static org.p4slice.testbed.PlanFixtures.cp;
import static org.p4slice.testbed.PlanFixtures.link;
import static org.p4slice.testbed.PlanFixtures.slice;
import static org.p4slice.testbed.PlanFixtures.thrown;

/**
 * The cap of hosts per port: the first hosts given for a port are kept, the further ones are
 * counted and left to flooding (no l2_forward entry), other ports are not affected.
 */
public class KnownHostsTest {

    private static final int FLOOD = 500;

    private static MacAddress mac(long n) {
        return MacAddress.valueOf(n);
    }

    @Test
    public void theFirstHostsOfAPortAreKeptAndTheOthersCounted() {
        KnownHosts facts = KnownHosts.builder(2)
                .host(cp(S1, 1), mac(0x30))
                .host(cp(S1, 1), mac(0x10))
                .host(cp(S1, 1), mac(0x30))          // seen again: still one of the two
                .host(cp(S1, 1), mac(0x01))          // beyond the cap, although first by MAC
                .host(cp(S1, 1), mac(0x20))
                .host(cp(S1, 1), mac(0x01))          // counted once
                .host(cp(S1, 2), mac(0x02))
                .build();
        assertEquals(Set.of(mac(0x10), mac(0x30)), facts.hostsAt(cp(S1, 1)));
        assertEquals(Set.of(mac(0x02)), facts.hostsAt(cp(S1, 2)));
        assertEquals(2, facts.overCapAt(cp(S1, 1)));
        assertEquals(0, facts.overCapAt(cp(S1, 2)));
        assertEquals(Map.of(cp(S1, 1), 2), facts.overCap());
    }

    @Test
    public void withoutACapEveryHostIsKept() {
        KnownHosts.Builder b = KnownHosts.builder();
        for (int i = 0; i < FLOOD; i++) {
            b.host(cp(S1, 1), mac(i + 1));
        }
        KnownHosts facts = b.build();
        assertEquals(FLOOD, facts.hostsAt(cp(S1, 1)).size());
        assertEquals(Map.of(), facts.overCap());
    }

    @Test
    public void aCapOfZeroKeepsNoHostAndANegativeCapIsRefused() {
        KnownHosts none = KnownHosts.builder(0).host(cp(S1, 1), mac(1)).build();
        assertEquals(Set.of(), none.hostsAt(cp(S1, 1)));
        assertEquals(Map.of(), none.hosts());
        assertEquals(1, none.overCapAt(cp(S1, 1)));
        IllegalArgumentException e = thrown(IllegalArgumentException.class, () -> KnownHosts.builder(-1));
        assertEquals("hosts per port must be >= 0, got -1", e.getMessage());
    }

    /**
     * A host floods port s1/1 of slice 1 with source addresses: with a cap of 8 the slice gets 8
     * unicast entries per switch for that port, the hosts of its other port keep theirs, and slice 2
     * of another tenant (translated from the same facts) has exactly the entries it had before.
     */
    @Test
    public void aFloodedAccessPortTakesNoMoreThanItsCapOfL2Entries() {
        Slice flooded = slice(1, 101, 8_000_000L, 65_536)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S2, 1)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 8), cp(S2, 8)))).build();
        Slice other = slice(2, 102, 8_000_000L, 65_536)
                .endpoints(ImmutableSet.of(access(S1, 2), access(S2, 2)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 8), cp(S2, 8)))).build();
        SliceTranslator translator = new SliceTranslator();
        KnownHosts.Builder before = KnownHosts.builder(8)
                .host(cp(S1, 1), mac(0xa1)).host(cp(S2, 1), mac(0xb1))
                .host(cp(S1, 2), mac(0xa2)).host(cp(S2, 2), mac(0xb2));
        SlicePlan otherBefore = translator.translate(other, before.build());

        KnownHosts.Builder b = KnownHosts.builder(8)
                .host(cp(S1, 1), mac(0xa1)).host(cp(S2, 1), mac(0xb1))
                .host(cp(S1, 2), mac(0xa2)).host(cp(S2, 2), mac(0xb2));
        for (int i = 0; i < FLOOD; i++) {
            b.host(cp(S1, 1), mac(0x020000000000L + i));
        }
        KnownHosts facts = b.build();
        assertEquals(FLOOD + 1 - 8, facts.overCapAt(cp(S1, 1)));

        Map<DeviceId, List<MacAddress>> l2 = l2Entries(translator.translate(flooded, facts));
        assertEquals("8 hosts of s1/1 (the established one first) and the host of s2/1, on each switch",
                     9, l2.get(S1).size());
        assertEquals(l2.get(S1), l2.get(S2));
        assertEquals(true, l2.get(S1).contains(mac(0xa1)));
        assertEquals(true, l2.get(S1).contains(mac(0xb1)));
        assertEquals(false, l2.get(S1).contains(mac(0x020000000000L + 7)));
        assertEquals("the other tenant's slice is untouched", otherBefore, translator.translate(other, facts));
    }

    private static Map<DeviceId, List<MacAddress>> l2Entries(SlicePlan plan) {
        Map<DeviceId, List<MacAddress>> out = new LinkedHashMap<>();
        plan.devices().forEach((device, dp) -> out.put(device, dp.entries().stream()
                .filter(e -> e.table().equals(INGRESS_L2_FORWARD))
                .map(e -> mac(number(e.match())))
                .collect(Collectors.toList())));
        return out;
    }

    private static long number(PiCriterion key) {
        PiExactFieldMatch m = (PiExactFieldMatch) key.fieldMatch(HDR_ETH_DST).orElseThrow();
        long v = 0;
        for (byte x : m.value().asArray()) {
            v = (v << 8) | (x & 0xff);
        }
        return v;
    }
}
