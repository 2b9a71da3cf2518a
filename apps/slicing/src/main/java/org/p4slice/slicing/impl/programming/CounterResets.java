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

import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.api.SliceId;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Resets a released slice's counter cells on the devices that have the counter behaviour and that
 * this instance masters (only the master's writes reach a device; the others' masters reset
 * theirs).
 */
final class CounterResets {

    private final DeviceBehaviours behaviours;
    private final MastershipService mastershipService;

    /**
     * Creates the resets.
     *
     * @param behaviours        the devices' behaviours (counters)
     * @param mastershipService which devices this instance writes counters to
     */
    CounterResets(DeviceBehaviours behaviours, MastershipService mastershipService) {
        this.behaviours = behaviours;
        this.mastershipService = mastershipService;
    }

    /**
     * Resets the slice's counter cells on the given devices.
     *
     * @param sliceId slice being released
     * @param devices the devices to reset it on
     * @return success, or a failure naming the devices whose counters were not reset
     */
    ProgramResult reset(SliceId sliceId, Set<DeviceId> devices) {
        List<String> problems = new ArrayList<>();
        for (DeviceId id : devices) {
            Optional<SliceCounters> counters = behaviours.of(id, SliceCounters.class);
            if (counters.isEmpty()) {
                continue;
            }
            if (!mastershipService.isLocalMaster(id)) {
                problems.add("counters on " + id + " not reset: this instance is not its master");
                continue;
            }
            try {
                counters.get().reset(sliceId.id());
            } catch (RuntimeException e) {
                problems.add("resetting the counters on " + id + " failed: " + e.getMessage());
            }
        }
        return ProgramResult.of(sliceId, problems);
    }
}
