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

import org.onosproject.net.DeviceId;
import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.PlannedEntry;
import org.p4slice.slicing.impl.translator.SlicePlan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What changes on the devices when a slice's plan becomes another (pure): per device, the table
 * entries to remove (in the old plan and not, identical, in the new one; an entry whose action
 * changed is removed and added again), the entries to add, whether the meter cell or the group
 * must be (re)written, and the devices the slice leaves.
 */
final class PlanDiff {

    final Map<DeviceId, List<PlannedEntry>> removals = new LinkedHashMap<>();
    final Map<DeviceId, List<PlannedEntry>> additions = new LinkedHashMap<>();
    /** Devices of the new plan whose meter cell differs or is new. */
    final Set<DeviceId> meterChanges = new LinkedHashSet<>();
    /** Devices of the new plan whose multicast group differs or is new. */
    final Set<DeviceId> groupChanges = new LinkedHashSet<>();
    /** Devices of the old plan only: their meter cell and group go. */
    final List<DevicePlan> leftDevices = new ArrayList<>();

    private PlanDiff() {
    }

    /**
     * Compares two plans of one slice.
     *
     * @param oldPlan the plan programmed now
     * @param newPlan the plan wanted
     * @return the differences
     * @throws IllegalArgumentException if the plans are of different slices
     */
    static PlanDiff of(SlicePlan oldPlan, SlicePlan newPlan) {
        checkNotNull(oldPlan, "old plan must not be null");
        checkNotNull(newPlan, "new plan must not be null");
        checkArgument(oldPlan.sliceId().equals(newPlan.sliceId()), "plans of slices %s and %s",
                      oldPlan.sliceId(), newPlan.sliceId());
        PlanDiff diff = new PlanDiff();
        for (DevicePlan now : newPlan.devices().values()) {
            DevicePlan before = oldPlan.devices().get(now.deviceId());
            List<PlannedEntry> old = before == null ? List.of() : before.entries();
            List<PlannedEntry> gone = new ArrayList<>(old);
            gone.removeAll(now.entries());
            List<PlannedEntry> added = new ArrayList<>(now.entries());
            added.removeAll(old);
            if (!gone.isEmpty()) {
                diff.removals.put(now.deviceId(), gone);
            }
            if (!added.isEmpty()) {
                diff.additions.put(now.deviceId(), added);
            }
            if (before == null || !Objects.equals(before.meter(), now.meter())) {
                diff.meterChanges.add(now.deviceId());
            }
            if (before == null || !Objects.equals(before.group(), now.group())) {
                diff.groupChanges.add(now.deviceId());
            }
        }
        for (DevicePlan before : oldPlan.devices().values()) {
            if (!newPlan.devices().containsKey(before.deviceId())) {
                diff.removals.put(before.deviceId(), before.entries());
                diff.leftDevices.add(before);
            }
        }
        return diff;
    }

    /**
     * Tells whether nothing changes.
     *
     * @return true if the plans program the same
     */
    boolean isEmpty() {
        return removals.isEmpty() && additions.isEmpty() && meterChanges.isEmpty() && groupChanges.isEmpty()
                && leftDevices.isEmpty();
    }
}
