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

import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.NextGroup;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.behaviour.PipelinerContext;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flowobjective.FilteringObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.onosproject.net.flowobjective.NextObjective;
import org.onosproject.net.flowobjective.Objective;
import org.onosproject.net.flowobjective.ObjectiveError;
import org.p4slice.pipeconf.behaviour.P4RuntimeAccess.P4RuntimeAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

import static java.lang.String.format;
import static org.p4slice.pipeconf.P4SliceConstants.CPU_CLONE_SESSION_ID;

/**
 * Pipeliner of the p4slice pipeline: turns ONOS flow objectives into entries of the ternary
 * {@code acl} table, so that ONOS's link discovery (LLDP 0x88cc, BDDP 0x8942), host, ARP and NDP
 * handling and any app's packet requests work on a sliced switch.
 *
 * <h2>Forwarding objectives</h2>
 * One acl entry per objective, priority and timeout from the objective, installed (ADD) or
 * removed (REMOVE) through {@link FlowRuleService}; the objective's context hears success once
 * the flow rule subsystem reports it, {@link ObjectiveError#FLOWINSTALLATIONFAILED} otherwise.
 * <ul>
 * <li>Selector: any of IN_PORT, ETH_TYPE, ETH_SRC, ETH_DST (also masked), IP_PROTO, TCP_DST,
 *     UDP_DST, ICMPV6_TYPE; TCP_DST/UDP_DST match {@code l4_dst_port} and ICMPV6_TYPE (ONOS's NDP
 *     requests, 135/136) {@code icmp_type}, each plus the IP protocol it implies.</li>
 * <li>Treatment (see {@link AclActions}): OUTPUT CONTROLLER alone (ONOS packet requests:
 *     {@code punt().wipeDeferred()}) -> {@code punt_to_cpu()} for LLDP and BDDP, and
 *     {@code copy_to_cpu()} for everything else, so that a slice's ARP and NDP (and any other frame an
 *     app asks to see) still crosses the slice while ONOS gets its copy
 *     ({@link AclRuleTranslator#keepInSlice}); OUTPUT CONTROLLER plus OUTPUT TABLE/NORMAL ->
 *     {@code copy_to_cpu()}; no output (drop, wipeDeferred) -> {@code drop()}.</li>
 * <li>Refused with {@link ObjectiveError#UNSUPPORTED} (context told, warning logged with the
 *     exact reason, nothing installed): next ids, other criteria (VLAN, IP addresses, ...: the
 *     tables that match them are keyed by slice id), outputs to ports, header rewrites; other
 *     operations than ADD/REMOVE. Inconsistent selectors get {@link ObjectiveError#BADPARAMS}.</li>
 * </ul>
 *
 * <h2>Filtering objectives</h2>
 * DENY -> acl {@code drop()} on key + conditions; PERMIT whose treatment punts or copies to the
 * controller -> {@code punt_to_cpu()}/{@code copy_to_cpu()}. A plain PERMIT ("admit this
 * port/VLAN/MAC") would be an entry of {@code slice_classifier}, whose only admitting action is
 * {@code set_slice(slice_id)}: a filtering objective carries no slice id, and that table belongs
 * to the slicing app, so it is refused with UNSUPPORTED.
 *
 * <h2>Next objectives</h2>
 * Always UNSUPPORTED: the pipeline has no next/ECMP table, and its only groups are the slices'
 * multicast groups (group id = slice id), which the slicing app owns.
 *
 * <h2>The CPU clone session of {@code copy_to_cpu()}</h2>
 * On a TNA (Tofino) pipeconf {@code copy_to_cpu()} sets the traffic manager's copy-to-CPU bit and
 * needs nothing more ({@link TargetFacts}). On v1model (bmv2) it clones into session
 * {@code CPU_CLONE_SESSION_ID} (511), whose replica must be the CPU port of the pipeconf. ONOS 2.7
 * can program clone sessions from {@code GroupDescription.Type.CLONE} groups (group id = session
 * id), but ONOS's group store has one group-id space per device, shared with the slices'
 * multicast groups (type ALL, group id = slice id, 1..4094): a CLONE group 511 and
 * slice 511's flood group would collide ("Group already exists with the same id"), although on the
 * device clone sessions and multicast groups are separate. So the pipeliner writes the session
 * itself over P4Runtime ({@link CpuCloneSession}): at {@link #init} on the instance that is master
 * for the device (init runs again whenever the device becomes available, e.g. after a switch
 * restart), and again before a {@code copy_to_cpu()} entry is added if that write had not
 * succeeded yet. If it cannot be written, copy entries fail with
 * {@link ObjectiveError#GROUPINSTALLATIONFAILED}; punt and drop entries do not need it.
 */
public class P4SlicePipeliner extends AbstractHandlerBehaviour implements Pipeliner {

    private final Logger log = LoggerFactory.getLogger(getClass());

