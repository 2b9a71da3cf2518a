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
package org.p4slice.slicing.impl.programming;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Applies slice plans through ONOS's flow rule and group services and the slice meter cells
 * ({@link MeterCellAccess}), and removes them.
 * <p>
 * {@link #program} first writes every device's meter cell and multicast group (each confirmed by
 * the device's answer), then submits one {@link FlowRuleOperations} batch per
 * device with the table entries and waits for the batches to complete, so no traffic is
 * classified into the slice before its meter and group exist. The whole wait is bounded by the
 * timeout given at construction. On a failure, refusal or timeout nothing is taken back: what
 * ONOS accepted stays in its stores (ONOS installs it when the device comes back) and a healthy
 * device keeps what it carries; the failure is returned, and programming the same plan again
 * (on reconnection, restart, mastership change) completes it, since every step is idempotent.
 * A device that is not available fails at once (its parts are still submitted). The ONOS
 * objects are built by {@link PlanConverter} and submitted by {@link DeviceSubmissions}. Calls
 * block: never call them from an ONOS event thread.
 * <p>
 * Every part is confirmed as soon as the device answered (see {@link DeviceSubmissions}); the
 * timeout of {@value #DEFAULT_TIMEOUT_SECONDS} s bounds a device that does not answer.
 * {@link #remove} returns once the device removed the slice's parts, so that the slice id and its
 * ports can be used again right after.
 */
public final class DeviceProgrammer {

    /** Default bound on the wait for ONOS's confirmations, in seconds. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 45;

    private final Logger log = getLogger(getClass());

    private final ApplicationId appId;
    private final Duration timeout;
    private final DeviceSubmissions submissions;

    /**
     * Creates a programmer with the default timeout.
     *
     * @param appId           the application owning the flow rules, meters and groups
     * @param flowRuleService flow rule service
     * @param meterCells      the slices' meter cells
     * @param groups          the slices' multicast groups
     */
    public DeviceProgrammer(ApplicationId appId, FlowRuleService flowRuleService, MeterCellAccess meterCells,
                            MulticastGroupAccess groups) {
        this(appId, flowRuleService, meterCells, groups, Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS));
    }

    /**
     * Creates a programmer.
     *
     * @param appId           the application owning the flow rules, meters and groups
     * @param flowRuleService flow rule service
     * @param meterCells      the slices' meter cells
     * @param groups          the slices' multicast groups
     * @param timeout         bound on each wait for confirmations, &gt; 0
     */
    public DeviceProgrammer(ApplicationId appId, FlowRuleService flowRuleService, MeterCellAccess meterCells,
                            MulticastGroupAccess groups, Duration timeout) {
        this.appId = checkNotNull(appId, "application id must not be null");
        checkNotNull(groups, "multicast groups must not be null");
        checkNotNull(timeout, "timeout must not be null");
        checkArgument(!timeout.isNegative() && !timeout.isZero(), "timeout must be > 0, got %s", timeout);
        this.timeout = timeout;
        checkNotNull(flowRuleService, "flow rule service must not be null");
        checkNotNull(meterCells, "meter cells must not be null");
        this.submissions = new DeviceSubmissions(appId, flowRuleService, meterCells, groups, timeout);
    }

    /**
     * Returns the bound on each wait for confirmations.
     *
     * @return timeout
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * Applies a plan: meters and groups, then table entries, on every device of the plan.
     *
     * @param plan slice plan
     * @return success once ONOS confirmed everything; otherwise a failure naming each part that
     *         failed or timed out (nothing accepted is taken back)
     */
    public ProgramResult program(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        SliceId sliceId = plan.sliceId();
        long deadline = System.nanoTime() + timeout.toNanos();
        Confirmations resources = new Confirmations();
        for (DevicePlan device : plan.devices().values()) {
            submissions.writeMeter(device.deviceId(), PlanConverter.meterCellConfig(device.meter()), resources);
            submissions.submitGroup(device, resources);
        }
        List<String> problems = resources.await(remaining(deadline), timeout);
        if (problems.isEmpty()) {
            Confirmations entries = new Confirmations();
            for (DevicePlan device : plan.devices().values()) {
                submissions.submitFlows(sliceId, device, entries);
            }
            problems = entries.await(remaining(deadline), timeout);
        }
        if (problems.isEmpty()) {
            return ProgramResult.success();
        }
        String reason = "slice " + sliceId + ": " + String.join("; ", problems);
        log.warn("Programming incomplete (what ONOS accepted stays and is completed later): {}", reason);
        return ProgramResult.failure(reason);
    }

    /**
     * Brings the devices to exactly a plan: the rules of the slice that the plan no longer has
     * (e.g. the unicast entry of a host that left, or what an interrupted update left) are
     * removed, then the plan is programmed (idempotently: what is there stays untouched).
     *
     * @param plan slice plan
     * @return as {@link #program}, or a failure naming the stale rules that could not be removed
     */
    public ProgramResult sync(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        DeviceSubmissions.Parts stale = submissions.staleRules(plan);
        if (!stale.flows.isEmpty()) {
            List<String> problems = submissions.removeParts(stale);
            if (!problems.isEmpty()) {
                return ProgramResult.failure("slice " + plan.sliceId() + ": " + String.join("; ", problems));
            }
        }
        return program(plan);
    }

    /**
     * Writes the plan's meter cells alone (e.g. a rate the fairness app enforces), on the devices
     * this instance masters.
     *
     * @param plan slice plan
     * @return success, or a failure naming the cells that could not be written
     */
    public ProgramResult writeMeters(SlicePlan plan) {
        Confirmations confirmations = new Confirmations();
        for (DevicePlan device : plan.devices().values()) {
            submissions.writeMeter(device.deviceId(), PlanConverter.meterCellConfig(device.meter()), confirmations);
        }
        List<String> problems = confirmations.await(timeout, timeout);
        return problems.isEmpty() ? ProgramResult.success()
                : ProgramResult.failure("slice " + plan.sliceId() + ": " + String.join("; ", problems));
    }

    /**
     * Changes what a slice has on its devices from one plan to another, touching only what
     * differs ({@link PlanDiff}): changed or new meter cells are written (a cell is rewritten in
     * place) and changed or new groups set; then the table entries that are gone or changed are
     * removed, then the new ones added; the devices the slice leaves lose its meter cell and group.
     * Entries that stay are not touched, so a quota change does not interrupt the slice's traffic.
     *
     * @param oldPlan the plan programmed now
     * @param newPlan the plan wanted
     * @return success once ONOS confirmed every change; otherwise a failure naming each part that
     *         failed or timed out (nothing is rolled back: the slice is then FAILED and programmed
     *         again on its next update, on restart or when a device reconnects)
     */
    public ProgramResult update(SlicePlan oldPlan, SlicePlan newPlan) {
        PlanDiff diff = PlanDiff.of(oldPlan, newPlan);
        if (diff.isEmpty()) {
            return ProgramResult.success();
        }
        SliceId sliceId = newPlan.sliceId();
        long deadline = System.nanoTime() + timeout.toNanos();
        Confirmations resources = new Confirmations();
        for (DevicePlan device : newPlan.devices().values()) {
            if (diff.meterChanges.contains(device.deviceId())) {
                submissions.writeMeter(device.deviceId(), PlanConverter.meterCellConfig(device.meter()), resources);
            }
            if (diff.groupChanges.contains(device.deviceId())) {
                submissions.submitGroup(device, resources);
            }
        }
        List<String> problems = new ArrayList<>(resources.await(remaining(deadline), timeout));
        if (problems.isEmpty() && !diff.removals.isEmpty()) {
            DeviceSubmissions.Parts gone = new DeviceSubmissions.Parts();
            diff.removals.forEach((deviceId, entries) -> {
                DevicePlan device = newPlan.devices().getOrDefault(deviceId, oldPlan.devices().get(deviceId));
                gone.flows.put(deviceId, new LinkedHashSet<>(
                        PlanConverter.flowRules(appId, sliceId, only(device, entries))));
            });
            problems.addAll(submissions.removeParts(gone));
        }
        if (problems.isEmpty() && !diff.additions.isEmpty()) {
            Confirmations entries = new Confirmations();
            diff.additions.forEach((deviceId, added) -> submissions.submitFlows(
                    sliceId, only(newPlan.devices().get(deviceId), added), entries));
            problems.addAll(entries.await(remaining(deadline), timeout));
        }
        if (problems.isEmpty() && !diff.leftDevices.isEmpty()) {
            DeviceSubmissions.Parts left = new DeviceSubmissions.Parts();
            for (DevicePlan device : diff.leftDevices) {
                left.meters.put(device.deviceId(), device.meter());
                left.groups.put(device.deviceId(), device.group());
            }
            problems.addAll(submissions.removeParts(left));
        }
        return problems.isEmpty() ? ProgramResult.success()
                : ProgramResult.failure("slice " + sliceId + ": " + String.join("; ", problems));
    }

    // a device plan reduced to some of its entries (meter and group kept for the conversion)
    private static DevicePlan only(DevicePlan device, List<PlannedEntry> entries) {
        return DevicePlan.of(device.deviceId(), entries, device.meter(), device.group());
    }

    /**
     * Removes a plan: every flow rule of the slice on the plan's devices (the plan's and any other
     * rule of this application whose cookie carries the slice id), the plan's meter cells and
     * multicast groups.
     *
     * @param plan slice plan
     * @return success once ONOS confirmed the removals, else a failure naming what is unconfirmed
     */
    public ProgramResult remove(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        DeviceSubmissions.Parts parts = new DeviceSubmissions.Parts();
        for (DevicePlan device : plan.devices().values()) {
            parts.flows.put(device.deviceId(), new LinkedHashSet<>(
                    PlanConverter.flowRules(appId, plan.sliceId(), device)));
            parts.meters.put(device.deviceId(), device.meter());
            parts.groups.put(device.deviceId(), device.group());
        }
        for (FlowEntry entry : submissions.sliceEntries(plan.sliceId())) {
            if (!plan.devices().containsKey(entry.deviceId())) {
                continue;
            }
            parts.flows.computeIfAbsent(entry.deviceId(), d -> new LinkedHashSet<>()).add(new DefaultFlowRule(entry));
        }
        List<String> problems = submissions.removeParts(parts);
        return problems.isEmpty() ? ProgramResult.success()
                : ProgramResult.failure("slice " + plan.sliceId() + ": " + String.join("; ", problems));
    }

    private static Duration remaining(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }
}
