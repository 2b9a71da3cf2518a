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

import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.TpPort;
import org.onlab.packet.VlanId;
import org.onosproject.TestApplicationId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criteria;
import org.onosproject.net.flowobjective.DefaultFilteringObjective;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.ObjectiveError;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_L4_DST_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.behaviour.TestP4RuntimeDevice.DEVICE_ID;

/**
 * Tests that {@link AclRuleTranslator} says exactly what it cannot express and why.
 */
public class AclRuleTranslatorTest {

    private final AclRuleTranslator translator = new AclRuleTranslator(DEVICE_ID);

    private static ForwardingObjective forwarding(TrafficSelector selector, TrafficTreatment treatment) {
        return DefaultForwardingObjective.builder().withSelector(selector).withTreatment(treatment)
                .withPriority(10).withFlag(ForwardingObjective.Flag.VERSATILE)
                .fromApp(new TestApplicationId("org.example.app")).makePermanent().add();
    }

    private void assertRefused(ForwardingObjective obj, ObjectiveError error, String... expected) {
        try {
            translator.forwarding(obj);
            fail(obj + " must be refused");
        } catch (ObjectiveTranslationException e) {
            assertEquals(error, e.error());
            assertThat(e.getMessage(), containsString("forwarding objective " + obj.id()));
            assertThat(e.getMessage(), containsString("org.example.app"));
            assertThat(e.getMessage(), containsString(DEVICE_ID.toString()));
            for (String s : expected) {
                assertThat(e.getMessage(), containsString(s));
            }
        }
    }

    private static TrafficTreatment punt() {
        return DefaultTrafficTreatment.builder().punt().wipeDeferred().build();
    }

    @Test
    public void unsupportedCriteriaAreListedWithTheAclKeys() {
        assertRefused(forwarding(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV4)
                                         .matchVlanId(VlanId.vlanId((short) 10))
                                         .matchIPDst(IpPrefix.valueOf("10.0.0.0/8")).build(), punt()),
                      ObjectiveError.UNSUPPORTED, "VLAN_VID:10", "IPV4_DST:10.0.0.0/8", INGRESS_ACL.id(),
                      HDR_L4_DST_PORT.id(), "slicing app");
    }

    @Test
    public void nextIdIsExplained() {
        ForwardingObjective obj = DefaultForwardingObjective.builder()
                .withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV4).build())
                .nextStep(42).withPriority(10).withFlag(ForwardingObjective.Flag.SPECIFIC)
                .fromApp(new TestApplicationId("org.example.app")).makePermanent().add();
        assertRefused(obj, ObjectiveError.UNSUPPORTED, "next objective 42", "per slice");
    }

    @Test
    public void outputToAPortIsExplained() {
        assertRefused(forwarding(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV4).build(),
                                 DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(5)).build()),
                      ObjectiveError.UNSUPPORTED, "OUTPUT:5", INGRESS_ACL.id(), "per slice");
    }

    @Test
    public void conflictingCriteriaAreNamed() {
        assertRefused(forwarding(DefaultTrafficSelector.builder().matchTcpDst(TpPort.tpPort(80))
                                         .matchUdpDst(TpPort.tpPort(53)).build(), punt()),
                      ObjectiveError.BADPARAMS, "TCP_DST:80", "UDP_DST:53", HDR_L4_DST_PORT.id());
        assertRefused(forwarding(DefaultTrafficSelector.builder().matchIPProtocol((byte) 17)
                                         .matchTcpDst(TpPort.tpPort(80)).build(), punt()),
                      ObjectiveError.BADPARAMS, "TCP_DST:80", "IP_PROTO:17");
        assertRefused(forwarding(DefaultTrafficSelector.builder().matchIPProtocol((byte) 17)
                                         .matchIcmpv6Type((byte) 135).build(), punt()),
                      ObjectiveError.BADPARAMS, "ICMPV6_TYPE:135", "IP_PROTO:17");
        assertRefused(forwarding(DefaultTrafficSelector.builder().matchInPort(PortNumber.portNumber(1000))
                                         .build(), punt()),
                      ObjectiveError.BADPARAMS, "IN_PORT:1000");
    }

    @Test
    public void plainPermitNamesTheClassifier() {
        FilteringObjective obj = DefaultFilteringObjective.builder().permit()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(1)))
                .addCondition(Criteria.matchVlanId(VlanId.vlanId((short) 20)))
                .withPriority(10).fromApp(new TestApplicationId("org.example.app")).add();
        try {
            translator.filtering(obj);
            fail("plain PERMIT must be refused");
        } catch (ObjectiveTranslationException e) {
            assertEquals(ObjectiveError.UNSUPPORTED, e.error());
            assertThat(e.getMessage(), containsString("PERMIT filtering objective " + obj.id()));
            assertThat(e.getMessage(), containsString(INGRESS_SLICE_CLASSIFIER.id()));
            assertThat(e.getMessage(), containsString(INGRESS_SET_SLICE.id()));
            assertThat(e.getMessage(), containsString("no slice id"));
        }
    }
}
