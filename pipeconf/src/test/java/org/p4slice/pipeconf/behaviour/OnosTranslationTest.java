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
package org.p4slice.pipeconf.behaviour;

import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.onlab.packet.Ethernet;
import org.onlab.packet.ICMP6;
import org.onlab.packet.IPv6;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TpPort;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.Device;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criteria;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flowobjective.DefaultFilteringObjective;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.p4slice.pipeconf.TofinoOutputs;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;
import org.p4slice.pipeconf.P4SlicePipeconfIds;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IP_PROTO;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ICMP_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_L4_DST_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_FLOOD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;
import static org.p4slice.pipeconf.P4SliceConstants.PORT_BITWIDTH;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ID_BITWIDTH;
import static org.p4slice.pipeconf.behaviour.TestP4RuntimeDevice.DEVICE_ID;

/**
 * Runs what the pipeliner and the interpreter produce through ONOS's own flow rule translator
 * ({@code PiFlowRuleTranslatorImpl} of onos-core-net, unpacked into the test classes) with every
 * real p4slice pipeconf (bmv2's and each Tofino one): the resulting P4Runtime table entries are
 * exactly what ONOS would write, and the same on every target.
 */
@RunWith(Parameterized.class)
public class OnosTranslationTest {

    private static final ApplicationId APP = new TestApplicationId("org.onosproject.test");
    private static final int PRIORITY = 40000;
    private static final int MAC_BITWIDTH = 48;

    private static Method translate;

    private final PiPipeconfId id;
    private PiPipeconf pipeconf;

    /**
     * Every p4slice pipeconf (a Tofino one is skipped, with the reason, where its bf-p4c outputs
     * are not packaged).
     *
     * @return the pipeconf ids, each as the test name
     */
    @Parameterized.Parameters(name = "{0}")
    public static List<PiPipeconfId> pipeconfs() {
        return P4SlicePipeconfIds.ids();
    }

    public OnosTranslationTest(PiPipeconfId id) {
        this.id = id;
    }

    @Before
    public void buildThePipeconf() {
        if (P4SlicePipeconfIds.BMV2_PIPECONF_ID.equals(id)) {
            pipeconf = P4SlicePipeconfs.bmv2();
        } else {
            TofinoOutputs.assumePackaged();
            pipeconf = P4SlicePipeconfs.tofino(id);
        }
    }

    @BeforeClass
    public static void setUp() throws ReflectiveOperationException {
        translate = Class.forName("org.onosproject.net.pi.impl.PiFlowRuleTranslatorImpl")
                .getDeclaredMethod("translate", FlowRule.class, PiPipeconf.class, Device.class);
        translate.setAccessible(true);
    }

    /** ONOS's translation; without a device the translator instantiates the pipeconf's interpreter. */
    private PiTableEntry translate(FlowRule rule) throws Exception {
        try {
            return (PiTableEntry) translate.invoke(null, rule, pipeconf, null);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    private static ImmutableByteSequence bits(long value, int bitWidth) throws Exception {
        return ImmutableByteSequence.copyFrom(value).fit(bitWidth);
    }

    private static PiFieldMatch ternary(PiMatchFieldId field, long value, int bitWidth) throws Exception {
        return new PiTernaryFieldMatch(field, bits(value, bitWidth), bits((1L << bitWidth) - 1, bitWidth));
    }

    private static PiAction action(PiActionId id) {
        return PiAction.builder().withId(id).build();
    }

    private static ForwardingObjective forwarding(TrafficSelector selector, TrafficTreatment treatment) {
        return DefaultForwardingObjective.builder().withSelector(selector).withTreatment(treatment)
                .withPriority(PRIORITY).withFlag(ForwardingObjective.Flag.VERSATILE).fromApp(APP).makePermanent()
                .add();
    }

    private PiTableEntry fromObjective(ForwardingObjective obj) throws Exception {
        return translate(new AclRuleTranslator(DEVICE_ID).forwarding(obj));
    }

    @Test
    public void lldpPacketRequestBecomesATernaryAclEntry() throws Exception {
        PiTableEntry entry = fromObjective(forwarding(
                DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP).build(),
                DefaultTrafficTreatment.builder().punt().wipeDeferred().build()));

        assertEquals(INGRESS_ACL, entry.table());
        assertEquals(Set.of(ternary(HDR_ETH_TYPE, 0x88cc, 16)), Set.copyOf(entry.matchKey().fieldMatches()));
        assertEquals(action(INGRESS_PUNT_TO_CPU), entry.action());
        assertEquals(OptionalInt.of(PRIORITY + 1), entry.priority());
    }

    @Test
    public void dhcpRequestOnAPortKeepsEveryField() throws Exception {
        PiTableEntry entry = fromObjective(forwarding(
                DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(3))
                        .matchEthType(Ethernet.TYPE_IPV4).matchUdpDst(TpPort.tpPort(67)).build(),
                DefaultTrafficTreatment.builder().punt().setOutput(PortNumber.TABLE).build()));

        assertEquals(Set.of(ternary(HDR_INGRESS_PORT, 3, PORT_BITWIDTH), ternary(HDR_ETH_TYPE, 0x0800, 16),
                            ternary(HDR_IP_PROTO, 17, 8), ternary(HDR_L4_DST_PORT, 67, 16)),
                     Set.copyOf(entry.matchKey().fieldMatches()));
        assertEquals(action(INGRESS_COPY_TO_CPU), entry.action());
    }

