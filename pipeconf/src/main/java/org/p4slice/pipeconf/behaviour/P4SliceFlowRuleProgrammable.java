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

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleProgrammable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * The device driver's own {@link FlowRuleProgrammable} (ONOS 2.7's
 * {@code P4RuntimeFlowRuleProgrammable}), with its reads and writes of one device taken one at a
 * time.
 * <p>
 * ONOS 2.7's P4Runtime driver serializes its writes of a device, but not a read against them: its
 * {@code getFlowEntries()} reads the device's table entries and then replaces its table mirror with
 * what it read ({@code P4RuntimeTableMirror.sync}) without the write lock. When a device connects,
 * ONOS polls its flow entries (FlowRuleDriverProvider, on DEVICE_ADDED) while the packet requests'
 * acl entries are being written. If the read reaches the switch before those INSERTs and the sync
 * runs after the write has put them in the mirror, the sync drops them from the mirror; the same
 * poll then finds the rules missing and applies them again (FlowRuleManager's {@code flowMissing}),
 * and with no mirror entry the driver sends INSERT for entries the switch holds: the switch answers
 * ALREADY_EXISTS (as Stratum and PI's server do for a duplicate INSERT). Taking the driver's calls
 * for one device one at a time closes that window: a poll sees the device either before a write
 * (and the write then fills the mirror, so the re-apply is skipped) or after it.
 * <p>
 * The implementation itself is the driver's: the first parent of the (pipeconf-merged) driver that
 * has a {@code FlowRuleProgrammable}, searched in the order ONOS searches them. If there is none, the
 * calls log why and do nothing (as the driver's own does when it cannot set itself up).
 */
public class P4SliceFlowRuleProgrammable extends AbstractHandlerBehaviour implements FlowRuleProgrammable {

    private static final ConcurrentMap<DeviceId, ReentrantLock> LOCKS = new ConcurrentHashMap<>();

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Override
    public Collection<FlowEntry> getFlowEntries() {
        return oneAtATime("read flow entries", FlowRuleProgrammable::getFlowEntries);
    }

    @Override
    public Collection<FlowRule> applyFlowRules(Collection<FlowRule> rules) {
        return oneAtATime("apply flow rules", driver -> driver.applyFlowRules(rules));
    }

    @Override
    public Collection<FlowRule> removeFlowRules(Collection<FlowRule> rules) {
        return oneAtATime("remove flow rules", driver -> driver.removeFlowRules(rules));
    }

    private <T> Collection<T> oneAtATime(String what, Function<FlowRuleProgrammable, Collection<T>> call) {
        DeviceId deviceId = data().deviceId();
        FlowRuleProgrammable driver = driverFlowRuleProgrammable();
        if (driver == null) {
            log.error("Cannot {} on {}: none of the parents of driver {} has a FlowRuleProgrammable",
                      what, deviceId, handler().driver().name());
            return List.of();
        }
        ReentrantLock lock = LOCKS.computeIfAbsent(deviceId, id -> new ReentrantLock());
        lock.lock();
        try {
            return call.apply(driver);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether a call for the device is waiting for another one to finish (for tests).
     *
     * @param deviceId the device
     * @return true if a call is waiting
     */
    static boolean hasWaitingCalls(DeviceId deviceId) {
        ReentrantLock lock = LOCKS.get(deviceId);
        return lock != null && lock.hasQueuedThreads();
    }

    /** The driver's own FlowRuleProgrammable for this handler, or null if its parents have none. */
    private FlowRuleProgrammable driverFlowRuleProgrammable() {
        List<Driver> parents = handler().driver().parents();
        if (parents == null) {
            return null;
        }
        for (int i = parents.size() - 1; i >= 0; i--) {   // DefaultDriver searches its parents last first
            Driver parent = parents.get(i);
            if (parent.hasBehaviour(FlowRuleProgrammable.class)) {
                return parent.createBehaviour(handler(), FlowRuleProgrammable.class);
            }
        }
        return null;
    }
}
