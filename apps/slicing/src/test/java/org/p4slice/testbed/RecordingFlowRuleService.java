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
package org.p4slice.testbed;

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
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;

/**
 * Records every flow rule operation (and logs it through the {@link ProgrammingLog}, if given),
 * keeps the installed rules and confirms each batch at once, or fails it when it touches a device
 * marked as failing. A test can also script the answer to a whole batch ({@link #addAnswers()},
 * {@link #removeAnswer(Answer)}), run the callbacks elsewhere ({@link #callbacks(Executor)}) and
 * keep a one-line summary of each batch in a journal ({@link #journal(List)}).
 */
public class RecordingFlowRuleService extends FlowRuleServiceAdapter {

    private final ProgrammingLog log;
    private final List<FlowRuleOperation> operations = new ArrayList<>();
    private final Set<FlowRule> installed = new LinkedHashSet<>();
    private final Set<DeviceId> failing = new HashSet<>();
    private final Map<DeviceId, Integer> failNext = new HashMap<>();
    private final Map<DeviceId, Answer> addAnswers = new HashMap<>();
    private final List<FlowRuleOperations> batches = new ArrayList<>();
    private final List<FlowRule> added = new ArrayList<>();
    private final List<FlowRule> removed = new ArrayList<>();
    private volatile Answer removeAnswer = Answer.SUCCEED;
    private volatile Executor callbacks = Runnable::run;
    private volatile List<String> journal;

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
     * Writes one line per batch ({@code flows add|remove <device> <n>}) to the given journal.
     *
     * @param lines journal shared with the other recording services
     * @return this service
     */
    public RecordingFlowRuleService journal(List<String> lines) {
        this.journal = lines;
        return this;
    }

    /**
     * Makes every later operation on a device fail (the batch's callback reports an error).
     *
     * @param device device
     */
    public synchronized void failOn(DeviceId device) {
        failing.add(device);
    }

    /**
     * Makes the next {@code batches} add batches on a device fail as a whole (as ONOS reports a
     * batch the device did not take while its P4Runtime session changed hands), later ones succeed.
     *
     * @param device  device
     * @param batches how many
     */
    public synchronized void failNextBatches(DeviceId device, int batches) {
        failNext.put(device, batches);
    }

    /**
     * Makes every device accept operations again.
     */
    public synchronized void heal() {
        failing.clear();
    }

    /**
     * Returns the answers to add batches, per device (SUCCEED if absent), for the test to change.
     *
     * @return answers by device
     */
    public Map<DeviceId, Answer> addAnswers() {
        return addAnswers;
    }

    /**
     * Sets the answer to removal batches (SUCCEED until set).
     *
     * @param answer answer
     */
    public void removeAnswer(Answer answer) {
        this.removeAnswer = answer;
    }

    /**
     * Sets what runs the batches' callbacks (synchronous until set).
     *
     * @param executor executor of the callbacks
     */
    public void callbacks(Executor executor) {
        this.callbacks = executor;
    }

    /**
     * Returns every operation, in order.
     *
     * @return operations
     */
    public List<FlowRuleOperation> operations() {
        return operations;
    }

    /**
     * Returns every batch applied (and not refused), in order.
     *
     * @return batches
     */
    public List<FlowRuleOperations> batches() {
        return batches;
    }

    /**
     * Returns the rules added (or modified) on devices that accepted them, in order.
     *
     * @return rules
     */
    public List<FlowRule> added() {
        return added;
    }

    /**
     * Returns the rules removed from devices that accepted it, in order.
     *
     * @return rules
     */
    public List<FlowRule> removed() {
        return removed;
    }

    /**
     * Returns the rules installed on a device.
     *
     * @param device device
     * @return rules
     */
    public synchronized List<FlowRule> installed(DeviceId device) {
        return installed.stream().filter(r -> r.deviceId().equals(device)).collect(Collectors.toList());
    }

    /**
     * Returns every installed rule (the live set: a test may add rules as if already there).
     *
     * @return rules
     */
    public Set<FlowRule> installed() {
        return installed;
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        boolean removal = false;
        DeviceId device = null;
        int n = 0;
        for (Set<FlowRuleOperation> stage : ops.stages()) {
            for (FlowRuleOperation op : stage) {
                device = op.rule().deviceId();
                removal = op.type() == FlowRuleOperation.Type.REMOVE;
            }
            n += stage.size();
        }
        Answer answer;
        synchronized (this) {
            answer = removal ? removeAnswer : addAnswers.getOrDefault(device, Answer.SUCCEED);
            if (!removal && failNext.getOrDefault(device, 0) > 0) {
                failNext.merge(device, -1, Integer::sum);
                answer = Answer.FAIL;
            }
        }
        if (answer == Answer.THROW) {
            throw new IllegalStateException("flow rule store unavailable");
        }
        boolean failed = false;
        synchronized (this) {
            batches.add(ops);
            List<String> j = journal;
            if (j != null) {
                j.add("flows " + (removal ? "remove " : "add ") + device + " " + n);
            }
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
                        removed.add(r);
                    } else {
                        // ONOS replaces a rule with the same match (and flow id): a changed action is a modify
                        installed.remove(r);
                        installed.add(r);
                        added.add(r);
                    }
                }
            }
        }
        if (ops.callback() == null || answer == Answer.NEVER) {
            return;
        }
        if (failed || answer == Answer.FAIL) {
            callbacks.execute(() -> ops.callback().onError(ops));
        } else {
            callbacks.execute(() -> ops.callback().onSuccess(ops));
        }
    }

    /**
     * Describes a rule for the programming log.
     *
     * @param r rule
     * @return table, priority, match, action and cookie
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
