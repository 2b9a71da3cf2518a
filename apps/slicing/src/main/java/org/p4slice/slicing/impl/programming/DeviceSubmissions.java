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

import org.onlab.util.SharedScheduledExecutors;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.PlannedGroup;
import org.p4slice.slicing.impl.translator.PlannedMeter;
import org.p4slice.slicing.impl.translator.SlicePlan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the device writer's parts reach the devices and are confirmed: meter cells written
 * through {@link MeterCellAccess} and multicast groups through {@link MulticastGroupAccess}, both
 * only where this instance is the device's master (elsewhere they fail; {@link MasterWrites}, which
 * retries a switch's transient "not primary" refusal) and confirmed by the device's answer to the
 * write; flow rules in one {@link FlowRuleOperations} batch per device (confirmed by the batch's
 * context, as soon as the device answered), removals alike. Every submission registers a
 * {@link Confirmations.Confirmation}; a device that is not available fails its confirmation at
 * once (ONOS keeps the flow rules submitted and installs them when the device returns; meter cells
 * and groups are written again by the reconciliation that its return starts).
 */
final class DeviceSubmissions {

    private final ApplicationId appId;
    private final FlowRuleService flowRuleService;
    private final MeterCellAccess meterCells;
    private final MulticastGroupAccess groups;
    private final MasterWrites masterWrites;
    private final Duration timeout;

    DeviceSubmissions(ApplicationId appId, FlowRuleService flowRuleService, MeterCellAccess meterCells,
                      MulticastGroupAccess groups, Duration timeout) {
        this.appId = appId;
        this.flowRuleService = flowRuleService;
        this.meterCells = meterCells;
        this.groups = groups;
        this.masterWrites = new MasterWrites(meterCells, SharedScheduledExecutors.getSingleThreadExecutor());
        this.timeout = timeout;
    }

    // the rules ONOS holds for the plan's slice on the plan's devices that the plan does not have
    Parts staleRules(SlicePlan plan) {
        Set<FlowId> wanted = new HashSet<>();
        for (DevicePlan device : plan.devices().values()) {
            PlanConverter.flowRules(appId, plan.sliceId(), device).forEach(rule -> wanted.add(rule.id()));
        }
        Parts stale = new Parts();
        for (FlowEntry entry : sliceEntries(plan.sliceId())) {
            if (plan.devices().containsKey(entry.deviceId()) && !wanted.contains(entry.id())) {
                stale.flows.computeIfAbsent(entry.deviceId(), d -> new LinkedHashSet<>())
                        .add(new DefaultFlowRule(entry));
            }
        }
        return stale;
    }

    // every part of the plan on its devices, with any other rule of this application whose cookie
    // carries the slice id there
    Parts allParts(SlicePlan plan) {
        Parts parts = new Parts();
        for (DevicePlan device : plan.devices().values()) {
            parts.flows.put(device.deviceId(), new LinkedHashSet<>(
                    PlanConverter.flowRules(appId, plan.sliceId(), device)));
            parts.meters.put(device.deviceId(), device.meter());
            parts.groups.put(device.deviceId(), device.group());
        }
        for (FlowEntry entry : sliceEntries(plan.sliceId())) {
            if (plan.devices().containsKey(entry.deviceId())) {
                parts.flows.computeIfAbsent(entry.deviceId(), d -> new LinkedHashSet<>())
                        .add(new DefaultFlowRule(entry));
            }
        }
        return parts;
    }

    // the table entries an update removes (gone or changed), as flow rules
    Parts removedEntries(PlanDiff diff, SlicePlan oldPlan, SlicePlan newPlan) {
        Parts gone = new Parts();
        diff.removals.forEach((deviceId, entries) -> {
            DevicePlan device = newPlan.devices().getOrDefault(deviceId, oldPlan.devices().get(deviceId));
            gone.flows.put(deviceId, new LinkedHashSet<>(
                    PlanConverter.flowRules(appId, newPlan.sliceId(), only(device, entries))));
        });
        return gone;
    }

    // a device plan reduced to some of its entries (meter and group kept for the conversion)
    static DevicePlan only(DevicePlan device, List<PlannedEntry> entries) {
        return DevicePlan.of(device.deviceId(), entries, device.meter(), device.group());
    }

