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
import org.onlab.packet.Data;
import org.onlab.packet.Ethernet;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiPacketMetadataId;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineInterpreter.PiInterpreterException;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.p4slice.pipeconf.TofinoOutputs;
import org.p4slice.pipeconf.tofino.TofinoTarget;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.p4slice.pipeconf.P4SliceConstants.CONTROLLER_HEADER_PAD;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_EGRESS_VLAN;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_SRC;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IPV4_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IPV6_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IP_PROTO;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ICMP_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_L4_DST_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_VLAN_ID;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DENY;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_FLOOD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L3_FORWARD_V4;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L3_FORWARD_V6;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;

/**
 * Tests of {@link P4SliceInterpreter}: every mapping and every refusal.
 */
public class P4SliceInterpreterTest {

    private static final DeviceId DEVICE_ID = DeviceId.deviceId("device:bmv2:s1");
    private static final byte[] FRAME = new Ethernet()
            .setDestinationMACAddress(MacAddress.BROADCAST)
            .setSourceMACAddress("00:00:00:00:00:01")
            .setEtherType(Ethernet.TYPE_ARP)
            .setPayload(new Data(new byte[46]))
            .serialize();

    private final List<Port> ports = new ArrayList<>();
    private PiPipeconf pipeconf = P4SlicePipeconfs.bmv2();
    private P4SliceInterpreter interpreter;

