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
package org.p4slice.tools.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.slicing.impl.translator.SliceTranslator;
import org.p4slice.slicing.impl.translator.KnownHosts;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IPV4_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_L4_DST_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L3_FORWARD_V4;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ROUTE;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
import static org.p4slice.testbed.PlanFixtures.access;
import static org.p4slice.testbed.PlanFixtures.bytes;
import static org.p4slice.testbed.PlanFixtures.cp;
import static org.p4slice.testbed.PlanFixtures.group;
import static org.p4slice.testbed.PlanFixtures.link;
import static org.p4slice.testbed.PlanFixtures.meter;
import static org.p4slice.testbed.PlanFixtures.slice;
import static org.p4slice.testbed.PlanFixtures.thrown;
import static org.p4slice.testbed.PlanFixtures.trunk;

/**
 * Tests of the plan JSON writer.
 */
public class PlanJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static String resource(String name) throws IOException {
        try (InputStream in = PlanJsonTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static SlicePlan twoSwitchPlan() {
        Slice slice = slice(10, 110, 25_000_000L, 65_536)
                .endpoints(ImmutableSet.of(access(S1, 1), access(S2, 1), trunk(S2, 3)))
                .trunkLinks(ImmutableSet.of(link(cp(S1, 5), cp(S2, 5)))).build();
        KnownHosts facts = KnownHosts.builder()
                .host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:01"))
                .host(cp(S2, 1), MacAddress.valueOf("00:00:00:00:00:02")).build();
        return new SliceTranslator().translate(slice, facts);
    }

    /** The complete text for a two-switch slice with two known hosts. */
    @Test
    public void twoSwitchSliceGolden() throws IOException {
        assertEquals(resource("plan-two-switch-slice.json"), PlanJson.toJsonString(ImmutableList.of(twoSwitchPlan())));
    }

    @Test
    public void slicesInIdOrder() {
        SlicePlan low = SlicePlan.of(SliceId.of(3), ImmutableMap.of(S2, DevicePlan.of(
                S2, ImmutableList.of(), meter(3, 10, 20), group(3, 4))));
        SlicePlan high = SlicePlan.of(SliceId.of(7), ImmutableMap.of(S1, DevicePlan.of(
                S1, ImmutableList.of(), meter(7, 30, 40), group(7, 1, 2))));
        String expected = "{\"version\":1,\"entries\":[],\"meters\":["
                + "{\"device\":\"device:bmv2:s2\",\"meter\":\"P4SliceIngress.slice_meter\",\"index\":3,"
                + "\"cir\":10,\"cburst\":20,\"pir\":10,\"pburst\":20},"
                + "{\"device\":\"device:bmv2:s1\",\"meter\":\"P4SliceIngress.slice_meter\",\"index\":7,"
                + "\"cir\":30,\"cburst\":40,\"pir\":30,\"pburst\":40}],\"multicastGroups\":["
                + "{\"device\":\"device:bmv2:s2\",\"id\":3,\"replicas\":[{\"port\":4,\"instance\":0}]},"
                + "{\"device\":\"device:bmv2:s1\",\"id\":7,\"replicas\":[{\"port\":1,\"instance\":0},"
                + "{\"port\":2,\"instance\":0}]}]}";
        assertEquals(expected, PlanJson.toJson(ImmutableList.of(high, low)).toString());
    }

    /** LPM and ternary matches, as the L3 and ACL tables will need them. */
    @Test
    public void lpmAndTernaryMatches() throws IOException {
        PlannedEntry route = PlannedEntry.of(
                INGRESS_L3_FORWARD_V4,
                PiCriterion.builder().add(new PiLpmFieldMatch(HDR_IPV4_DST, bytes(10, 0, 0, 0), 8)).build(),
                PiAction.builder().withId(INGRESS_ROUTE).withParameter(new PiActionParam(PORT, bytes(0, 3))).build(),
                0);
        PlannedEntry acl = PlannedEntry.of(
                INGRESS_ACL,
                PiCriterion.builder().add(new PiTernaryFieldMatch(HDR_ETH_TYPE, bytes(0x88, 0xcc), bytes(0xff, 0xff)))
                        .build(),
                PiAction.builder().withId(INGRESS_PUNT_TO_CPU).build(),
                40000);
        SlicePlan plan = SlicePlan.of(SliceId.of(5), ImmutableMap.of(S1, DevicePlan.of(
                S1, ImmutableList.of(route, acl), meter(5, 1, 1), group(5, 1))));
        String expected = "["
                + "{\"device\":\"device:bmv2:s1\",\"table\":\"P4SliceIngress.l3_forward_v4\",\"priority\":0,"
                + "\"match\":[{\"field\":\"ipv4_dst\",\"lpm\":{\"value\":\"0x0a000000\",\"prefixLen\":8}}],"
                + "\"action\":{\"name\":\"P4SliceIngress.route\","
                + "\"params\":[{\"name\":\"port\",\"value\":\"0x0003\"}]}},"
                + "{\"device\":\"device:bmv2:s1\",\"table\":\"P4SliceIngress.acl\",\"priority\":40000,"
                + "\"match\":[{\"field\":\"eth_type\",\"ternary\":{\"value\":\"0x88cc\",\"mask\":\"0xffff\"}}],"
                + "\"action\":{\"name\":\"P4SliceIngress.punt_to_cpu\",\"params\":[]}}]";
        assertEquals(MAPPER.readTree(expected), PlanJson.toJson(ImmutableList.of(plan)).get("entries"));
    }

    @Test
    public void rangeMatchHasNoPlanForm() {
        PlannedEntry ranged = PlannedEntry.of(
                INGRESS_ACL,
                PiCriterion.builder().add(new PiRangeFieldMatch(HDR_L4_DST_PORT, bytes(0, 1), bytes(0, 9))).build(),
                PiAction.builder().withId(INGRESS_PUNT_TO_CPU).build(), 1);
        SlicePlan plan = SlicePlan.of(SliceId.of(5), ImmutableMap.of(S1, DevicePlan.of(
                S1, ImmutableList.of(ranged), meter(5, 1, 1), group(5, 1))));
        IllegalArgumentException e = thrown(IllegalArgumentException.class,
                                            () -> PlanJson.toJson(ImmutableList.of(plan)));
        assertEquals("match kind RANGE of field l4_dst_port in table P4SliceIngress.acl has no form in the plan "
                             + "format", e.getMessage());
    }

    @Test
    public void hexUsesTwoDigitsPerByte() {
        assertEquals("0x0001", PlanJson.hex(bytes(0, 1)));
        assertEquals("0x0ffe", PlanJson.hex(bytes(0x0f, 0xfe)));
        assertEquals("0xaabbccddeeff", PlanJson.hex(bytes(0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff)));
        assertTrue(PlanJson.toJsonString(ImmutableList.of()).endsWith("}\n"));
    }
}