    // the rules ONOS holds for the slice: this application's, with the slice id in their cookie
    private List<FlowEntry> sliceEntries(SliceId sliceId) {
        List<FlowEntry> entries = new ArrayList<>();
        Iterable<FlowEntry> appEntries = flowRuleService.getFlowEntriesById(appId);
        for (FlowEntry entry : appEntries == null ? List.<FlowEntry>of() : appEntries) {
            if (PlanConverter.isCookieOf(entry.id().value(), appId, sliceId)) {
                entries.add(entry);
            }
        }
        return entries;
    }

    // writes a meter cell where this instance is the device's master (the only one whose writes
    // the device takes; a write elsewhere fails, never counts as done); an unavailable device
    // fails at once
    void writeMeter(DeviceId device, PiMeterCellConfig config, Confirmations confirmations) {
        String what = (config.isDefaultConfig() ? "reset of meter cell " : "meter cell ") + config.cellId().meterId()
                + "[" + config.cellId().index() + "] on " + device;
        writeOnDevice(device, what, confirmations, () -> meterCells.write(device, List.of(config)));
    }

    // writes a multicast group, as a meter cell
    void submitGroup(DevicePlan device, Confirmations confirmations) {
        DeviceId deviceId = device.deviceId();
        PlannedGroup group = device.group();
        writeOnDevice(deviceId, "multicast group " + group.groupId() + " on " + deviceId, confirmations,
                      () -> groups.write(deviceId, group));
    }

    // a write the device answers synchronously (meter cell, multicast group), confirmed by its answer
    // (a refusal as not primary is retried first: MasterWrites)
    private void writeOnDevice(DeviceId device, String what, Confirmations confirmations, Runnable write) {
        Confirmations.Confirmation c = confirmations.expect(what);
        masterWrites.write(device, what, write).ifPresentOrElse(c::fail, c::confirm);
    }

    void submitFlows(SliceId sliceId, DevicePlan device, Confirmations confirmations) {
        List<FlowRule> rules = PlanConverter.flowRules(appId, sliceId, device);
        String what = rules.size() + " table entries on " + device.deviceId();
        applyFlows(device.deviceId(), rules, what, confirmations.expect(what), 1);
    }

    // one try of an add batch; a batch ONOS reports failed may be submitted again (MasterWrites)
    private void applyFlows(DeviceId deviceId, List<FlowRule> rules, String what, Confirmations.Confirmation c,
                            int tries) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        rules.forEach(ops::add);
        try {
            flowRuleService.apply(ops.build(new FlowRuleOperationsContext() {
                @Override
                public void onSuccess(FlowRuleOperations done) {
                    c.confirm();
                }

                @Override
                public void onError(FlowRuleOperations failed) {
                    masterWrites.resubmitLater(deviceId, tries, what,
                                               () -> applyFlows(deviceId, rules, what, c, tries + 1))
                            .ifPresent(why -> c.fail("the flow rule batch failed (" + why + ")"));
                }
            }));
            failIfUnavailable(deviceId, c);
        } catch (RuntimeException e) {
            c.fail("refused by ONOS: " + e.getMessage());
        }
    }

    // removes the parts and waits for the confirmations (one timeout); returns what is unconfirmed
    List<String> removeParts(Parts parts) {
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
                failIfUnavailable(deviceId, c);
            } catch (RuntimeException e) {
                c.fail("refused by ONOS: " + e.getMessage());
            }
        });
        parts.meters.forEach((deviceId, meter) ->
                writeMeter(deviceId, PlanConverter.meterCellReset(meter), confirmations));
        parts.groups.forEach((deviceId, group) ->
                writeOnDevice(deviceId, "removal of multicast group " + group.groupId() + " on " + deviceId,
                              confirmations, () -> groups.remove(deviceId, group)));
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

    // ONOS keeps what was submitted for an unavailable device and installs it when the device
    // returns; the wait for its confirmation would only run into the timeout
    private void failIfUnavailable(DeviceId device, Confirmations.Confirmation c) {
        if (!meterCells.available(device)) {
            c.fail("device " + device + " is not available");
        }
    }

    // what a call put on (or must take off) the devices
    static final class Parts {
        final Map<DeviceId, Set<FlowRule>> flows = new LinkedHashMap<>();
        final Map<DeviceId, PlannedMeter> meters = new LinkedHashMap<>();
        final Map<DeviceId, PlannedGroup> groups = new LinkedHashMap<>();

        // the meter cells and groups of devices (e.g. those a slice left)
        static Parts resourcesOf(Collection<DevicePlan> devices) {
            Parts parts = new Parts();
            for (DevicePlan device : devices) {
                parts.meters.put(device.deviceId(), device.meter());
                parts.groups.put(device.deviceId(), device.group());
            }
            return parts;
        }
    }
}
