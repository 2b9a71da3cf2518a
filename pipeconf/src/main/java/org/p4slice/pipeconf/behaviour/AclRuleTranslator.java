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

import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criteria;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.EthTypeCriterion;
import org.onosproject.net.flow.criteria.IPProtocolCriterion;
import org.onosproject.net.flow.criteria.PortCriterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipelineInterpreter.PiInterpreterException;
import org.onosproject.net.pi.runtime.PiAction;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.lang.String.format;
import static org.onosproject.net.flowobjective.ObjectiveError.BADPARAMS;
import static org.onosproject.net.flowobjective.ObjectiveError.UNSUPPORTED;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_DST;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_SRC;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ETH_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_IP_PROTO;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_ICMP_TYPE;
import static org.p4slice.pipeconf.P4SliceConstants.HDR_L4_DST_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SET_SLICE;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_CLASSIFIER;

/**
 * Turns forwarding and filtering objectives into entries of the ternary {@code acl} table, the
 * only p4slice table that ONOS's generic apps can use (every other table is keyed by slice id).
 * See {@link P4SlicePipeliner} for what is accepted and why.
 */
final class AclRuleTranslator {

    private static final Set<Criterion.Type> ACL_CRITERIA = EnumSet.of(
            Criterion.Type.IN_PORT, Criterion.Type.ETH_TYPE,
            Criterion.Type.ETH_SRC, Criterion.Type.ETH_SRC_MASKED,
            Criterion.Type.ETH_DST, Criterion.Type.ETH_DST_MASKED,
            Criterion.Type.IP_PROTO, Criterion.Type.TCP_DST, Criterion.Type.UDP_DST, Criterion.Type.ICMPV6_TYPE);

    private static final List<PiMatchFieldId> ACL_KEYS = List.of(
            HDR_INGRESS_PORT, HDR_ETH_TYPE, HDR_ETH_SRC, HDR_ETH_DST, HDR_IP_PROTO, HDR_L4_DST_PORT, HDR_ICMP_TYPE);

    /** Ether types of the testbed's own link discovery (LLDP, BDDP), punted rather than copied. */
    private static final Set<Short> LINK_LOCAL_CONTROL = Set.of((short) 0x88cc, (short) 0x8942);

    private static final short IP_PROTO_TCP = 6;
    private static final short IP_PROTO_UDP = 17;
    private static final short IP_PROTO_ICMPV6 = 58;

    private final DeviceId deviceId;

    AclRuleTranslator(DeviceId deviceId) {
        this.deviceId = deviceId;
    }

    /**
     * Returns the acl entry of a forwarding objective.
     *
     * @param obj forwarding objective (ADD or REMOVE)
     * @return flow rule for the acl, with a PI action
     * @throws ObjectiveTranslationException if the objective has no acl equivalent
     */
    FlowRule forwarding(ForwardingObjective obj) throws ObjectiveTranslationException {
        String what = describe("forwarding", obj);
        if (obj.nextId() != null) {
            throw new ObjectiveTranslationException(UNSUPPORTED, format(
                    "%s refers to next objective %d: p4slice has no next (group/ECMP) table reachable "
                            + "from flow objectives; forwarding is per slice and belongs to the slicing app",
                    what, obj.nextId()));
        }
        if (obj.treatment() == null) {
            throw new ObjectiveTranslationException(BADPARAMS, what + " has neither a treatment nor a next id");
        }
        TrafficSelector selector = aclSelector(obj.selector().criteria(), what);
        return rule(obj, selector, keepInSlice(aclAction(obj.treatment(), what), selector));
    }