    private DeviceId deviceId;
    private FlowRuleService flowRuleService;
    private MastershipService mastershipService;
    private AclRuleTranslator translator;
    private volatile boolean copyToCpuReady;

    @Override
    public void init(DeviceId deviceId, PipelinerContext context) {
        this.deviceId = deviceId;
        this.flowRuleService = context.directory().get(FlowRuleService.class);
        this.mastershipService = context.directory().get(MastershipService.class);
        this.translator = new AclRuleTranslator(deviceId);
        this.copyToCpuReady = false;
        if (mastershipService.isLocalMaster(deviceId)) {
            prepareCopyToCpu();
        }
    }

    @Override
    public void filter(FilteringObjective obj) {
        if (!checkOperation(obj, "filtering")) {
            return;
        }
        FlowRule rule;
        try {
            rule = translator.filtering(obj);
        } catch (ObjectiveTranslationException e) {
            fail(obj, e.error(), e.getMessage());
            return;
        }
        install(obj, rule);
    }

    @Override
    public void forward(ForwardingObjective obj) {
        if (!checkOperation(obj, "forwarding")) {
            return;
        }
        FlowRule rule;
        try {
            rule = translator.forwarding(obj);
        } catch (ObjectiveTranslationException e) {
            fail(obj, e.error(), e.getMessage());
            return;
        }
        install(obj, rule);
    }

    @Override
    public void next(NextObjective obj) {
        fail(obj, ObjectiveError.UNSUPPORTED, format(
                "next objective %d (%s) of %s on %s cannot be expressed: p4slice has no next/ECMP table, and "
                        + "its only groups are the slices' multicast groups (group id = slice id), owned by "
                        + "the slicing app", obj.id(), obj.type(), obj.appId().name(), deviceId));
    }

    @Override
    public void purgeAll(ApplicationId appId) {
        flowRuleService.purgeFlowRules(deviceId, appId);
    }

    @Override
    public List<String> getNextMappings(NextGroup nextGroup) {
        // No next objective is ever accepted.
        return List.of();
    }

    private boolean checkOperation(Objective obj, String kind) {
        if (obj.op() == Objective.Operation.ADD || obj.op() == Objective.Operation.REMOVE) {
            return true;
        }
        fail(obj, ObjectiveError.UNSUPPORTED, format(
                "%s objective %d of %s on %s: operation %s is not supported, only ADD and REMOVE",
                kind, obj.id(), obj.appId().name(), deviceId, obj.op()));
        return false;
    }

    private void install(Objective obj, FlowRule rule) {
        if (obj.op() == Objective.Operation.ADD && AclRuleTranslator.isCopyToCpu(rule)
                && !copyToCpuReady && mastershipService.isLocalMaster(deviceId) && !prepareCopyToCpu()) {
            fail(obj, ObjectiveError.GROUPINSTALLATIONFAILED, format(
                    "objective %d of %s on %s needs clone session %d for copy_to_cpu, which could not be "
                            + "written (see the previous warning)",
                    obj.id(), obj.appId().name(), deviceId, CPU_CLONE_SESSION_ID));
            return;
        }
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        if (obj.op() == Objective.Operation.ADD) {
            ops.add(rule);
        } else {
            ops.remove(rule);
        }
        flowRuleService.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations operations) {
                obj.context().ifPresent(context -> context.onSuccess(obj));
            }

            @Override
            public void onError(FlowRuleOperations operations) {
                log.warn("Objective {} of {} on {}: {} of acl entry failed: {}",
                         obj.id(), obj.appId().name(), deviceId, obj.op(), rule);
                obj.context().ifPresent(context -> context.onError(obj, ObjectiveError.FLOWINSTALLATIONFAILED));
            }
        }));
    }

    /** Makes copy_to_cpu() work on the device: the clone session if its architecture needs one. */
    private boolean prepareCopyToCpu() {
        try {
            TargetFacts target = TargetFacts.of(handler());
            if (!target.copyToCpuNeedsCloneSession()) {
                copyToCpuReady = true;
                log.info("copy_to_cpu on {} ({}): the traffic manager copies to the CPU port, no clone session",
                         deviceId, target.architecture());
                return true;
            }
            CpuCloneSession.write(P4RuntimeAccess.of(handler()), target.cpuPort());
            copyToCpuReady = true;
            log.info("Clone session {} (copy_to_cpu, CPU port {}) written to {}",
                     CPU_CLONE_SESSION_ID, target.cpuPort(), deviceId);
        } catch (P4RuntimeAccessException | RuntimeException e) {
            log.warn("Cannot write clone session {} (copy_to_cpu) to {}: {}",
                     CPU_CLONE_SESSION_ID, deviceId, e.getMessage());
        }
        return copyToCpuReady;
    }

    private void fail(Objective obj, ObjectiveError error, String message) {
        log.warn("{} -> {}", message, error);
        obj.context().ifPresent(context -> context.onError(obj, error));
    }
}
