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

import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiPacketOperation;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static java.lang.String.format;
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
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DENY;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_FLOOD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_L2_FORWARD;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;
import static org.p4slice.pipeconf.P4SliceConstants.PORT;
import static org.p4slice.pipeconf.P4SliceConstants.PORT_BITWIDTH;

/**
 * Pipeline interpreter of the p4slice pipeline: maps ONOS criteria, treatments, logical ports
 * and packets to and from the PI names of {@code docs/p4-contract.md}.
 * <p>
 * Treatments are mapped only where a standard ONOS instruction means the same as a P4 action:
 * <ul>
 * <li>{@code l2_forward}: OUTPUT to a port -> {@code set_egress_port(port)}, OUTPUT FLOOD ->
 *     {@code flood()} (the slice's multicast group), no output -> {@code drop()};</li>
 * <li>{@code acl}: see {@link AclActions} (punt, copy, drop);</li>
 * <li>{@code slice_classifier}: no output -> {@code deny()};</li>
 * </ul>
 * everything else, including {@code set_slice}, {@code route}, {@code push_vlan} and
 * {@code pop_vlan}, is written by the slicing app as PI actions and refused here with a
 * {@link PiInterpreterException} naming the instruction and the table. Flow rules for ONOS table
 * 0 go to the {@code acl}, the only table keyed by standard header fields alone.
 */
public class P4SliceInterpreter extends AbstractHandlerBehaviour implements PiPipelineInterpreter {

    private static final Map<Criterion.Type, PiMatchFieldId> CRITERIA =
            ImmutableMap.<Criterion.Type, PiMatchFieldId>builder()
                    .put(Criterion.Type.IN_PORT, HDR_INGRESS_PORT)
                    .put(Criterion.Type.VLAN_VID, HDR_VLAN_ID)
                    .put(Criterion.Type.ETH_TYPE, HDR_ETH_TYPE)
                    .put(Criterion.Type.ETH_SRC, HDR_ETH_SRC)
                    .put(Criterion.Type.ETH_SRC_MASKED, HDR_ETH_SRC)
                    .put(Criterion.Type.ETH_DST, HDR_ETH_DST)
                    .put(Criterion.Type.ETH_DST_MASKED, HDR_ETH_DST)
                    .put(Criterion.Type.IP_PROTO, HDR_IP_PROTO)
                    .put(Criterion.Type.TCP_DST, HDR_L4_DST_PORT)
                    .put(Criterion.Type.UDP_DST, HDR_L4_DST_PORT)
                    .put(Criterion.Type.ICMPV6_TYPE, HDR_ICMP_TYPE)
                    .put(Criterion.Type.IPV4_DST, HDR_IPV4_DST)
                    .put(Criterion.Type.IPV6_DST, HDR_IPV6_DST)
                    .build();

    /** ONOS flow rule table 0 (rules built without a PI table id). */
    private static final int ONOS_TABLE_0 = 0;

    @Override
    public Optional<PiMatchFieldId> mapCriterionType(Criterion.Type type) {
        return criterionField(type);
    }

    /**
     * Returns the match field a criterion type maps to (the one criterion mapping of p4slice).
     *
     * @param type criterion type
     * @return match field, if the type maps to one
     */
    static Optional<PiMatchFieldId> criterionField(Criterion.Type type) {
        return Optional.ofNullable(CRITERIA.get(type));
    }

    @Override
    public Optional<PiTableId> mapFlowRuleTableId(int flowRuleTableId) {
        return flowRuleTableId == ONOS_TABLE_0 ? Optional.of(INGRESS_ACL) : Optional.empty();
    }