    /**
     * Returns the acl entry of a filtering objective: DENY -> {@code drop()}, PERMIT with a
     * punt/copy-to-controller treatment -> {@code punt_to_cpu()}/{@code copy_to_cpu()}.
     *
     * @param obj filtering objective (ADD or REMOVE)
     * @return flow rule for the acl, with a PI action
     * @throws ObjectiveTranslationException if the objective has no acl equivalent
     */
    FlowRule filtering(FilteringObjective obj) throws ObjectiveTranslationException {
        String what = describe("filtering", obj);
        List<Criterion> criteria = new ArrayList<>();
        if (obj.key() != null) {
            criteria.add(obj.key());
        }
        criteria.addAll(obj.conditions());
        PiAction action;
        if (obj.type() == FilteringObjective.Type.DENY) {
            action = AclActions.action(INGRESS_ACL_DROP);
        } else {
            if (!outputsToController(obj.meta())) {
                throw new ObjectiveTranslationException(UNSUPPORTED, format(
                        "PERMIT %s (%s) cannot be expressed: admitting traffic by port/VLAN/MAC is slice "
                                + "classification (table %s, action %s(slice_id)) and a filtering objective "
                                + "carries no slice id; the slicing app owns that table. Only a PERMIT whose "
                                + "treatment punts or copies to the controller maps to %s",
                        what, criteria, INGRESS_SLICE_CLASSIFIER, INGRESS_SET_SLICE, INGRESS_ACL));
            }
            action = aclAction(obj.meta(), what);
        }
        TrafficSelector selector = aclSelector(criteria, what);
        return rule(obj, selector, keepInSlice(action, selector));
    }

    /**
     * Returns true if the rule's action is {@code copy_to_cpu()} (which needs the CPU clone session).
     *
     * @param rule flow rule built by this translator
     * @return true for a copy-to-CPU entry
     */
    static boolean isCopyToCpu(FlowRule rule) {
        return rule.treatment().allInstructions().stream()
                .filter(i -> i.type() == Instruction.Type.PROTOCOL_INDEPENDENT)
                .map(i -> ((PiInstruction) i).action())
                .anyMatch(a -> a instanceof PiAction && ((PiAction) a).id().equals(INGRESS_COPY_TO_CPU));
    }

    /**
     * ONOS 2.7's packet service asks for every packet request with {@code punt().wipeDeferred()},
     * so a plain {@code punt_to_cpu()} would take a slice's own frames (ARP, NDP, DHCP, ...) away
     * from it: nothing forwards them from ONOS. Objectives only observe on a sliced switch:
     * frames that are control traffic of the testbed itself (LLDP, BDDP: link-local, never
     * forwarded) are punted, every other punt becomes {@code copy_to_cpu()}, so ONOS still sees
     * the frame (and e.g. learns the host) while it goes on through its slice. A frame of no slice
     * is dropped by the classifier after the copy, exactly as a punt would leave it.
     *
     * @param action   the acl action the treatment maps to
     * @param selector the entry's match
     * @return the action to install
     */
    static PiAction keepInSlice(PiAction action, TrafficSelector selector) {
        if (!action.id().equals(INGRESS_PUNT_TO_CPU)) {
            return action;
        }
        EthTypeCriterion ethType = (EthTypeCriterion) selector.getCriterion(Criterion.Type.ETH_TYPE);
        if (ethType != null && LINK_LOCAL_CONTROL.contains(ethType.ethType().toShort())) {
            return action;
        }
        return AclActions.action(INGRESS_COPY_TO_CPU);
    }

    private static boolean outputsToController(TrafficTreatment treatment) {
        return treatment != null && treatment.allInstructions().stream()
                .anyMatch(i -> i.type() == Instruction.Type.OUTPUT
                        && ((OutputInstruction) i).port().equals(PortNumber.CONTROLLER));
    }

    private static PiAction aclAction(TrafficTreatment treatment, String what) throws ObjectiveTranslationException {
        try {
            return AclActions.fromTreatment(treatment);
        } catch (PiInterpreterException e) {
            throw new ObjectiveTranslationException(UNSUPPORTED, what + ": " + e.getMessage());
        }
    }

