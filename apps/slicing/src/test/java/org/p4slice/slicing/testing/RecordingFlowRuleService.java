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
package org.p4slice.slicing.testing;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Records every flow rule operation (and logs it through the {@link ProgrammingLog}, if given),
 * keeps the installed rules and confirms each batch at once, or fails it when it touches a device
 * marked as failing.
 */
public class RecordingFlowRuleService extends FlowRuleServiceAdapter {

    private final ProgrammingLog log;
    private final List<FlowRuleOperation> operations = new ArrayList<>();
    private final Set<FlowRule> installed = new LinkedHashSet<>();
    private final Set<DeviceId> failing = new HashSet<>();

    /**
     * Creates a service that does not log (no cost per operation, e.g. in benchmarks).
     */
    public RecordingFlowRuleService() {
        this(null);
    }

    /**
     * Creates the service.
     *
     * @param log where operations are written, or null for none
     */
    public RecordingFlowRuleService(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Makes every batch touching the device fail.
     *
     * @param device device
     */
    public synchronized void failOn(DeviceId device) {
        failing.add(device);
    }

    /**
     * Stops failing batches.
     */
    public synchronized void heal() {
        failing.clear();
    }

    /**
     * Returns every operation seen, in order (the live list: a test may clear it).
     *
     * @return operations
     */
    public List<FlowRuleOperation> operations() {
        return operations;
    }

    /**
     * Returns the rules installed on a device.
     *
     * @param device device
     * @return rules, in installation order
     */
    public synchronized List<FlowRule> installed(DeviceId device) {
        return installed.stream().filter(r -> r.deviceId().equals(device)).collect(Collectors.toList());
    }

    /**
     * Returns every installed rule (the live set: a test may remove rules, as a device losing them).
     *
     * @return rules
     */
    public Set<FlowRule> installed() {
        return installed;
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        boolean failed = false;
        synchronized (this) {
            for (Set<FlowRuleOperation> stage : ops.stages()) {
                for (FlowRuleOperation op : stage) {
                    FlowRule r = op.rule();
                    operations.add(op);
                    if (log != null) {
                        log.record(r.deviceId(), op.type() + " table entry " + describe(r));
                    }
                    if (failing.contains(r.deviceId())) {
                        failed = true;
                    } else if (op.type() == FlowRuleOperation.Type.REMOVE) {
                        installed.remove(r);
                    } else {
                        // ONOS replaces a rule with the same match (and flow id): a changed action is a modify
                        installed.remove(r);
                        installed.add(r);
                    }
                }
            }
        }
        if (ops.callback() != null) {
            if (failed) {
                ops.callback().onError(ops);
            } else {
                ops.callback().onSuccess(ops);
            }
        }
    }

    /**
     * Describes a rule on one line: table, priority, match and action.
     *
     * @param r rule
     * @return text
     */
    static String describe(FlowRule r) {
        return r.table() + " priority " + r.priority() + " match " + r.selector().criteria()
                + " action " + r.treatment().allInstructions() + " cookie 0x" + Long.toHexString(r.id().value());
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        List<FlowEntry> entries = new ArrayList<>();
        for (FlowRule r : installed) {
            if (r.appId() == id.id()) {
                entries.add(new DefaultFlowEntry(r, FlowEntry.FlowEntryState.ADDED, 0, 0, 0));
            }
        }
        return entries;
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return installed(deviceId).stream()
                .map(r -> (FlowEntry) new DefaultFlowEntry(r, FlowEntry.FlowEntryState.ADDED, 0, 0, 0))
                .collect(Collectors.toList());
    }

    @Override
    public synchronized int getFlowRuleCount() {
        return installed.size();
    }
}
