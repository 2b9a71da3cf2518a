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

import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiPipelineInterpreter.PiInterpreterException;
import org.onosproject.net.pi.runtime.PiAction;

import java.util.LinkedHashSet;
import java.util.Set;

import static java.lang.String.format;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_ACL_DROP;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_COPY_TO_CPU;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PUNT_TO_CPU;

/**
 * The one mapping from an ONOS treatment to an action of the {@code acl} table, shared by the
 * interpreter (flow rules written to the table directly) and the pipeliner (flow objectives).
 * <ul>
 * <li>OUTPUT CONTROLLER alone (with or without clearing the deferred actions, as ONOS's packet
 *     service does) -> {@code punt_to_cpu()}: to ONOS only, the frame is not forwarded;</li>
 * <li>OUTPUT CONTROLLER plus OUTPUT TABLE or NORMAL ("and forward it as usual") ->
 *     {@code copy_to_cpu()}: a clone to ONOS, the frame continues through the slice
 *     pipeline;</li>
 * <li>no OUTPUT at all (empty treatment, {@code drop()}, {@code wipeDeferred()} only) ->
 *     {@code drop()};</li>
 * <li>anything else is refused: output to a switch port (where a frame of a slice goes is
 *     decided per slice by {@code l2_forward}/{@code l3_forward_*}, which the acl cannot
 *     override), FLOOD/ALL (flooding is per slice), header rewrites, meters, groups, ...</li>
 * </ul>
 */
final class AclActions {

    private AclActions() {
        // static helper
    }

    /**
     * Returns the acl action equivalent to the treatment.
     *
     * @param treatment ONOS treatment
     * @return action of the acl table
     * @throws PiInterpreterException if the treatment has no acl equivalent; the message names
     *                                the instruction and why
     */
    static PiAction fromTreatment(TrafficTreatment treatment) throws PiInterpreterException {
        boolean noAction = false;
        Set<PortNumber> outputs = new LinkedHashSet<>();
        for (Instruction instruction : treatment.allInstructions()) {
            switch (instruction.type()) {
                case OUTPUT:
                    outputs.add(((OutputInstruction) instruction).port());
                    break;
                case NOACTION:
                    noAction = true;
                    break;
                default:
                    throw new PiInterpreterException(format(
                            "instruction %s is not supported in table %s: the acl can only punt, "
                                    + "copy to the controller or drop", instruction, INGRESS_ACL));
            }
        }
        if (outputs.isEmpty()) {
            return action(INGRESS_ACL_DROP);
        }
        if (noAction) {
            throw new PiInterpreterException(format(
                    "treatment %s both drops (NOACTION) and outputs to %s; table %s needs one or the other",
                    treatment, outputs, INGRESS_ACL));
        }
        if (!outputs.contains(PortNumber.CONTROLLER)) {
            throw new PiInterpreterException(format(
                    "instruction OUTPUT:%s is not supported in table %s: forwarding to ports is decided "
                            + "per slice (l2_forward/l3_forward); the acl can only punt, copy to the "
                            + "controller or drop", outputs.iterator().next(), INGRESS_ACL));
        }
        outputs.remove(PortNumber.CONTROLLER);
        if (outputs.isEmpty()) {
            return action(INGRESS_PUNT_TO_CPU);
        }
        for (PortNumber port : outputs) {
            if (!port.equals(PortNumber.TABLE) && !port.equals(PortNumber.NORMAL)) {
                throw new PiInterpreterException(format(
                        "instruction OUTPUT:%s together with OUTPUT:CONTROLLER is not supported in table %s: "
                                + "the acl can copy a frame to the controller and let the slice pipeline "
                                + "forward it (OUTPUT:TABLE or NORMAL), not send it to a chosen port",
                        port, INGRESS_ACL));
            }
        }
        return action(INGRESS_COPY_TO_CPU);
    }

    static PiAction action(PiActionId id) {
        return PiAction.builder().withId(id).build();
    }
}
