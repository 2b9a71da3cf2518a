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

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Keeps the meter cells it is asked to configure (user-defined indexes, as p4slice needs),
 * confirms each request at once and logs it through the {@link ProgrammingLog}.
 */
public class RecordingMeterService extends MeterServiceAdapter {

    private final ProgrammingLog log;
    private final Map<DeviceId, Map<MeterCellId, Meter>> meters = new LinkedHashMap<>();

    /**
     * Creates the service.
     *
     * @param log where operations are written
     */
    public RecordingMeterService(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Returns the meters configured on a device.
     *
     * @param device device
     * @return meters
     */
    public synchronized List<Meter> installed(DeviceId device) {
        return meters.getOrDefault(device, Map.of()).values().stream().collect(Collectors.toList());
    }

    @Override
    public Meter submit(MeterRequest request) {
        MeterCellId cell = PiMeterCellId.ofIndirect(PiMeterId.of(request.scope().id()),
                                                     request.index().orElseThrow(() -> new IllegalArgumentException(
                                                             "p4slice meters carry their index")));
        Meter meter = DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                .withUnit(request.unit()).withBands(request.bands()).withCellId(cell).build();
        synchronized (this) {
            meters.computeIfAbsent(request.deviceId(), d -> new LinkedHashMap<>()).put(cell, meter);
            log.record(request.deviceId(), "ADD meter " + cell + " " + request.unit() + " bands " + request.bands()
                    .stream().map(b -> b.type() + " rate " + b.rate() + " burst " + b.burst())
                    .collect(Collectors.joining(", ")));
        }
        request.context().ifPresent(c -> c.onSuccess(request));
        return meter;
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId cellId) {
        synchronized (this) {
            Map<MeterCellId, Meter> onDevice = meters.get(request.deviceId());
            if (onDevice != null) {
                onDevice.remove(cellId);
            }
            log.record(request.deviceId(), "REMOVE meter " + cellId);
        }
        request.context().ifPresent(c -> c.onSuccess(request));
    }

    @Override
    public synchronized Meter getMeter(DeviceId deviceId, MeterCellId cellId) {
        return meters.getOrDefault(deviceId, Map.of()).get(cellId);
    }

    @Override
    public synchronized Collection<Meter> getMeters(DeviceId deviceId) {
        return installed(deviceId);
    }
}
