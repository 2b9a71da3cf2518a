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
package org.p4slice.web.testbed;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Keeps the flow rules it is asked to install, confirms every batch at once and logs each
 * operation through the {@link ProgrammingLog}.
 */
public class RecordingFlowRuleService extends FlowRuleServiceAdapter {

    private final ProgrammingLog log;
    private final Set<FlowRule> installed = new LinkedHashSet<>();

    /**
     * Creates the service.
     *
     * @param log where operations are written
     */
    public RecordingFlowRuleService(ProgrammingLog log) {
        this.log = log;
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

    @Override
    public void apply(FlowRuleOperations ops) {
        synchronized (this) {
            for (Set<FlowRuleOperation> stage : ops.stages()) {
                for (FlowRuleOperation op : stage) {
                    FlowRule r = op.rule();
                    if (op.type() == FlowRuleOperation.Type.REMOVE) {
                        installed.remove(r);
                    } else {
                        installed.add(r);
                    }
                    log.record(r.deviceId(), op.type() + " table entry " + describe(r));
                }
            }
        }
        if (ops.callback() != null) {
            ops.callback().onSuccess(ops);
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
