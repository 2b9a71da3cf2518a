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
import org.junit.Test;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.packet.EthType;
import org.onlab.packet.Ethernet;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onlab.packet.TpPort;
import org.onlab.packet.VlanId;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criteria;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.flowobjective.DefaultFilteringObjective;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.DefaultNextObjective;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.FlowObjectiveStore;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.NextObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveContext;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiCloneSessionEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.EntityUpdateStatus;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.UpdateType;
import org.p4slice.pipeconf.TofinoOutputs;
import org.p4slice.pipeconf.tofino.TofinoTarget;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.p4slice.pipeconf.P4SliceConstants.CPU_CLONE_SESSION_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.pipeconf.behaviour.TestP4RuntimeDevice.DEVICE_ID;

/**
 * Tests of {@link P4SlicePipeliner}: ONOS packet requests and other objectives to acl entries.
 */
public class P4SlicePipelinerTest {

    private static final ApplicationId APP = new TestApplicationId("org.onosproject.test");
    private static final int PRIORITY = 40000;
    private static final short BDDP = (short) 0x8942;

    private final List<FlowRuleOperations> applied = new ArrayList<>();
    private final List<String> purged = new ArrayList<>();
    private final List<Objective> succeeded = new ArrayList<>();
    private final Map<Objective, ObjectiveError> failed = new HashMap<>();
    private final ObjectiveContext context = new ObjectiveContext() {
        @Override
        public void onSuccess(Objective objective) {
            succeeded.add(objective);
        }

        @Override
        public void onError(Objective objective, ObjectiveError error) {
            failed.put(objective, error);
        }
    };

    private boolean flowsSucceed = true;
    private boolean localMaster = true;
    private TestP4RuntimeDevice device;
    private PipelinerContext pipelinerContext;
    private P4SlicePipeliner pipeliner;