    @Before
    public void setUp() {
        interpreter = new P4SliceInterpreter();
        interpreter.setHandler(new TestDriverHandler(DEVICE_ID).with(DeviceService.class, new DeviceServiceAdapter() {
            @Override
            public List<Port> getPorts(DeviceId deviceId) {
                return DEVICE_ID.equals(deviceId) ? ports : List.of();
            }
        }).with(PiPipeconfService.class, new PiPipeconfServiceAdapter() {
            @Override
            public Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
                return DEVICE_ID.equals(deviceId) ? Optional.of(pipeconf) : Optional.empty();
            }
        }));
    }

    private static TrafficTreatment.Builder treatment() {
        return DefaultTrafficTreatment.builder();
    }

    private static PiAction action(PiActionId id) {
        return PiAction.builder().withId(id).build();
    }

    private PiAction map(TrafficTreatment treatment, PiTableId table) throws PiInterpreterException {
        return interpreter.mapTreatment(treatment, table);
    }

    private void assertRefused(TrafficTreatment treatment, PiTableId table, String... expected) {
        try {
            PiAction action = interpreter.mapTreatment(treatment, table);
            fail(treatment + " in " + table + " must be refused, got " + action);
        } catch (PiInterpreterException e) {
            for (String s : expected) {
                assertThat(e.getMessage(), containsString(s));
            }
        }
    }

    // --- Criteria and tables ------------------------------------------------------------------

    @Test
    public void criteriaMapToTheContractsMatchFields() {
        assertEquals(Optional.of(HDR_INGRESS_PORT), interpreter.mapCriterionType(Criterion.Type.IN_PORT));
        assertEquals(Optional.of(HDR_VLAN_ID), interpreter.mapCriterionType(Criterion.Type.VLAN_VID));
        assertEquals(Optional.of(HDR_ETH_TYPE), interpreter.mapCriterionType(Criterion.Type.ETH_TYPE));
        assertEquals(Optional.of(HDR_ETH_SRC), interpreter.mapCriterionType(Criterion.Type.ETH_SRC));
        assertEquals(Optional.of(HDR_ETH_SRC), interpreter.mapCriterionType(Criterion.Type.ETH_SRC_MASKED));
        assertEquals(Optional.of(HDR_ETH_DST), interpreter.mapCriterionType(Criterion.Type.ETH_DST));
        assertEquals(Optional.of(HDR_ETH_DST), interpreter.mapCriterionType(Criterion.Type.ETH_DST_MASKED));
        assertEquals(Optional.of(HDR_IP_PROTO), interpreter.mapCriterionType(Criterion.Type.IP_PROTO));
        assertEquals(Optional.of(HDR_L4_DST_PORT), interpreter.mapCriterionType(Criterion.Type.TCP_DST));
        assertEquals(Optional.of(HDR_L4_DST_PORT), interpreter.mapCriterionType(Criterion.Type.UDP_DST));
        assertEquals(Optional.of(HDR_ICMP_TYPE), interpreter.mapCriterionType(Criterion.Type.ICMPV6_TYPE));
        assertEquals(Optional.of(HDR_IPV4_DST), interpreter.mapCriterionType(Criterion.Type.IPV4_DST));
        assertEquals(Optional.of(HDR_IPV6_DST), interpreter.mapCriterionType(Criterion.Type.IPV6_DST));
    }

    @Test
    public void criteriaWithoutAMatchFieldMapToNothing() {
        assertEquals(Optional.empty(), interpreter.mapCriterionType(Criterion.Type.IPV4_SRC));
        assertEquals(Optional.empty(), interpreter.mapCriterionType(Criterion.Type.TCP_SRC));
        assertEquals(Optional.empty(), interpreter.mapCriterionType(Criterion.Type.VLAN_PCP));
        assertEquals(Optional.empty(), interpreter.mapCriterionType(Criterion.Type.ICMPV6_CODE));
    }

    @Test
    public void onosTableZeroIsTheAcl() {
        assertEquals(Optional.of(INGRESS_ACL), interpreter.mapFlowRuleTableId(0));
        assertEquals(Optional.empty(), interpreter.mapFlowRuleTableId(1));
    }

    @Test
    public void controllerIsTheCpuPort() {
        assertEquals(Optional.of(255), interpreter.mapLogicalPortNumber(PortNumber.CONTROLLER));
        assertEquals(Optional.empty(), interpreter.mapLogicalPortNumber(PortNumber.FLOOD));
        assertEquals(Optional.empty(), interpreter.mapLogicalPortNumber(PortNumber.portNumber(3)));
    }

    @Test
    public void controllerIsTheCpuPortOfTheDevicesPipeconf() {
        TofinoOutputs.assumePackaged();
        pipeconf = P4SlicePipeconfs.tofino(TofinoTarget.TWO_PIPE_STRATUM.id());
        assertEquals(Optional.of(192), interpreter.mapLogicalPortNumber(PortNumber.CONTROLLER));
        pipeconf = P4SlicePipeconfs.tofino(TofinoTarget.FOUR_PIPE_BF_SWITCHD.id());
        assertEquals(Optional.of(320), interpreter.mapLogicalPortNumber(PortNumber.CONTROLLER));
        assertEquals("an interpreter without a device maps nothing", Optional.empty(),
                     new P4SliceInterpreter().mapLogicalPortNumber(PortNumber.CONTROLLER));
    }

    // --- l2_forward ---------------------------------------------------------------------------

    @Test
    public void l2ForwardMapsOutputFloodAndDrop() throws PiInterpreterException {
        assertEquals(PiAction.builder().withId(INGRESS_SET_EGRESS_PORT)
                             .withParameter(new PiActionParam(PORT, 3L)).build(),
                     map(treatment().setOutput(PortNumber.portNumber(3)).build(), INGRESS_L2_FORWARD));
        assertEquals(PiAction.builder().withId(INGRESS_SET_EGRESS_PORT)
                             .withParameter(new PiActionParam(PORT, 511L)).build(),
                     map(treatment().setOutput(PortNumber.portNumber(511)).build(), INGRESS_L2_FORWARD));
        assertEquals(action(INGRESS_FLOOD), map(treatment().setOutput(PortNumber.FLOOD).build(), INGRESS_L2_FORWARD));
        assertEquals(action(INGRESS_DROP), map(treatment().build(), INGRESS_L2_FORWARD));
        assertEquals(action(INGRESS_DROP), map(treatment().drop().build(), INGRESS_L2_FORWARD));
    }

    @Test
    public void l2ForwardRefusesWhatItCannotDo() {
        assertRefused(treatment().punt().build(), INGRESS_L2_FORWARD, "OUTPUT:CONTROLLER", INGRESS_L2_FORWARD.id(),
                      "punt_to_cpu");
        assertRefused(treatment().setOutput(PortNumber.ALL).build(), INGRESS_L2_FORWARD, "ALL");
        assertRefused(treatment().setOutput(PortNumber.portNumber(512)).build(), INGRESS_L2_FORWARD, "512",
                      "9 bits");
        assertRefused(treatment().setOutput(PortNumber.portNumber(1)).setOutput(PortNumber.portNumber(2)).build(),
                      INGRESS_L2_FORWARD, "one instruction");
        assertRefused(treatment().setVlanId(VlanId.vlanId((short) 10)).build(), INGRESS_L2_FORWARD,
                      "VLAN_ID", INGRESS_L2_FORWARD.id());
    }

    // --- acl ----------------------------------------------------------------------------------

    @Test
    public void aclPuntsCopiesAndDrops() throws PiInterpreterException {
        assertEquals(action(INGRESS_PUNT_TO_CPU), map(treatment().punt().wipeDeferred().build(), INGRESS_ACL));
        assertEquals(action(INGRESS_PUNT_TO_CPU), map(treatment().punt().build(), INGRESS_ACL));
        assertEquals(action(INGRESS_COPY_TO_CPU),
                     map(treatment().punt().setOutput(PortNumber.TABLE).build(), INGRESS_ACL));
        assertEquals(action(INGRESS_COPY_TO_CPU),
                     map(treatment().setOutput(PortNumber.NORMAL).punt().build(), INGRESS_ACL));
        assertEquals(action(INGRESS_ACL_DROP), map(treatment().build(), INGRESS_ACL));
        assertEquals(action(INGRESS_ACL_DROP), map(treatment().drop().build(), INGRESS_ACL));
        assertEquals(action(INGRESS_ACL_DROP), map(treatment().wipeDeferred().build(), INGRESS_ACL));
    }

    @Test
    public void aclRefusesForwardingAndRewrites() {
        assertRefused(treatment().setOutput(PortNumber.portNumber(1)).build(), INGRESS_ACL,
                      "OUTPUT:1", INGRESS_ACL.id(), "per slice");
        assertRefused(treatment().punt().setOutput(PortNumber.portNumber(2)).build(), INGRESS_ACL,
                      "OUTPUT:2", "OUTPUT:CONTROLLER", INGRESS_ACL.id());
        assertRefused(treatment().setOutput(PortNumber.FLOOD).build(), INGRESS_ACL, "FLOOD", INGRESS_ACL.id());
        assertRefused(treatment().setEthDst(MacAddress.BROADCAST).punt().build(), INGRESS_ACL,
                      "ETH_DST", INGRESS_ACL.id());
        assertRefused(treatment().drop().punt().build(), INGRESS_ACL, "NOACTION", INGRESS_ACL.id());
    }

    // --- other tables -------------------------------------------------------------------------

    @Test
    public void classifierDropIsDeny() throws PiInterpreterException {
        assertEquals(action(INGRESS_DENY), map(treatment().build(), INGRESS_SLICE_CLASSIFIER));
        assertEquals(action(INGRESS_DENY), map(treatment().drop().build(), INGRESS_SLICE_CLASSIFIER));
        assertRefused(treatment().setOutput(PortNumber.portNumber(1)).build(), INGRESS_SLICE_CLASSIFIER,
                      "OUTPUT:1", INGRESS_SLICE_CLASSIFIER.id(), "set_slice");
    }

    @Test
    public void sliceTablesTakeOnlyPiActions() {
        for (PiTableId table : List.of(INGRESS_L3_FORWARD_V4, INGRESS_L3_FORWARD_V6, EGRESS_EGRESS_VLAN)) {
            assertRefused(treatment().setOutput(PortNumber.portNumber(1)).build(), table, table.id(), "PI action");
            assertRefused(treatment().build(), table, table.id());
        }
        assertRefused(treatment().build(), PiTableId.of("P4SliceIngress.no_such_table"), "no_such_table");
    }

    // --- packet-out ---------------------------------------------------------------------------

    private DefaultOutboundPacket outbound(TrafficTreatment treatment, PortNumber inPort) {
        return new DefaultOutboundPacket(DEVICE_ID, treatment, ByteBuffer.wrap(FRAME), inPort);
    }

    private static long egressPort(PiPacketOperation op) {
        assertEquals(PiPacketOperationType.PACKET_OUT, op.type());
        assertEquals(ImmutableByteSequence.copyFrom(FRAME), op.data());
        assertEquals("egress_port and padding", 2, op.metadatas().size());
        assertEquals(ImmutableByteSequence.ofZeros(1), metadata(op, CONTROLLER_HEADER_PAD).value());
        ImmutableByteSequence port = metadata(op, EGRESS_PORT).value();
        assertEquals("9 bits in 2 bytes", 2, port.size());
        return port.asReadOnlyBuffer().getShort();
    }

    private static PiPacketMetadata metadata(PiPacketOperation op, PiPacketMetadataId id) {
        return op.metadatas().stream().filter(m -> m.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + id + " in " + op));
    }

    private static List<Long> egressPorts(Collection<PiPacketOperation> ops) {
        return ops.stream().map(P4SliceInterpreterTest::egressPort).collect(Collectors.toList());
    }

    @Test
    public void packetOutToAPortIsOneOperation() throws PiInterpreterException {
        Collection<PiPacketOperation> ops = interpreter.mapOutboundPacket(
                outbound(treatment().setOutput(PortNumber.portNumber(3)).build(), null));
        assertThat(egressPorts(ops), contains(3L));
    }

    @Test
    public void packetOutToSeveralPortsIsOneOperationEach() throws PiInterpreterException {
        Collection<PiPacketOperation> ops = interpreter.mapOutboundPacket(outbound(
                treatment().setOutput(PortNumber.portNumber(3)).setOutput(PortNumber.portNumber(1)).build(), null));
        assertThat(egressPorts(ops), contains(3L, 1L));
    }

    @Test
    public void floodGoesToEveryEnabledPortButTheInPort() throws PiInterpreterException {
        Device device = new TestP4RuntimeDevice().handler.get(DeviceService.class).getDevice(DEVICE_ID);
        ports.add(new DefaultPort(device, PortNumber.portNumber(1), true));
        ports.add(new DefaultPort(device, PortNumber.portNumber(2), false));
        ports.add(new DefaultPort(device, PortNumber.portNumber(3), true));
        ports.add(new DefaultPort(device, PortNumber.portNumber(4), true));
        ports.add(new DefaultPort(device, PortNumber.LOCAL, true));

        assertThat(egressPorts(interpreter.mapOutboundPacket(
                outbound(treatment().setOutput(PortNumber.FLOOD).build(), PortNumber.portNumber(3)))),
                   contains(1L, 4L));
        assertThat(egressPorts(interpreter.mapOutboundPacket(
                outbound(treatment().setOutput(PortNumber.FLOOD).build(), null))),
                   contains(1L, 3L, 4L));
    }

    @Test
    public void packetOutRefusesOtherInstructions() {
        assertPacketOutRefused(treatment().punt().build(), "CONTROLLER");
        assertPacketOutRefused(treatment().setOutput(PortNumber.TABLE).build(), "TABLE");
        assertPacketOutRefused(treatment().setVlanId(VlanId.vlanId((short) 5)).setOutput(PortNumber.portNumber(1))
                                       .build(), "VLAN_ID");
        assertPacketOutRefused(treatment().build(), "no OUTPUT");
        assertPacketOutRefused(treatment().setOutput(PortNumber.portNumber(512)).build(), "512");
    }

    private void assertPacketOutRefused(TrafficTreatment treatment, String expected) {
        try {
            Collection<PiPacketOperation> ops = interpreter.mapOutboundPacket(outbound(treatment, null));
            fail(treatment + " must be refused, got " + ops);
        } catch (PiInterpreterException e) {
            assertThat(e.getMessage(), containsString(expected));
            assertThat(e.getMessage(), containsString(DEVICE_ID.toString()));
        }
    }

    // --- packet-in ----------------------------------------------------------------------------

    private static PiPacketOperation packetIn(byte[] data, PiPacketMetadata... metadata) {
        PiPacketOperation.Builder op = PiPacketOperation.builder()
                .withType(PiPacketOperationType.PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(data));
        for (PiPacketMetadata m : metadata) {
            op.withMetadata(m);
        }
        return op.build();
    }

    private static PiPacketMetadata meta(PiPacketMetadataId id, byte... value) {
        return PiPacketMetadata.builder().withId(id).withValue(ImmutableByteSequence.copyFrom(value)).build();
    }

    @Test
    public void packetInComesFromItsIngressPort() throws PiInterpreterException {
        InboundPacket packet = interpreter.mapInboundPacket(
                packetIn(FRAME, meta(INGRESS_PORT, (byte) 0x01, (byte) 0x02), meta(CONTROLLER_HEADER_PAD, (byte) 0)),
                DEVICE_ID);

        assertEquals(new ConnectPoint(DEVICE_ID, PortNumber.portNumber(258)), packet.receivedFrom());
        assertEquals(Ethernet.TYPE_ARP, packet.parsed().getEtherType());
        assertEquals(MacAddress.valueOf("00:00:00:00:00:01"), packet.parsed().getSourceMAC());
        assertEquals(ByteBuffer.wrap(FRAME), packet.unparsed());
    }

    @Test
    public void packetInAcceptsAShortPortValue() throws PiInterpreterException {
        InboundPacket packet = interpreter.mapInboundPacket(packetIn(FRAME, meta(INGRESS_PORT, (byte) 7)), DEVICE_ID);
        assertEquals(PortNumber.portNumber(7), packet.receivedFrom().port());
        assertSame(DEVICE_ID, packet.receivedFrom().deviceId());
    }

    @Test
    public void packetInRefusesBadInput() {
        assertPacketInRefused(packetIn(FRAME), "no " + INGRESS_PORT);
        assertPacketInRefused(packetIn(new byte[]{1, 2, 3}, meta(INGRESS_PORT, (byte) 1)), "not an Ethernet frame");
        PiPacketOperation out = PiPacketOperation.builder().withType(PiPacketOperationType.PACKET_OUT)
                .withData(ImmutableByteSequence.copyFrom(FRAME)).withMetadata(meta(INGRESS_PORT, (byte) 1)).build();
        assertPacketInRefused(out, "PACKET_OUT");
    }

    private void assertPacketInRefused(PiPacketOperation op, String expected) {
        try {
            InboundPacket packet = interpreter.mapInboundPacket(op, DEVICE_ID);
            fail(op + " must be refused, got " + packet);
        } catch (PiInterpreterException e) {
            assertThat(e.getMessage(), containsString(expected));
            assertTrue(e.getMessage(), e.getMessage().contains(DEVICE_ID.toString()));
        }
    }
}
