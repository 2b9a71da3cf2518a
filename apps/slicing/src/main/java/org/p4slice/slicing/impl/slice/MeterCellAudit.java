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
package org.p4slice.slicing.impl.slice;

import org.p4slice.slicing.impl.programming.MeterCellAccess;
import org.p4slice.slicing.impl.programming.PlanConverter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Checks the meter cells of the settled slices (ACTIVE, FAILED) on the devices this instance
 * masters against what they should hold (the quota, or the rate the fairness app enforces) and
 * rewrites the cells that differ beyond the device's rounding ({@link MeterCellAccess#holds}).
 * It repairs what nothing else reports: a switch that lost its state between two polls, a write
 * that raced a reconnection, a master that changed. One read per device, writes only where needed.
 */
final class MeterCellAudit {

    private final Logger log = getLogger(getClass());

    private final SliceStore store;
    private final SlicePlanner planner;
    private final MeterCellAccess cells;

    /**
     * Creates the audit.
     *
     * @param store    slices
     * @param planner  their plans (with any enforced rate)
     * @param cells    the devices' meter cells
     */
    public MeterCellAudit(SliceStore store, SlicePlanner planner, MeterCellAccess cells) {
        this.store = checkNotNull(store);
        this.planner = checkNotNull(planner);
        this.cells = checkNotNull(cells);
    }

    /**
     * Runs one audit; failures are logged per device.
     *
     * @return number of cells rewritten
     */
    public int run() {
        Map<DeviceId, List<PiMeterCellConfig>> wanted = new LinkedHashMap<>();
        for (Slice slice : store.getSlices()) {
            if (slice.state() != SliceState.ACTIVE && slice.state() != SliceState.FAILED) {
                continue;
            }
            SlicePlan plan;
            try {
                plan = planner.plan(slice);
            } catch (SlicingException e) {
                continue;
            }
            plan.devices().forEach((device, devicePlan) -> {
                if (cells.available(device) && cells.localMaster(device)) {
                    wanted.computeIfAbsent(device, d -> new ArrayList<>())
                            .add(PlanConverter.meterCellConfig(devicePlan.meter()));
                }
            });
        }
        int rewritten = 0;
        for (Map.Entry<DeviceId, List<PiMeterCellConfig>> entry : wanted.entrySet()) {
            rewritten += audit(entry.getKey(), entry.getValue());
        }
        return rewritten;
    }

    private int audit(DeviceId device, List<PiMeterCellConfig> wanted) {
        try {
            Map<PiMeterCellId, PiMeterCellConfig> onDevice = cells.read(
                    device, wanted.stream().map(PiMeterCellConfig::cellId).collect(Collectors.toList()));
            List<PiMeterCellConfig> differing = wanted.stream()
                    .filter(w -> !cells.holds(device, w, onDevice.get(w.cellId())))
                    .collect(Collectors.toList());
            if (!differing.isEmpty()) {
                log.info("Rewriting {} of {} meter cells on {}: {}", differing.size(), wanted.size(), device,
                         differing.stream().map(c -> c.cellId().index() + "=" + onDevice.get(c.cellId()))
                                 .collect(Collectors.joining(", ")));
                cells.write(device, differing);
            }
            return differing.size();
        } catch (RuntimeException e) {
            log.warn("Meter audit of {} failed: {}", device, e.getMessage());
            return 0;
        }
    }
}
