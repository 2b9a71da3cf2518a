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
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Writes slice plans on the devices and takes them off: the one way a slice reaches a switch.
 * <p>
 * {@link #program} first writes every device's meter cell and multicast group (each confirmed by
 * the device's answer), then submits one {@link FlowRuleOperations} batch per device with the
 * table entries and waits for the batches to complete, so no traffic is classified into the slice
 * before its meter and group exist. {@link #sync} first removes the slice's rules the plan no
 * longer has (a host that left); {@link #update} writes only what differs from an earlier plan
 * ({@link PlanDiff}); {@link #writeMeters} writes the meter cells alone; {@link #remove} returns
 * once the devices dropped the slice's parts, so that its id and ports can be used again at once;
 * {@link #resetCounters} clears its counter cells ({@link CounterResets}). Meter cells, groups and
 * counters are written only where this instance is the device's master (the only instance whose
 * writes the device takes; elsewhere the part fails, it is never reported as done); a meter cell or
 * group the switch refuses as "not primary" although this instance is its master is tried again,
 * a bounded number of times ({@link MasterWrites}), before its part fails.
 * <p>
 * Every wait is bounded by the timeout given at construction ({@value #DEFAULT_TIMEOUT_SECONDS} s by
 * default). On a failure, refusal or timeout nothing is taken back: what ONOS accepted stays in its
 * stores (ONOS installs it when the device comes back) and a healthy device keeps what it carries;
 * the {@link ProgramResult} names every part that failed, and writing the same plan again (on
 * reconnection, restart, mastership change) completes it, since every step is idempotent. A device
 * that is not available fails at once (its parts are still submitted). No call throws: an
 * unexpected error is a failed result. The ONOS objects are built by {@link PlanConverter} and
 * submitted by {@link DeviceSubmissions}. Calls block: never call them from an ONOS event thread.
 */
public final class DeviceWriter {

    /** Default bound on the wait for the devices' confirmations, in seconds. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 45;

    private final Logger log = getLogger(getClass());

    private final Duration timeout;
    private final DeviceSubmissions submissions;
    private final CounterResets counterResets;

    /**
     * Creates a writer with the default timeout.
     *
     * @param appId             the application owning the flow rules
     * @param flowRuleService   flow rule service
     * @param meterCells        the slices' meter cells
     * @param groups            the slices' multicast groups
     * @param behaviours        the devices' behaviours (counters)
     * @param mastershipService which devices this instance writes counters to
     */
    public DeviceWriter(ApplicationId appId, FlowRuleService flowRuleService, MeterCellAccess meterCells,
                        MulticastGroupAccess groups, DeviceBehaviours behaviours,
                        MastershipService mastershipService) {
        this(appId, flowRuleService, meterCells, groups, behaviours, mastershipService,
             Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS));
    }

    /**
     * Creates a writer.
     *
     * @param appId             the application owning the flow rules
     * @param flowRuleService   flow rule service
     * @param meterCells        the slices' meter cells
     * @param groups            the slices' multicast groups
     * @param behaviours        the devices' behaviours (counters)
     * @param mastershipService which devices this instance writes counters to
     * @param timeout           bound on each wait for confirmations, &gt; 0
     */
    public DeviceWriter(ApplicationId appId, FlowRuleService flowRuleService, MeterCellAccess meterCells,
                        MulticastGroupAccess groups, DeviceBehaviours behaviours,
                        MastershipService mastershipService, Duration timeout) {
        checkNotNull(appId, "application id must not be null");
        checkNotNull(timeout, "timeout must not be null");
        checkArgument(!timeout.isNegative() && !timeout.isZero(), "timeout must be > 0, got %s", timeout);
        this.timeout = timeout;
        this.submissions = new DeviceSubmissions(
                appId, checkNotNull(flowRuleService, "flow rule service must not be null"),
                checkNotNull(meterCells, "meter cells must not be null"),
                checkNotNull(groups, "multicast groups must not be null"), timeout);
        this.counterResets = new CounterResets(
                checkNotNull(behaviours, "device behaviours must not be null"),
                checkNotNull(mastershipService, "mastership service must not be null"));
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
     * @return success once the devices confirmed everything; otherwise a failure naming each part
     *         that failed or timed out (nothing accepted is taken back)
     */
    public ProgramResult program(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        return guarded("programming", plan.sliceId(), () -> programNow(plan));
    }

    private ProgramResult programNow(SlicePlan plan) {
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
                submissions.submitFlows(plan.sliceId(), device, entries);
            }
            problems = entries.await(remaining(deadline), timeout);
        }
        ProgramResult result = ProgramResult.of(plan.sliceId(), problems);
        if (!result.ok()) {
            log.warn("Programming incomplete (what ONOS accepted stays and is completed later): {}",
                     result.reason().orElseThrow());
        }
        return result;
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
        return guarded("programming", plan.sliceId(), () -> {
            DeviceSubmissions.Parts stale = submissions.staleRules(plan);
            ProgramResult removed = stale.flows.isEmpty() ? ProgramResult.success()
                    : ProgramResult.of(plan.sliceId(), submissions.removeParts(stale));
            return removed.ok() ? programNow(plan) : removed;
        });
    }

    /**
     * Writes the plan's meter cells alone (e.g. a rate the fairness app enforces).
     *
     * @param plan slice plan
     * @return success, or a failure naming the cells that could not be written
     */
    public ProgramResult writeMeters(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        return guarded("meter write", plan.sliceId(), () -> {
            Confirmations confirmations = new Confirmations();
            for (DevicePlan device : plan.devices().values()) {
                submissions.writeMeter(device.deviceId(), PlanConverter.meterCellConfig(device.meter()),
                                       confirmations);
            }
            return ProgramResult.of(plan.sliceId(), confirmations.await(timeout, timeout));
        });
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
     * @return success once the devices confirmed every change; otherwise a failure naming each part
     *         that failed or timed out (nothing is rolled back)
     */
    public ProgramResult update(SlicePlan oldPlan, SlicePlan newPlan) {
        checkNotNull(oldPlan, "old plan must not be null");
        checkNotNull(newPlan, "new plan must not be null");
        return guarded("reprogramming", newPlan.sliceId(), () -> updateNow(oldPlan, newPlan));
    }

    private ProgramResult updateNow(SlicePlan oldPlan, SlicePlan newPlan) {
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
            problems.addAll(submissions.removeParts(submissions.removedEntries(diff, oldPlan, newPlan)));
        }
        if (problems.isEmpty() && !diff.additions.isEmpty()) {
            Confirmations entries = new Confirmations();
            diff.additions.forEach((deviceId, added) -> submissions.submitFlows(
                    sliceId, DeviceSubmissions.only(newPlan.devices().get(deviceId), added), entries));
            problems.addAll(entries.await(remaining(deadline), timeout));
        }
        if (problems.isEmpty() && !diff.leftDevices.isEmpty()) {
            problems.addAll(submissions.removeParts(DeviceSubmissions.Parts.resourcesOf(diff.leftDevices)));
        }
        return ProgramResult.of(sliceId, problems);
    }

    /**
     * Removes a plan: every flow rule of the slice on the plan's devices (the plan's and any other
     * rule of this application whose cookie carries the slice id), the plan's meter cells and
     * multicast groups.
     *
     * @param plan slice plan
     * @return success once the devices confirmed the removals, else a failure naming what is unconfirmed
     */
    public ProgramResult remove(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        return guarded("removal", plan.sliceId(),
                       () -> ProgramResult.of(plan.sliceId(), submissions.removeParts(submissions.allParts(plan))));
    }

    /**
     * Resets the slice's counter cells on the given devices that have the counter behaviour and
     * that this instance masters (only the master's writes reach a device; the others' masters
     * reset theirs).
     *
     * @param sliceId slice being released
     * @param devices the devices to reset it on
     * @return success, or a failure naming the devices whose counters were not reset
     */
    public ProgramResult resetCounters(SliceId sliceId, Set<DeviceId> devices) {
        return counterResets.reset(checkNotNull(sliceId, "slice id must not be null"),
                                   checkNotNull(devices, "devices must not be null"));
    }

    // an unexpected error of ONOS or a device is a failed result, never an exception to the caller
    private ProgramResult guarded(String what, SliceId sliceId, Supplier<ProgramResult> work) {
        try {
            return work.get();
        } catch (RuntimeException e) {
            log.warn("Slice {}: {} failed", sliceId, what, e);
            return ProgramResult.failure("slice " + sliceId + ": " + what + " failed: " + e);
        }
    }

    private static Duration remaining(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }
}