    @Before
    public void setUp() {
        device = new TestP4RuntimeDevice();
        FlowRuleService flowRules = new FlowRuleServiceAdapter() {
            @Override
            public void apply(FlowRuleOperations ops) {
                applied.add(ops);
                if (flowsSucceed) {
                    ops.callback().onSuccess(ops);
                } else {
                    ops.callback().onError(ops);
                }
            }

            @Override
            public void purgeFlowRules(DeviceId deviceId, ApplicationId appId) {
                purged.add(deviceId + "/" + appId.name());
            }
        };
        MastershipService mastership = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return localMaster && DEVICE_ID.equals(deviceId);
            }
        };
        Map<Class<?>, Object> services = Map.of(FlowRuleService.class, flowRules,
                                                MastershipService.class, mastership);
        pipelinerContext = new PipelinerContext() {
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
        };
        pipeliner = new P4SlicePipeliner();
        pipeliner.setHandler(device.handler);
    }

    private void init() {
        pipeliner.init(DEVICE_ID, pipelinerContext);
    }

    // --- helpers ------------------------------------------------------------------------------

    private static TrafficSelector.Builder selector() {
        return DefaultTrafficSelector.builder();
    }

    private static TrafficTreatment puntTreatment() {
        // What ONOS's PacketManager puts in its packet requests.
        return DefaultTrafficTreatment.builder().punt().wipeDeferred().build();
    }

    private static DefaultForwardingObjective.Builder forwarding(TrafficSelector selector, TrafficTreatment treatment) {
        return DefaultForwardingObjective.builder()
                .withSelector(selector)
                .withTreatment(treatment)
                .withPriority(PRIORITY)
                .withFlag(ForwardingObjective.Flag.VERSATILE)
                .fromApp(APP)
                .makePermanent();
    }

    private static PiAction action(PiActionId id) {
        return PiAction.builder().withId(id).build();
    }

    /** The only flow rule operation applied so far. */
    private FlowRuleOperation onlyOperation() {
        assertEquals("one FlowRuleOperations", 1, applied.size());
        List<Set<FlowRuleOperation>> stages = applied.get(0).stages();
        assertEquals("one stage", 1, stages.size());
        assertEquals("one operation", 1, stages.get(0).size());
        return stages.get(0).iterator().next();
    }

    private static PiAction piAction(FlowRule rule) {
        assertEquals(1, rule.treatment().allInstructions().size());
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    private FlowRule assertAclRuleAdded(Objective obj, PiActionId expectedAction, Criterion... expectedCriteria) {
        FlowRuleOperation op = onlyOperation();
        assertEquals(FlowRuleOperation.Type.ADD, op.type());
        FlowRule rule = op.rule();
        assertEquals(DEVICE_ID, rule.deviceId());
        assertEquals(INGRESS_ACL, rule.table());
        assertEquals(obj.priority(), rule.priority());
        assertEquals(APP.id(), rule.appId());
        assertEquals(Set.of(expectedCriteria), rule.selector().criteria());
        assertEquals(action(expectedAction), piAction(rule));
        assertThat(succeeded, contains(obj));
        assertTrue("no errors: " + failed, failed.isEmpty());
        return rule;
    }

    private void assertRefused(Objective obj, ObjectiveError expected) {
        assertEquals(Map.of(obj, expected), failed);
        assertThat(succeeded, is(empty()));
        assertThat("nothing installed", applied, is(empty()));
    }

    // --- ONOS packet requests -----------------------------------------------------------------

    @Test
    public void lldpRequestIsPuntedWithTheObjectivesPriority() {
        init();
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_LLDP).build(), puntTreatment())
                .add(context);
        pipeliner.forward(obj);

        FlowRule rule = assertAclRuleAdded(obj, INGRESS_PUNT_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_LLDP));
        assertTrue(rule.isPermanent());
    }

    @Test
    public void bddpRequestIsPunted() {
        init();
        ForwardingObjective obj = forwarding(selector().matchEthType(BDDP).build(), puntTreatment()).add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_PUNT_TO_CPU, Criteria.matchEthType(BDDP));
    }

    /** ONOS's host provider asks for ARP with a punt: the frame gets copied and still crosses its slice. */
    @Test
    public void arpRequestOnAPortIsCopiedSoItStillCrossesItsSlice() {
        init();
        TrafficSelector selector = selector().matchEthType(Ethernet.TYPE_ARP)
                .matchInPort(PortNumber.portNumber(3)).build();
        ForwardingObjective obj = forwarding(selector, puntTreatment()).add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_ARP),
                           Criteria.matchInPort(PortNumber.portNumber(3)));
    }

    @Test
    public void ipv4PuntIsACopyThatKeepsProtocolAndPort() {
        init();
        TrafficSelector selector = selector().matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol((byte) 17)
                .matchUdpDst(TpPort.tpPort(67)).build();
        ForwardingObjective obj = forwarding(selector, puntTreatment()).add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_IPV4),
                           Criteria.matchIPProtocol((short) 17), Criteria.matchUdpDst(TpPort.tpPort(67)));
    }

    @Test
    public void tcpPortWithoutProtocolGetsTheImpliedProtocol() {
        init();
        TrafficSelector selector = selector().matchEthType(Ethernet.TYPE_IPV4).matchTcpDst(TpPort.tpPort(80)).build();
        ForwardingObjective obj = forwarding(selector, puntTreatment()).add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_IPV4),
                           Criteria.matchIPProtocol((short) 6), Criteria.matchTcpDst(TpPort.tpPort(80)));
    }

    @Test
    public void ipv6PuntWithMacMatchesIsCopied() {
        init();
        MacAddress src = MacAddress.valueOf("00:00:00:00:00:0a");
        TrafficSelector selector = selector().matchEthType(Ethernet.TYPE_IPV6)
                .matchEthDstMasked(MacAddress.valueOf("33:33:00:00:00:00"), MacAddress.valueOf("ff:ff:00:00:00:00"))
                .matchEthSrc(src).build();
        ForwardingObjective obj = forwarding(selector, puntTreatment()).add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_IPV6),
                           Criteria.matchEthDstMasked(MacAddress.valueOf("33:33:00:00:00:00"),
                                                      MacAddress.valueOf("ff:ff:00:00:00:00")),
                           Criteria.matchEthSrc(src));
    }

    @Test
    public void temporaryObjectiveGivesATemporaryRule() {
        init();
        ForwardingObjective obj = DefaultForwardingObjective.builder()
                .withSelector(selector().matchEthType(Ethernet.TYPE_ARP).build())
                .withTreatment(puntTreatment()).withPriority(5).withFlag(ForwardingObjective.Flag.VERSATILE)
                .fromApp(APP).makeTemporary(30).add(context);
        pipeliner.forward(obj);
        FlowRule rule = assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_ARP));
        assertFalse(rule.isPermanent());
        assertEquals(30, rule.timeout());
    }

    // --- copy, drop, remove -------------------------------------------------------------------

    @Test
    public void initWritesTheCpuCloneSession() {
        init();
        assertEquals(1, device.client.writes.size());
        FakeP4Runtime.Write write = device.client.writes.get(0);
        assertEquals(TestP4RuntimeDevice.P4_DEVICE_ID, write.p4DeviceId);
        assertEquals(1, write.updates.size());
        assertEquals(UpdateType.INSERT, write.updates.get(0).type);
        PiCloneSessionEntry session = (PiCloneSessionEntry) write.updates.get(0).entity;
        assertEquals(CPU_CLONE_SESSION_ID, session.sessionId());
        assertEquals(Set.of(new PiPreReplica(PortNumber.portNumber(255), 0)), session.replicas());
    }

    @Test
    public void existingCloneSessionIsModified() {
        device.client.writeAnswer = write -> write.answer(
                write.updates.get(0).type == UpdateType.INSERT ? EntityUpdateStatus.ALREADY_EXIST
                        : EntityUpdateStatus.OK);
        init();
        assertEquals(2, device.client.writes.size());
        assertEquals(UpdateType.MODIFY, device.client.writes.get(1).updates.get(0).type);
        pipeliner.forward(forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                                  .add(context));
        assertEquals("no further write once written", 2, device.client.writes.size());
    }

    private static TrafficTreatment copyTreatment() {
        return DefaultTrafficTreatment.builder().punt().setOutput(PortNumber.TABLE).build();
    }

    @Test
    public void copyToControllerUsesCopyToCpu() {
        init();
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                .add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_ARP));
        assertEquals("clone session written once, at init", 1, device.client.writes.size());
    }

    @Test
    public void copyRetriesTheCloneSessionIfInitCouldNotWriteIt() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        init();
        assertEquals("insert and modify tried", 2, device.client.writes.size());

        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OK);
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                .add(context);
        pipeliner.forward(obj);

        assertEquals(3, device.client.writes.size());
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_ARP));
    }

    @Test
    public void copyFailsIfTheCloneSessionCannotBeWritten() {
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        init();
        ForwardingObjective copy = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                .add(context);
        pipeliner.forward(copy);
        assertRefused(copy, ObjectiveError.GROUPINSTALLATIONFAILED);

        failed.clear();
        ForwardingObjective punt = forwarding(selector().matchEthType(Ethernet.TYPE_LLDP).build(), puntTreatment())
                .add(context);
        pipeliner.forward(punt);
        assertAclRuleAdded(punt, INGRESS_PUNT_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_LLDP));
    }

    @Test
    public void copyWithoutP4RuntimeClientFails() {
        device.controller.clients.clear();
        init();
        ForwardingObjective copy = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                .add(context);
        pipeliner.forward(copy);
        assertRefused(copy, ObjectiveError.GROUPINSTALLATIONFAILED);
    }

    @Test
    public void onTofinoCopyToCpuNeedsNoCloneSession() {
        TofinoOutputs.assumePackaged();
        device = new TestP4RuntimeDevice(P4SlicePipeconfs.tofino(TofinoTarget.TWO_PIPE_STRATUM.id()));
        pipeliner = new P4SlicePipeliner();
        pipeliner.setHandler(device.handler);
        device.client.writeAnswer = write -> write.answer(EntityUpdateStatus.OTHER_ERROR);
        init();
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                .add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_ARP));
        assertThat("the traffic manager copies: nothing written to the device", device.client.writes, is(empty()));
    }

    @Test
    public void cloneSessionReplicaIsTheCpuPortOfThePipeconf() {
        assertEquals(Set.of(new PiPreReplica(PortNumber.portNumber(320), 0)), CpuCloneSession.entry(320).replicas());
    }

    @Test
    public void nonMasterInstanceLeavesTheCloneSessionToTheMaster() {
        localMaster = false;
        init();
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), copyTreatment())
                .add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchEthType(Ethernet.TYPE_ARP));
        assertThat(device.client.writes, is(empty()));
    }

    @Test
    public void treatmentWithoutOutputDrops() {
        init();
        TrafficSelector selector = selector().matchEthSrc(MacAddress.valueOf("00:00:00:00:00:66")).build();
        ForwardingObjective obj = forwarding(selector, DefaultTrafficTreatment.builder().wipeDeferred().build())
                .add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_ACL_DROP, Criteria.matchEthSrc(MacAddress.valueOf("00:00:00:00:00:66")));
    }

    @Test
    public void dropTreatmentDrops() {
        init();
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_IPV6).build(),
                                             DefaultTrafficTreatment.builder().drop().build()).add(context);
        pipeliner.forward(obj);
        assertAclRuleAdded(obj, INGRESS_ACL_DROP, Criteria.matchEthType(Ethernet.TYPE_IPV6));
    }

    @Test
    public void removeRemovesTheSameRule() {
        init();
        TrafficSelector selector = selector().matchEthType(Ethernet.TYPE_LLDP).build();
        pipeliner.forward(forwarding(selector, puntTreatment()).add(context));
        FlowRule added = onlyOperation().rule();
        applied.clear();
        succeeded.clear();

        ForwardingObjective remove = forwarding(selector, puntTreatment()).remove(context);
        pipeliner.forward(remove);

        FlowRuleOperation op = onlyOperation();
        assertEquals(FlowRuleOperation.Type.REMOVE, op.type());
        assertEquals(added, op.rule());
        assertTrue(added.exactMatch(op.rule()));
        assertThat(succeeded, contains(remove));
    }

    @Test
    public void failedInstallationIsReported() {
        init();
        flowsSucceed = false;
        ForwardingObjective obj = forwarding(selector().matchEthType(Ethernet.TYPE_LLDP).build(), puntTreatment())
                .add(context);
        pipeliner.forward(obj);
        assertEquals(1, applied.size());
        assertEquals(Map.of(obj, ObjectiveError.FLOWINSTALLATIONFAILED), failed);
        assertThat(succeeded, is(empty()));
    }

    // --- refused forwarding objectives --------------------------------------------------------

    @Test
    public void nextIdIsUnsupported() {
        init();
        ForwardingObjective obj = DefaultForwardingObjective.builder()
                .withSelector(selector().matchEthType(Ethernet.TYPE_IPV4).build()).nextStep(7)
                .withPriority(PRIORITY).withFlag(ForwardingObjective.Flag.SPECIFIC).fromApp(APP).makePermanent()
                .add(context);
        pipeliner.forward(obj);
        assertRefused(obj, ObjectiveError.UNSUPPORTED);
    }

    @Test
    public void sliceTableCriteriaAreUnsupported() {
        init();
        for (TrafficSelector selector : List.of(
                selector().matchEthType(Ethernet.TYPE_ARP).matchVlanId(VlanId.vlanId((short) 10)).build(),
                selector().matchEthType(Ethernet.TYPE_IPV4).matchIPDst(IpPrefix.valueOf("10.0.0.0/8")).build(),
                selector().matchEthType(Ethernet.TYPE_IPV4).matchIPSrc(IpPrefix.valueOf("10.0.0.1/32")).build())) {
            failed.clear();
            ForwardingObjective obj = forwarding(selector, puntTreatment()).add(context);
            pipeliner.forward(obj);
            assertRefused(obj, ObjectiveError.UNSUPPORTED);
        }
    }

    @Test
    public void outputToAPortIsUnsupported() {
        init();
        ForwardingObjective obj = forwarding(selector().matchEthDst(MacAddress.valueOf("00:00:00:00:00:02")).build(),
                                             DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2))
                                                     .build()).add(context);
        pipeliner.forward(obj);
        assertRefused(obj, ObjectiveError.UNSUPPORTED);
    }

    @Test
    public void inconsistentSelectorsAreBadParams() {
        init();
        for (TrafficSelector selector : List.of(
                selector().matchEthType(Ethernet.TYPE_IPV4).matchTcpDst(TpPort.tpPort(80))
                        .matchUdpDst(TpPort.tpPort(53)).build(),
                selector().matchEthType(Ethernet.TYPE_IPV4).matchIPProtocol((byte) 17)
                        .matchTcpDst(TpPort.tpPort(80)).build(),
                selector().matchEthDst(MacAddress.BROADCAST)
                        .matchEthDstMasked(MacAddress.valueOf("01:00:00:00:00:00"),
                                           MacAddress.valueOf("01:00:00:00:00:00")).build(),
                selector().matchInPort(PortNumber.CONTROLLER).build(),
                selector().matchInPort(PortNumber.portNumber(600)).build())) {
            failed.clear();
            ForwardingObjective obj = forwarding(selector, puntTreatment()).add(context);
            pipeliner.forward(obj);
            assertRefused(obj, ObjectiveError.BADPARAMS);
        }
    }

    @Test
    public void operationsOtherThanAddAndRemoveAreUnsupported() {
        init();
        ForwardingObjective add = forwarding(selector().matchEthType(Ethernet.TYPE_ARP).build(), puntTreatment())
                .add(context);
        ForwardingObjective modify = new ForwardingObjectiveWithOp(add, Objective.Operation.MODIFY);
        pipeliner.forward(modify);
        assertRefused(modify, ObjectiveError.UNSUPPORTED);
    }

    // --- next and filtering objectives --------------------------------------------------------

    @Test
    public void nextObjectivesAreUnsupported() {
        init();
        NextObjective obj = DefaultNextObjective.builder().withId(1).withType(NextObjective.Type.BROADCAST)
                .addTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(1)).build())
                .fromApp(APP).add(context);
        pipeliner.next(obj);
        assertRefused(obj, ObjectiveError.UNSUPPORTED);
        assertThat(pipeliner.getNextMappings(null), is(empty()));
    }

    @Test
    public void denyFilteringObjectiveDropsInTheAcl() {
        init();
        FilteringObjective obj = DefaultFilteringObjective.builder().deny()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(2)))
                .addCondition(Criteria.matchEthType(EthType.EtherType.IPV4.ethType().toShort()))
                .withPriority(PRIORITY).fromApp(APP).makePermanent().add(context);
        pipeliner.filter(obj);
        assertAclRuleAdded(obj, INGRESS_ACL_DROP, Criteria.matchInPort(PortNumber.portNumber(2)),
                           Criteria.matchEthType(Ethernet.TYPE_IPV4));
    }

    @Test
    public void permitFilteringObjectiveThatPuntsArpIsACopy() {
        init();
        FilteringObjective obj = DefaultFilteringObjective.builder().permit()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(4)))
                .addCondition(Criteria.matchEthType(Ethernet.TYPE_ARP))
                .withMeta(puntTreatment())
                .withPriority(PRIORITY).fromApp(APP).makePermanent().add(context);
        pipeliner.filter(obj);
        assertAclRuleAdded(obj, INGRESS_COPY_TO_CPU, Criteria.matchInPort(PortNumber.portNumber(4)),
                           Criteria.matchEthType(Ethernet.TYPE_ARP));
    }

    @Test
    public void permitFilteringObjectiveThatPuntsLldpIsAPunt() {
        init();
        FilteringObjective lldp = DefaultFilteringObjective.builder().permit()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(4)))
                .addCondition(Criteria.matchEthType(Ethernet.TYPE_LLDP))
                .withMeta(puntTreatment())
                .withPriority(PRIORITY).fromApp(APP).makePermanent().add(context);
        pipeliner.filter(lldp);
        assertAclRuleAdded(lldp, INGRESS_PUNT_TO_CPU, Criteria.matchInPort(PortNumber.portNumber(4)),
                           Criteria.matchEthType(Ethernet.TYPE_LLDP));
    }

    @Test
    public void plainPermitFilteringObjectiveIsUnsupported() {
        init();
        FilteringObjective obj = DefaultFilteringObjective.builder().permit()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(4)))
                .addCondition(Criteria.matchVlanId(VlanId.vlanId((short) 100)))
                .withPriority(PRIORITY).fromApp(APP).makePermanent().add(context);
        pipeliner.filter(obj);
        assertRefused(obj, ObjectiveError.UNSUPPORTED);
    }

    @Test
    public void denyOnAVlanIsUnsupported() {
        init();
        FilteringObjective obj = DefaultFilteringObjective.builder().deny()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(4)))
                .addCondition(Criteria.matchVlanId(VlanId.vlanId((short) 100)))
                .withPriority(PRIORITY).fromApp(APP).makePermanent().add(context);
        pipeliner.filter(obj);
        assertRefused(obj, ObjectiveError.UNSUPPORTED);
    }

    @Test
    public void filteringRemoveRemoves() {
        init();
        FilteringObjective obj = DefaultFilteringObjective.builder().deny()
                .withKey(Criteria.matchInPort(PortNumber.portNumber(2)))
                .addCondition(Criteria.matchEthType(Ethernet.TYPE_IPV6))
                .withPriority(PRIORITY).fromApp(APP).makePermanent().remove(context);
        pipeliner.filter(obj);
        assertEquals(FlowRuleOperation.Type.REMOVE, onlyOperation().type());
        assertThat(succeeded, contains(obj));
    }

    @Test
    public void purgeAllPurgesTheAppsRules() {
        init();
        pipeliner.purgeAll(APP);
        assertThat(purged, contains(DEVICE_ID + "/" + APP.name()));
    }

    /** A forwarding objective with another operation than the builder allows. */
    private static final class ForwardingObjectiveWithOp implements ForwardingObjective {
        private final ForwardingObjective delegate;
        private final Operation op;

        ForwardingObjectiveWithOp(ForwardingObjective delegate, Operation op) {
            this.delegate = delegate;
            this.op = op;
        }

        @Override
        public TrafficSelector selector() {
            return delegate.selector();
        }

        @Override
        public Integer nextId() {
            return delegate.nextId();
        }

        @Override
        public TrafficTreatment treatment() {
            return delegate.treatment();
        }

        @Override
        public Flag flag() {
            return delegate.flag();
        }

        @Override
        public TrafficSelector meta() {
            return delegate.meta();
        }

        @Override
        public ForwardingObjective.Builder copy() {
            return delegate.copy();
        }

        @Override
        public int id() {
            return delegate.id();
        }

        @Override
        public int priority() {
            return delegate.priority();
        }

        @Override
        public ApplicationId appId() {
            return delegate.appId();
        }

        @Override
        public int timeout() {
            return delegate.timeout();
        }

        @Override
        public boolean permanent() {
            return delegate.permanent();
        }

        @Override
        public Operation op() {
            return op;
        }

        @Override
        public Optional<ObjectiveContext> context() {
            return delegate.context();
        }
    }
}
