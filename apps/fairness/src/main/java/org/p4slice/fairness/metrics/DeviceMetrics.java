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
package org.p4slice.fairness.metrics;

import org.onosproject.net.Device;
import org.onosproject.net.device.DeviceService;
import org.p4slice.fairness.metrics.Exposition.Type;

import java.util.Map;
import java.util.TreeMap;

/**
 * The testbed's switches as ONOS knows them: 1 while ONOS has the device available, 0 while it is
 * not (e.g. its switch stopped or its P4Runtime connection lost).
 */
final class DeviceMetrics {

    private DeviceMetrics() {
    }

    /**
     * Writes the device family.
     *
     * @param out     exposition
     * @param devices ONOS's devices, or null where there is no device service (the family stays empty)
     */
    static void write(Exposition out, DeviceService devices) {
        out.family("p4slice_device_available", "1 while ONOS has the switch available, 0 while not.", Type.GAUGE);
        if (devices == null) {
            return;
        }
        Map<String, Boolean> up = new TreeMap<>();
        for (Device d : devices.getDevices()) {
            up.put(d.id().toString(), devices.isAvailable(d.id()));
        }
        up.forEach((id, available) -> out.sample(available ? 1 : 0, "device", id));
    }
}