    /**
     * ONOS's host provider asks for NDP (with {@code requestIpv6ND}): neighbour solicitations are
     * copied to ONOS (the frame stays in its slice), matched on the ICMPv6 type and next header 58.
     */
    @Test
    public void ndpRequestIsACopyOnTheIcmpv6Type() throws Exception {
        PiTableEntry entry = fromObjective(forwarding(
                DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV6)
                        .matchIPProtocol(IPv6.PROTOCOL_ICMP6).matchIcmpv6Type(ICMP6.NEIGHBOR_SOLICITATION).build(),
                DefaultTrafficTreatment.builder().punt().wipeDeferred().build()));

        assertEquals(Set.of(ternary(HDR_ETH_TYPE, 0x86dd, 16), ternary(HDR_IP_PROTO, 58, 8),
                            ternary(HDR_ICMP_TYPE, 135, 8)),
                     Set.copyOf(entry.matchKey().fieldMatches()));
        assertEquals(action(INGRESS_COPY_TO_CPU), entry.action());
    }

    @Test
    public void maskedMacAndDropTranslate() throws Exception {
        MacAddress mcast = MacAddress.valueOf("33:33:00:00:00:00");
        MacAddress mask = MacAddress.valueOf("ff:ff:00:00:00:00");
        PiTableEntry entry = fromObjective(forwarding(
                DefaultTrafficSelector.builder().matchEthDstMasked(mcast, mask).build(),
                DefaultTrafficTreatment.builder().drop().build()));

        assertEquals(Set.of(new PiTernaryFieldMatch(HDR_ETH_DST, ImmutableByteSequence.copyFrom(mcast.toBytes()),
                                                    ImmutableByteSequence.copyFrom(mask.toBytes()))),
                     Set.copyOf(entry.matchKey().fieldMatches()));
        assertEquals(action(INGRESS_ACL_DROP), entry.action());
    }

    @Test
    public void denyFilteringObjectiveTranslates() throws Exception {
        PiTableEntry entry = translate(new AclRuleTranslator(DEVICE_ID).filtering(
                DefaultFilteringObjective.builder().deny().withKey(Criteria.matchInPort(PortNumber.portNumber(7)))
                        .addCondition(Criteria.matchEthType(Ethernet.TYPE_ARP))
                        .withPriority(10).fromApp(APP).makePermanent().add()));

        assertEquals(Set.of(ternary(HDR_INGRESS_PORT, 7, PORT_BITWIDTH), ternary(HDR_ETH_TYPE, 0x0806, 16)),
                     Set.copyOf(entry.matchKey().fieldMatches()));
        assertEquals(action(INGRESS_ACL_DROP), entry.action());
    }

    private static FlowRule l2Rule(TrafficTreatment treatment) {
        return DefaultFlowRule.builder().forDevice(DEVICE_ID).forTable(INGRESS_L2_FORWARD).fromApp(APP)
                .withPriority(10).makePermanent()
                .withSelector(DefaultTrafficSelector.builder()
                                      .matchPi(PiCriterion.builder().matchExact(HDR_SLICE_ID, 12).build())
                                      .matchEthDst(MacAddress.valueOf("00:00:00:00:00:0b")).build())
                .withTreatment(treatment).build();
    }

    @Test
    public void interpreterTreatmentsForL2ForwardTranslate() throws Exception {
        PiTableEntry unicast = translate(l2Rule(DefaultTrafficTreatment.builder()
                                                        .setOutput(PortNumber.portNumber(3)).build()));
        assertEquals(INGRESS_L2_FORWARD, unicast.table());
        assertEquals(Set.of(new PiExactFieldMatch(HDR_SLICE_ID, bits(12, SLICE_ID_BITWIDTH)),
                            new PiExactFieldMatch(HDR_ETH_DST, bits(0x0b, MAC_BITWIDTH))),
                     Set.copyOf(unicast.matchKey().fieldMatches()));
        assertEquals(PiAction.builder().withId(INGRESS_SET_EGRESS_PORT)
                             .withParameter(new PiActionParam(PORT, bits(3, PORT_BITWIDTH))).build(),
                     unicast.action());
        assertEquals("exact tables have no priority", OptionalInt.empty(), unicast.priority());

        assertEquals(action(INGRESS_FLOOD), translate(l2Rule(DefaultTrafficTreatment.builder()
                                                                     .setOutput(PortNumber.FLOOD).build())).action());
        assertEquals(action(INGRESS_DROP), translate(l2Rule(DefaultTrafficTreatment.builder().drop().build()))
                .action());
    }

    @Test
    public void onosTableZeroRulesLandInTheAcl() throws Exception {
        FlowRule rule = DefaultFlowRule.builder().forDevice(DEVICE_ID).forTable(0).fromApp(APP).withPriority(5)
                .makePermanent().withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_ARP).build())
                .withTreatment(DefaultTrafficTreatment.builder().punt().build()).build();
        PiTableEntry entry = translate(rule);
        assertEquals(INGRESS_ACL, entry.table());
        assertEquals(action(INGRESS_PUNT_TO_CPU), entry.action());
    }

    @Test
    public void interpreterRefusalsReachOnos() throws Exception {
        try {
            translate(l2Rule(DefaultTrafficTreatment.builder().punt().build()));
            fail("punt in l2_forward must not translate");
        } catch (Exception e) {
            assertEquals("org.onosproject.net.pi.service.PiTranslationException", e.getClass().getName());
            assertThat(e.getMessage(), containsString(INGRESS_L2_FORWARD.id()));
            assertThat(e.getMessage(), containsString("CONTROLLER"));
        }
    }
}
