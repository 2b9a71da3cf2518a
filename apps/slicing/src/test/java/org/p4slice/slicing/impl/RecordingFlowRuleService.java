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
package org.p4slice.slicing.impl;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Records every flow rule operation, keeps the installed rules and confirms each batch at once,
 * or fails it when it touches a device marked as failing.
 */
class RecordingFlowRuleService extends FlowRuleServiceAdapter {

    private final List<FlowRuleOperation> operations = new ArrayList<>();
    private final Map<FlowRule, FlowRule> installed = new LinkedHashMap<>();
    private final Set<DeviceId> failing = new HashSet<>();

    /**
     * Makes every batch touching the device fail.
     *
     * @param device device
     */
    void failOn(DeviceId device) {
        failing.add(device);
    }

    /**
     * Stops failing batches.
     */
    void heal() {
        failing.clear();
    }

    /**
     * Returns every operation seen, in order.
     *
     * @return operations
     */
    List<FlowRuleOperation> operations() {
        return operations;
    }

    /**
     * Returns the rules installed on a device.
     *
     * @param device device
     * @return rules
     */
    List<FlowRule> installed(DeviceId device) {
        return installed.keySet().stream().filter(r -> r.deviceId().equals(device)).collect(Collectors.toList());
    }

    /**
     * Returns every installed rule.
     *
     * @return rules
     */
    Set<FlowRule> installed() {
        return installed.keySet();
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        boolean failed = false;
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                operations.add(op);
                if (failing.contains(op.rule().deviceId())) {
                    failed = true;
                    continue;
                }
                if (op.type() == FlowRuleOperation.Type.REMOVE) {
                    installed.remove(op.rule());
                } else {
                    installed.put(op.rule(), op.rule());
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

    @Override
    public Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        List<FlowEntry> entries = new ArrayList<>();
        for (FlowRule r : installed.keySet()) {
            if (r.appId() == id.id()) {
                entries.add(new DefaultFlowEntry(r, FlowEntry.FlowEntryState.ADDED, 0, 0, 0));
            }
        }
        return entries;
    }

    @Override
    public int getFlowRuleCount() {
        return installed.size();
    }
}
