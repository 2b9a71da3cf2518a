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

import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.packet.Ethernet;
import org.onosproject.TestApplicationId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.FlowObjectiveStore;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.packet.PacketPriority;
import org.onosproject.net.pi.impl.OnosPiTranslation;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.onosproject.net.pi.service.PiTranslationException;
import org.p4slice.testbed.RecordingFlowRuleService;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.bytes;

/**
 * L1 conformance of the pipeliner: ONOS's packet requests (the forwarding objectives ONOS's packet
 * manager makes for LLDP and BDDP link discovery and for ARP) go through the pipeconf's
 * {@link Pipeliner}; the flow rules it installs are translated by ONOS's own flow rule translator
 * into {@code acl} entries matching the ether type (ternary, full mask) with {@code punt_to_cpu()}.
 */
public class PipelinerConformanceTest {

    private static final short BDDP = (short) 0x8942;

    private final RecordingFlowRuleService flowRules = new RecordingFlowRuleService();
    private OnosPiTranslation onos;
    private Pipeliner pipeliner;

    @Before
    public void setUp() {
        onos = ConformanceRig.onos();
        // the pipeconf's own pipeliner, as ONOS's flow objective manager gets it from the device
        pipeliner = onos.device(S1).as(Pipeliner.class);
        Map<Class<?>, Object> services = Map.of(
                FlowRuleService.class, flowRules,
                // not master: init does not try to write the CPU clone session over P4Runtime
                MastershipService.class, new MastershipServiceAdapter());
        pipeliner.init(S1, new PipelinerContext() {
            @Override
            public ServiceDirectory directory() {
                return new ServiceDirectory() {
                    @Override
                    public <T> T get(Class<T> serviceClass) {
                        return serviceClass.cast(services.get(serviceClass));
                    }
                };
            }

            @Override
            public FlowObjectiveStore store() {
                return null;
            }
        });
    }

    /** The objective ONOS's PacketManager builds for a packet request of the given ether type. */
    private static ForwardingObjective packetRequest(short ethType) {
        return DefaultForwardingObjective.builder()
                .withPriority(PacketPriority.CONTROL.priorityValue())
                .withSelector(DefaultTrafficSelector.builder().matchEthType(ethType).build())
                .fromApp(new TestApplicationId("org.onosproject.provider.lldp"))
                .withFlag(ForwardingObjective.Flag.VERSATILE)
                .withTreatment(DefaultTrafficTreatment.builder().punt().wipeDeferred().build())
                .makePermanent()
                .add();
    }

    private PiTableEntry requestAndTranslate(short ethType) throws PiTranslationException {
        pipeliner.forward(packetRequest(ethType));
        assertEquals("one acl rule installed", 1, flowRules.added().size());
        assertEquals("only additions", FlowRuleOperation.Type.ADD, flowRules.operations().get(0).type());
        FlowRule rule = flowRules.added().get(0);
        assertEquals("the pipeliner keeps the objective's priority", PacketPriority.CONTROL.priorityValue(),
                     rule.priority());
        return onos.translate(rule);
    }

    private static void assertPuntEntry(PiTableEntry entry, int byte0, int byte1) {
        assertAclEntry(entry, byte0, byte1, INGRESS_PUNT_TO_CPU);
    }

    private static void assertAclEntry(PiTableEntry entry, int byte0, int byte1, PiActionId action) {
        assertEquals(INGRESS_ACL, entry.table());
        assertEquals("one ternary field: the ether type, full 16-bit mask",
                     List.of(new PiTernaryFieldMatch(HDR_ETH_TYPE, bytes(byte0, byte1), bytes(0xff, 0xff))),
                     List.copyOf(entry.matchKey().fieldMatches()));
        assertEquals(PiAction.builder().withId(action).build(), entry.action());
        // ONOS's flow rule translator writes flow rule priority + 1 in tables with a ternary key
        // (P4Runtime priority 0 is reserved)
        assertEquals("P4Runtime priority of ONOS's CONTROL packet requests",
                     PacketPriority.CONTROL.priorityValue() + 1, entry.priority().getAsInt());
        assertTrue("permanent", entry.timeout().isEmpty());
    }

    @Test
    public void lldpIsPunted() throws PiTranslationException {
        assertPuntEntry(requestAndTranslate(Ethernet.TYPE_LLDP), 0x88, 0xcc);
    }

    @Test
    public void bddpIsPunted() throws PiTranslationException {
        assertPuntEntry(requestAndTranslate(BDDP), 0x89, 0x42);
    }

    /** ARP is copied: ONOS learns the hosts and the request still crosses its slice. */
    @Test
    public void arpIsCopied() throws PiTranslationException {
        assertAclEntry(requestAndTranslate(Ethernet.TYPE_ARP), 0x08, 0x06, INGRESS_COPY_TO_CPU);
    }

    /** The device's pipeliner is the pipeconf's: checks the bridge's device, not the pipeline. */
    @Test
    public void deviceAnswersFromPipeconf() {
        DeviceId other = DeviceId.deviceId("device:bmv2:s9");
        assertTrue(onos.device(other).is(Pipeliner.class));
        assertEquals("org.p4slice.pipeconf.behaviour.P4SlicePipeliner",
                     onos.device(other).as(Pipeliner.class).getClass().getName());
    }
}
