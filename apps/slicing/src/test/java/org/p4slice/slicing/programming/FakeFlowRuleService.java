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
package org.p4slice.slicing.programming;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * Flow rule service that records batches, keeps the installed rules and answers per device.
 */
public class FakeFlowRuleService extends FlowRuleServiceAdapter {

    private final List<String> journal;

    /**
     * Creates the fake.
     *
     * @param journal where accepted operations are logged, shared by the fakes of a test
     */
    FakeFlowRuleService(List<String> journal) {
        this.journal = journal;
    }

    /** Answer to add batches, per device (default SUCCEED). */
    final Map<DeviceId, Answer> addAnswers = new HashMap<>();
    /** Answer to removal batches (default SUCCEED). */
    Answer removeAnswer = Answer.SUCCEED;
    /** Runs the callbacks; synchronous by default. */
    Executor callbacks = Runnable::run;

    /** Every batch applied. */
    final List<FlowRuleOperations> batches = new ArrayList<>();
    /** Rules added by add batches, in order. */
    final List<FlowRule> added = new ArrayList<>();
    /** Rules removed by removal batches, in order. */
    final List<FlowRule> removed = new ArrayList<>();
    /** Rules currently installed. */
    final Set<FlowRule> installed = new LinkedHashSet<>();

    @Override
    public synchronized void apply(FlowRuleOperations ops) {
        boolean removal = false;
        DeviceId device = null;
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                device = op.rule().deviceId();
                removal = op.type() == FlowRuleOperation.Type.REMOVE;
            }
        }
        Answer answer = removal ? removeAnswer : addAnswers.getOrDefault(device, Answer.SUCCEED);
        if (answer == Answer.THROW) {
            throw new IllegalStateException("flow rule store unavailable");
        }
        batches.add(ops);
        int n = 0;
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            n += stage.size();
        }
        journal.add("flows " + (removal ? "remove " : "add ") + device + " " + n);
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                if (op.type() == FlowRuleOperation.Type.REMOVE) {
                    removed.add(op.rule());
                    installed.remove(op.rule());
                } else {
                    added.add(op.rule());
                    installed.add(op.rule());
                }
            }
        }
        if (answer == Answer.SUCCEED) {
            callbacks.execute(() -> ops.callback().onSuccess(ops));
        } else if (answer == Answer.FAIL) {
            callbacks.execute(() -> ops.callback().onError(ops));
        }
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        List<FlowEntry> entries = new ArrayList<>();
        for (FlowRule rule : installed) {
            if (rule.appId() == id.id()) {
                entries.add(new DefaultFlowEntry(rule, FlowEntry.FlowEntryState.ADDED));
            }
        }
        return entries;
    }
}
