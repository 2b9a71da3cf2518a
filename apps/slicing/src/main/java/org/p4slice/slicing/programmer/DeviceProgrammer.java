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
package org.p4slice.slicing.programmer;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.meter.MeterContext;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.translator.DevicePlan;
import org.p4slice.slicing.translator.PlannedEntry;
import org.p4slice.slicing.translator.PlannedGroup;
import org.p4slice.slicing.translator.PlannedMeter;
import org.p4slice.slicing.translator.SlicePlan;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Applies slice plans through ONOS's flow rule, meter and group services, and removes them.
 * <p>
 * {@link #program} first submits every device's meter cell and multicast group and waits for ONOS
 * to confirm them, then submits one {@link FlowRuleOperations} batch per device with the table
 * entries and waits for the batches to complete, so no traffic is classified into the slice
 * before its meter and group exist. The whole wait is bounded by the timeout given at
 * construction; on any failure, refusal or timeout it removes everything ONOS accepted in this
 * call (waiting for that removal up to one more timeout) and returns the failure. The ONOS objects
 * are built by {@link PlanConverter}. Calls block: never call them from an ONOS event thread.
 *
 * <h2>What ONOS 2.7 must be configured with</h2>
 * <ul>
 *   <li><b>User-defined meter indexes.</b> The meter of slice N is cell N of
 *       {@code P4SliceIngress.slice_meter} (scope = that meter, index = slice id). ONOS's
 *       {@code MeterManager} accepts a request with an index only when its component property
 *       {@code userDefinedIndex} is true (default false; otherwise {@code submit} throws "Index
 *       cannot be provided when userDefinedIndex mode is disabled"). Operators set it with
 *       {@code onos-cfg set org.onosproject.net.meter.impl.MeterManager userDefinedIndex true}
 *       (or in the cluster's component configuration file) <em>before</em> any meter exists:
 *       {@code DistributedMeterStore} refuses to switch the mode once it holds meters or meter id
 *       allocations. The mode is global: in it, every application must give its own meter
 *       indexes. The store also checks the index against the meter features the P4Runtime driver
 *       reports when the device connects (cells 0..size-1), so a device that has not reported yet
 *       refuses the meter ("Meter index is not valid"). Both refusals come back as a failure
 *       naming the remedy. {@link #METER_MANAGER} and {@link #USER_DEFINED_INDEX} name the
 *       property for code that sets it through {@code ComponentConfigService}.</li>
 *   <li><b>Confirmation latency.</b> ONOS marks P4Runtime meters and groups ADDED only when it
 *       next polls the device: {@code MeterManager.fallbackMeterPollFrequency} and
 *       {@code GroupManager.fallbackGroupPollFrequency}, 30 s by default, hence the default timeout
 *       of {@value #DEFAULT_TIMEOUT_SECONDS} s. For quick slice set-up, lower both, e.g.
 *       {@code onos-cfg set org.onosproject.net.meter.impl.MeterManager fallbackMeterPollFrequency 2}
 *       and {@code onos-cfg set org.onosproject.net.group.impl.GroupManager
 *       fallbackGroupPollFrequency 2}. Flow rule batches complete as soon as the device answers.
 *       {@link #remove} waits the same way for meters and groups to be gone, so that the slice id
 *       can be programmed again right after (ONOS ignores the addition of a group whose key it
 *       still holds).</li>
 * </ul>
 */
public final class DeviceProgrammer {

    /** Default bound on the wait for ONOS's confirmations, in seconds. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 45;
    /** Component name of ONOS's meter manager. */
    public static final String METER_MANAGER = "org.onosproject.net.meter.impl.MeterManager";
    /** Property of {@link #METER_MANAGER} that must be true for user-defined meter indexes. */
    public static final String USER_DEFINED_INDEX = "userDefinedIndex";

    private final Logger log = getLogger(getClass());

    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final MeterService meterService;
    private final GroupService groupService;
    private final Duration timeout;

    /**
     * Creates a programmer with the default timeout.
     *
     * @param appId           the application owning the flow rules, meters and groups
     * @param flowRuleService flow rule service
     * @param meterService    meter service
     * @param groupService    group service
     */
    public DeviceProgrammer(ApplicationId appId, FlowRuleService flowRuleService, MeterService meterService,
                            GroupService groupService) {
        this(appId, flowRuleService, meterService, groupService, Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS));
    }

    /**
     * Creates a programmer.
     *
     * @param appId           the application owning the flow rules, meters and groups
     * @param flowRuleService flow rule service
     * @param meterService    meter service
     * @param groupService    group service
     * @param timeout         bound on each wait for confirmations, &gt; 0
     */
    public DeviceProgrammer(ApplicationId appId, FlowRuleService flowRuleService, MeterService meterService,
                            GroupService groupService, Duration timeout) {
        this.appId = checkNotNull(appId, "application id must not be null");
        this.flowRuleService = checkNotNull(flowRuleService, "flow rule service must not be null");
        this.meterService = checkNotNull(meterService, "meter service must not be null");
        this.groupService = checkNotNull(groupService, "group service must not be null");
        checkNotNull(timeout, "timeout must not be null");
        checkArgument(!timeout.isNegative() && !timeout.isZero(), "timeout must be > 0, got %s", timeout);
        this.timeout = timeout;
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
     *         failed or timed out, after everything accepted in this call has been removed
     */
    public ProgramResult program(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        SliceId sliceId = plan.sliceId();
        Parts accepted = new Parts();
        GroupTracker tracker = new GroupTracker(groupService);
        groupService.addListener(tracker);
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            Confirmations resources = new Confirmations();
            for (DevicePlan device : plan.devices().values()) {
                submitMeter(device, resources, accepted);
                submitGroup(device, resources, accepted, tracker);
            }
            List<String> problems = resources.await(remaining(deadline), timeout);
            if (problems.isEmpty()) {
                Confirmations entries = new Confirmations();
                for (DevicePlan device : plan.devices().values()) {
                    submitFlows(sliceId, device, entries, accepted);
                }
                problems = entries.await(remaining(deadline), timeout);
            }
            if (problems.isEmpty()) {
                return ProgramResult.success();
            }
            String reason = "slice " + sliceId + ": " + String.join("; ", problems);
            log.warn("Programming failed, removing what was installed: {}", reason);
            List<String> cleanup = removeParts(accepted, tracker);
            if (!cleanup.isEmpty()) {
                reason += "; removing what was installed is unconfirmed: " + String.join("; ", cleanup);
            }
            return ProgramResult.failure(reason);
        } finally {
            groupService.removeListener(tracker);
        }
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
        Parts accepted = new Parts();
        GroupTracker tracker = new GroupTracker(groupService);
        groupService.addListener(tracker);
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            Confirmations resources = new Confirmations();
            for (DevicePlan device : newPlan.devices().values()) {
                if (diff.meterChanges.contains(device.deviceId())) {
                    submitMeter(device, resources, accepted);
                }
                if (diff.groupChanges.contains(device.deviceId())) {
                    submitGroup(device, resources, accepted, tracker);
                }
            }
            List<String> problems = new ArrayList<>(resources.await(remaining(deadline), timeout));
            if (problems.isEmpty() && !diff.removals.isEmpty()) {
                Parts gone = new Parts();
                diff.removals.forEach((deviceId, entries) -> {
                    DevicePlan device = newPlan.devices().getOrDefault(deviceId, oldPlan.devices().get(deviceId));
                    gone.flows.put(deviceId, new LinkedHashSet<>(
                            PlanConverter.flowRules(appId, sliceId, only(device, entries))));
                });
                problems.addAll(removeParts(gone, tracker));
            }
            if (problems.isEmpty() && !diff.additions.isEmpty()) {
                Confirmations entries = new Confirmations();
                diff.additions.forEach((deviceId, added) -> submitFlows(
                        sliceId, only(newPlan.devices().get(deviceId), added), entries, accepted));
                problems.addAll(entries.await(remaining(deadline), timeout));
            }
            if (problems.isEmpty() && !diff.leftDevices.isEmpty()) {
                Parts left = new Parts();
                for (DevicePlan device : diff.leftDevices) {
                    left.meters.put(device.deviceId(), device.meter());
                    left.groups.put(device.deviceId(), device.group());
                }
                problems.addAll(removeParts(left, tracker));
            }
            return problems.isEmpty() ? ProgramResult.success()
                    : ProgramResult.failure("slice " + sliceId + ": " + String.join("; ", problems));
        } finally {
            groupService.removeListener(tracker);
        }
    }

    // a device plan reduced to some of its entries (meter and group kept for the conversion)
    private static DevicePlan only(DevicePlan device, List<PlannedEntry> entries) {
        return DevicePlan.of(device.deviceId(), entries, device.meter(), device.group());
    }

    /**
     * Removes a plan: every flow rule of the slice (the plan's and any other rule of this
     * application whose cookie carries the slice id, on any device), the plan's meter cells and
     * multicast groups.
     *
     * @param plan slice plan
     * @return success once ONOS confirmed the removals, else a failure naming what is unconfirmed
     */
    public ProgramResult remove(SlicePlan plan) {
        checkNotNull(plan, "plan must not be null");
        Parts parts = new Parts();
        for (DevicePlan device : plan.devices().values()) {
            parts.flows.put(device.deviceId(), new LinkedHashSet<>(
                    PlanConverter.flowRules(appId, plan.sliceId(), device)));
            parts.meters.put(device.deviceId(), device.meter());
            parts.groups.put(device.deviceId(), device.group());
        }
        Iterable<FlowEntry> appEntries = flowRuleService.getFlowEntriesById(appId);
        for (FlowEntry entry : appEntries == null ? List.<FlowEntry>of() : appEntries) {
            if (PlanConverter.isCookieOf(entry.id().value(), appId, plan.sliceId())) {
                parts.flows.computeIfAbsent(entry.deviceId(), d -> new LinkedHashSet<>())
                        .add(new DefaultFlowRule(entry));
            }
        }
        GroupTracker tracker = new GroupTracker(groupService);
        groupService.addListener(tracker);
        try {
            List<String> problems = removeParts(parts, tracker);
            return problems.isEmpty() ? ProgramResult.success()
                    : ProgramResult.failure("slice " + plan.sliceId() + ": " + String.join("; ", problems));
        } finally {
            groupService.removeListener(tracker);
        }
    }

    private void submitMeter(DevicePlan device, Confirmations confirmations, Parts accepted) {
        PlannedMeter meter = device.meter();
        Confirmations.Confirmation c = confirmations.expect(
                "meter " + meter.meter() + "[" + meter.index() + "] on " + device.deviceId());
        MeterRequest request = PlanConverter.meterRequest(appId, device.deviceId(), meter)
                .withContext(context(c)).add();
        try {
            meterService.submit(request);
            accepted.meters.put(device.deviceId(), meter);
        } catch (RuntimeException e) {
            c.fail("refused by ONOS: " + e.getMessage() + meterHint(e.getMessage()));
        }
    }

    private void submitGroup(DevicePlan device, Confirmations confirmations, Parts accepted, GroupTracker tracker) {
        DeviceId deviceId = device.deviceId();
        PlannedGroup group = device.group();
        GroupKey key = PlanConverter.groupKey(group.groupId());
        GroupBuckets buckets = PlanConverter.groupBuckets(group);
        Confirmations.Confirmation c = confirmations.expect(
                "multicast group " + group.groupId() + " on " + deviceId);
        tracker.expectInstalled(deviceId, key, buckets, c);
        try {
            Group existing = groupService.getGroup(deviceId, key);
            if (existing == null) {
                groupService.addGroup(PlanConverter.groupDescription(appId, deviceId, group));
                accepted.groups.put(deviceId, group);
            } else if (!existing.buckets().equals(buckets)) {
                groupService.setBucketsForGroup(deviceId, key, buckets, key, appId);
                accepted.groups.put(deviceId, group);
            }
            tracker.check(deviceId, key);
        } catch (RuntimeException e) {
            c.fail("refused by ONOS: " + e.getMessage());
        }
    }

    private void submitFlows(SliceId sliceId, DevicePlan device, Confirmations confirmations, Parts accepted) {
        List<FlowRule> rules = PlanConverter.flowRules(appId, sliceId, device);
        Confirmations.Confirmation c = confirmations.expect(
                rules.size() + " table entries on " + device.deviceId());
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        rules.forEach(ops::add);
        try {
            flowRuleService.apply(ops.build(context(c, "the flow rule batch failed")));
            accepted.flows.put(device.deviceId(), new LinkedHashSet<>(rules));
        } catch (RuntimeException e) {
            c.fail("refused by ONOS: " + e.getMessage());
        }
    }

    // removes the parts and waits for the confirmations (one timeout); returns what is unconfirmed
    private List<String> removeParts(Parts parts, GroupTracker tracker) {
        Confirmations confirmations = new Confirmations();
        parts.flows.forEach((deviceId, rules) -> {
            if (rules.isEmpty()) {
                return;
            }
            Confirmations.Confirmation c = confirmations.expect(
                    "removal of " + rules.size() + " table entries on " + deviceId);
            FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
            rules.forEach(ops::remove);
            try {
                flowRuleService.apply(ops.build(context(c, "the flow rule removal batch failed")));
            } catch (RuntimeException e) {
                c.fail("refused by ONOS: " + e.getMessage());
            }
        });
        parts.meters.forEach((deviceId, meter) -> {
            Confirmations.Confirmation c = confirmations.expect(
                    "removal of meter " + meter.meter() + "[" + meter.index() + "] on " + deviceId);
            try {
                meterService.withdraw(PlanConverter.meterRequest(appId, deviceId, meter).withContext(context(c))
                                              .remove(), PlanConverter.meterCellId(meter));
            } catch (RuntimeException e) {
                c.fail("refused by ONOS: " + e.getMessage());
            }
        });
        parts.groups.forEach((deviceId, group) -> {
            GroupKey key = PlanConverter.groupKey(group.groupId());
            Confirmations.Confirmation c = confirmations.expect(
                    "removal of multicast group " + group.groupId() + " on " + deviceId);
            tracker.expectRemoved(deviceId, key, c);
            try {
                if (groupService.getGroup(deviceId, key) != null) {
                    groupService.removeGroup(deviceId, key, appId);
                }
                tracker.check(deviceId, key);
            } catch (RuntimeException e) {
                c.fail("refused by ONOS: " + e.getMessage());
            }
        });
        return confirmations.await(timeout, timeout);
    }

    private static FlowRuleOperationsContext context(Confirmations.Confirmation c, String failure) {
        return new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations ops) {
                c.confirm();
            }

            @Override
            public void onError(FlowRuleOperations ops) {
                c.fail(failure);
            }
        };
    }

    private static MeterContext context(Confirmations.Confirmation c) {
        return new MeterContext() {
            @Override
            public void onSuccess(MeterRequest request) {
                c.confirm();
            }

            @Override
            public void onError(MeterRequest request, MeterFailReason reason) {
                c.fail("ONOS reports " + reason);
            }
        };
    }

    private static String meterHint(String message) {
        if (message != null && message.contains(USER_DEFINED_INDEX)) {
            return " (enable user-defined meter indexes: onos-cfg set " + METER_MANAGER + " "
                    + USER_DEFINED_INDEX + " true)";
        }
        if (message != null && message.contains("index is not valid")) {
            return " (the device has not reported its meter features yet, or the index is outside the meter)";
        }
        return "";
    }

    private static Duration remaining(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    // what a call put on (or must take off) the devices
    private static final class Parts {
        private final Map<DeviceId, Set<FlowRule>> flows = new LinkedHashMap<>();
        private final Map<DeviceId, PlannedMeter> meters = new LinkedHashMap<>();
        private final Map<DeviceId, PlannedGroup> groups = new LinkedHashMap<>();
    }
}
