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
package org.p4slice.slicing.impl.stats;

import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.slicing.impl.programming.DeviceBehaviours;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the per-slice counters of devices through their {@link SliceCounters} behaviour, and logs
 * once when a device becomes unreadable and once when it is readable again. Every instance reads
 * every device it is asked for, master or not (a P4Runtime Read is allowed to any controller).
 * Used from the poller thread only.
 */
final class CounterReader {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final Set<DeviceId> failing = new HashSet<>();

    /**
     * Reads the per-slice counters of the devices, one batched read per device (the cells of the
     * slices crossing it, see {@link SliceCounters#read(Set)}).
     *
     * @param deviceService device service
     * @param behaviours    the devices' behaviours
     * @param slices        devices to read, each with the ids of the slices crossing it
     * @return per device, the cells read; devices that could not be read are missing
     */
    Map<DeviceId, Map<Integer, SliceCounterValues>> read(DeviceService deviceService, DeviceBehaviours behaviours,
                                                         Map<DeviceId, Set<Integer>> slices) {
        Set<DeviceId> devices = slices.keySet();
        Map<DeviceId, Map<Integer, SliceCounterValues>> readings = new HashMap<>();
        for (DeviceId id : devices) {
            String problem = null;
            try {
                if (deviceService.getDevice(id) == null || !deviceService.isAvailable(id)) {
                    problem = "device not available";
                } else {
                    Optional<SliceCounters> counters = behaviours.of(id, SliceCounters.class);
                    if (counters.isPresent()) {
                        readings.put(id, counters.get().read(slices.get(id)));
                    } else {
                        problem = "device has no p4slice counters (pipeconf not bound?)";
                    }
                }
            } catch (RuntimeException e) {
                problem = e.getMessage();
            }
            if (problem == null && failing.remove(id)) {
                log.info("Counters of {} readable again", id);
            } else if (problem != null && failing.add(id)) {
                log.warn("Cannot read counters of {}: {}", id, problem);
            }
        }
        failing.retainAll(devices);
        return readings;
    }
}
