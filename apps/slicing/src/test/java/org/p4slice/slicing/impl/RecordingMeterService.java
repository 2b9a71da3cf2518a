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

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Records meter submissions and withdrawals, keeps the meter cells in use and confirms each
 * request at once, or fails it on a device marked as failing.
 */
class RecordingMeterService extends MeterServiceAdapter {

    private final List<String> operations = new ArrayList<>();
    private final Map<String, MeterRequest> cells = new LinkedHashMap<>();
    private final Set<DeviceId> failing = new HashSet<>();

    /**
     * Makes every request on the device fail.
     *
     * @param device device
     */
    void failOn(DeviceId device) {
        failing.add(device);
    }

    /**
     * Stops failing requests.
     */
    void heal() {
        failing.clear();
    }

    /**
     * Returns every operation seen, e.g. {@code "submit device:s1 P4SliceIngress.slice_meter[7]"}.
     *
     * @return operations
     */
    List<String> operations() {
        return operations;
    }

    /**
     * Returns the meter cells in use, as {@code "device scope[index]"}, with their requests.
     *
     * @return cells
     */
    Map<String, MeterRequest> cells() {
        return cells;
    }

    private static String key(DeviceId device, String cell) {
        return device + " " + cell;
    }

    @Override
    public Meter submit(MeterRequest request) {
        String key = key(request.deviceId(), request.scope().id() + "[" + request.index().orElse(-1L) + "]");
        operations.add("submit " + key);
        if (failing.contains(request.deviceId())) {
            request.context().ifPresent(c -> c.onError(request, MeterFailReason.TIMEOUT));
            return null;
        }
        cells.put(key, request);
        request.context().ifPresent(c -> c.onSuccess(request));
        return null;
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId meterCellId) {
        String key = key(request.deviceId(), request.scope().id() + "[" + request.index().orElse(-1L) + "]");
        operations.add("withdraw " + key);
        cells.remove(key);
        request.context().ifPresent(c -> c.onSuccess(request));
    }
}