    private TrafficSelector aclSelector(Iterable<Criterion> criteria, String what)
            throws ObjectiveTranslationException {
        Map<PiMatchFieldId, Criterion> byField = new LinkedHashMap<>();
        List<Criterion> unsupported = new ArrayList<>();
        for (Criterion criterion : criteria) {
            if (!ACL_CRITERIA.contains(criterion.type())) {
                unsupported.add(criterion);
                continue;
            }
            PiMatchFieldId field = P4SliceInterpreter.criterionField(criterion.type()).orElseThrow();
            Criterion previous = byField.putIfAbsent(field, criterion);
            if (previous != null && !previous.equals(criterion)) {
                throw new ObjectiveTranslationException(BADPARAMS, format(
                        "%s has conflicting criteria %s and %s (both match %s)", what, previous, criterion, field));
            }
        }
        if (!unsupported.isEmpty()) {
            throw new ObjectiveTranslationException(UNSUPPORTED, format(
                    "%s: criteria %s cannot be expressed in table %s (keys %s); VLAN and IP address matches "
                            + "belong to the per-slice tables of the slicing app", what, unsupported, INGRESS_ACL,
                    ACL_KEYS));
        }
        Criterion inPort = byField.get(HDR_INGRESS_PORT);
        if (inPort != null) {
            PortNumber port = ((PortCriterion) inPort).port();
            if (port.isLogical() || port.toLong() > PacketIo.MAX_PORT) {
                throw new ObjectiveTranslationException(BADPARAMS, format(
                        "%s: %s is not a switch port that %s can match", what, inPort, HDR_INGRESS_PORT));
            }
        }
        impliedIpProto(byField, what);
        TrafficSelector.Builder selector = DefaultTrafficSelector.builder();
        byField.values().forEach(selector::add);
        return selector.build();
    }

    /**
     * TCP_DST / UDP_DST both become the protocol-agnostic {@code l4_dst_port}; the IP protocol
     * they imply is added to the match so that e.g. TCP port 80 does not also catch UDP port 80.
     * An ICMPv6 type (ONOS's NDP requests: 135, 136) matches the pipeline's {@code icmp_type}, which
     * is 0 for any other packet; its IP protocol (58) is added so that it never catches another one.
     */
    private static void impliedIpProto(Map<PiMatchFieldId, Criterion> byField, String what)
            throws ObjectiveTranslationException {
        Criterion l4 = byField.get(HDR_L4_DST_PORT);
        if (l4 != null) {
            requireIpProto(byField, l4, l4.type() == Criterion.Type.TCP_DST ? IP_PROTO_TCP : IP_PROTO_UDP, what);
        }
        Criterion icmp = byField.get(HDR_ICMP_TYPE);
        if (icmp != null) {
            requireIpProto(byField, icmp, IP_PROTO_ICMPV6, what);
        }
    }

    private static void requireIpProto(Map<PiMatchFieldId, Criterion> byField, Criterion by, short proto,
                                       String what) throws ObjectiveTranslationException {
        Criterion ipProto = byField.get(HDR_IP_PROTO);
        if (ipProto == null) {
            byField.put(HDR_IP_PROTO, Criteria.matchIPProtocol(proto));
        } else if (((IPProtocolCriterion) ipProto).protocol() != proto) {
            throw new ObjectiveTranslationException(BADPARAMS, format(
                    "%s matches %s together with %s", what, by, ipProto));
        }
    }

    private FlowRule rule(Objective obj, TrafficSelector selector, PiAction action) {
        FlowRule.Builder rule = DefaultFlowRule.builder()
                .forDevice(deviceId)
                .forTable(INGRESS_ACL)
                .withSelector(selector)
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .fromApp(obj.appId())
                .withPriority(obj.priority());
        if (obj.permanent()) {
            rule.makePermanent();
        } else {
            rule.makeTemporary(obj.timeout());
        }
        return rule.build();
    }

    private String describe(String kind, Objective obj) {
        return format("%s objective %d of %s on %s", kind, obj.id(), obj.appId().name(), deviceId);
    }
}