    @Override
    public PiAction mapTreatment(TrafficTreatment treatment, PiTableId piTableId) throws PiInterpreterException {
        if (INGRESS_ACL.equals(piTableId)) {
            return AclActions.fromTreatment(treatment);
        }
        if (INGRESS_L2_FORWARD.equals(piTableId)) {
            return l2ForwardAction(treatment);
        }
        if (INGRESS_SLICE_CLASSIFIER.equals(piTableId)) {
            if (dropsOnly(treatment)) {
                return AclActions.action(INGRESS_DENY);
            }
            throw new PiInterpreterException(format(
                    "instruction %s is not supported in table %s: classifying into a slice needs "
                            + "set_slice(slice_id), a PI action written by the slicing app; only a drop "
                            + "(deny) maps from an ONOS treatment",
                    firstNonDrop(treatment), piTableId));
        }
        throw new PiInterpreterException(format(
                "table %s has no mapping from ONOS treatments (got %s): its actions take slice-specific "
                        + "parameters and are written as PI actions by the slicing app",
                piTableId, treatment.allInstructions()));
    }

    private static PiAction l2ForwardAction(TrafficTreatment treatment) throws PiInterpreterException {
        if (dropsOnly(treatment)) {
            return AclActions.action(INGRESS_DROP);
        }
        List<Instruction> instructions = treatment.allInstructions();
        if (instructions.size() != 1) {
            throw new PiInterpreterException(format(
                    "table %s takes one instruction (OUTPUT to a port, OUTPUT:FLOOD) or none (drop), got %s",
                    INGRESS_L2_FORWARD, instructions));
        }
        Instruction instruction = instructions.get(0);
        if (instruction.type() != Instruction.Type.OUTPUT) {
            throw new PiInterpreterException(format(
                    "instruction %s is not supported in table %s: only OUTPUT to a port, OUTPUT:FLOOD or drop",
                    instruction, INGRESS_L2_FORWARD));
        }
        PortNumber port = ((OutputInstruction) instruction).port();
        if (port.equals(PortNumber.FLOOD)) {
            return AclActions.action(INGRESS_FLOOD);
        }
        if (port.isLogical()) {
            throw new PiInterpreterException(format(
                    "instruction %s is not supported in table %s: logical port %s (to reach the controller "
                            + "use the acl's punt_to_cpu/copy_to_cpu)", instruction, INGRESS_L2_FORWARD, port));
        }
        if (port.toLong() > PacketIo.MAX_PORT) {
            throw new PiInterpreterException(format(
                    "instruction %s is not supported in table %s: port %d does not fit the %s parameter (%d bits)",
                    instruction, INGRESS_L2_FORWARD, port.toLong(), PORT, PORT_BITWIDTH));
        }
        return PiAction.builder()
                .withId(INGRESS_SET_EGRESS_PORT)
                .withParameter(new PiActionParam(PORT, port.toLong()))
                .build();
    }

    /** True if the treatment has no instruction other than NOACTION (ONOS's drop). */
    private static boolean dropsOnly(TrafficTreatment treatment) {
        return treatment.allInstructions().stream().allMatch(i -> i.type() == Instruction.Type.NOACTION);
    }

    private static Instruction firstNonDrop(TrafficTreatment treatment) {
        return treatment.allInstructions().stream()
                .filter(i -> i.type() != Instruction.Type.NOACTION)
                .findFirst()
                .orElseThrow();
    }

    @Override
    public Collection<PiPacketOperation> mapOutboundPacket(OutboundPacket packet) throws PiInterpreterException {
        return PacketIo.packetOuts(packet, () -> handler().get(DeviceService.class));
    }

    @Override
    public InboundPacket mapInboundPacket(PiPacketOperation packetOperation, DeviceId deviceId)
            throws PiInterpreterException {
        return PacketIo.inbound(packetOperation, deviceId);
    }

    /**
     * Maps CONTROLLER to the CPU port of the device's pipeconf ({@code cpu_port.txt}: 255 on bmv2,
     * 192 or 320 on Tofino); nothing else, and nothing for an interpreter without a device.
     */
    @Override
    public Optional<Integer> mapLogicalPortNumber(PortNumber port) {
        if (!PortNumber.CONTROLLER.equals(port) || handler() == null) {
            return Optional.empty();
        }
        return Optional.of((int) TargetFacts.of(handler()).cpuPort());
    }
}
