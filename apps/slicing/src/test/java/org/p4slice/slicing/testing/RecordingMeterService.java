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
package org.p4slice.slicing.testing;

import org.onosproject.net.DeviceId;
import org.onosproject.net.meter.DefaultMeter;
import org.onosproject.net.meter.Meter;
import org.onosproject.net.meter.MeterCellId;
import org.onosproject.net.meter.MeterFailReason;
import org.onosproject.net.meter.MeterRequest;
import org.onosproject.net.meter.MeterServiceAdapter;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Records meter submissions and withdrawals (and logs them through the {@link ProgrammingLog}, if
 * given), keeps the meter cells in use (user-defined indexes, as p4slice needs) and confirms each
 * request at once, or fails it on a device marked as failing.
 */
public class RecordingMeterService extends MeterServiceAdapter {

    private final ProgrammingLog log;
    private final List<String> operations = new ArrayList<>();
    private final Map<String, MeterRequest> cells = new LinkedHashMap<>();
    private final Set<DeviceId> failing = new HashSet<>();

    /**
     * Creates a service that does not log (no cost per operation, e.g. in benchmarks).
     */
    public RecordingMeterService() {
        this(null);
    }

    /**
     * Creates the service.
     *
     * @param log where operations are written, or null for none
     */
    public RecordingMeterService(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Makes every request on the device fail.
     *
     * @param device device
     */
    public synchronized void failOn(DeviceId device) {
        failing.add(device);
    }

    /**
     * Stops failing requests.
     */
    public synchronized void heal() {
        failing.clear();
    }

    /**
     * Returns every operation seen, e.g. {@code "submit device:s1 P4SliceIngress.slice_meter[7]"}
     * (the live list: a test may clear it).
     *
     * @return operations
     */
    public List<String> operations() {
        return operations;
    }

    /**
     * Returns the meter cells in use, as {@code "device scope[index]"}, with their requests (the
     * live map: a test may remove cells, as a device losing them).
     *
     * @return cells
     */
    public Map<String, MeterRequest> cells() {
        return cells;
    }

    /**
     * Returns the meters configured on a device.
     *
     * @param device device
     * @return meters, in configuration order
     */
    public synchronized List<Meter> installed(DeviceId device) {
        return cells.values().stream().filter(r -> r.deviceId().equals(device)).map(RecordingMeterService::meter)
                .collect(Collectors.toList());
    }

    private static String key(MeterRequest request) {
        return request.deviceId() + " " + request.scope().id() + "[" + request.index().orElse(-1L) + "]";
    }

    private static MeterCellId cell(MeterRequest request) {
        return PiMeterCellId.ofIndirect(PiMeterId.of(request.scope().id()),
                                        request.index().orElseThrow(() -> new IllegalArgumentException(
                                                "p4slice meters carry their index")));
    }

    private static Meter meter(MeterRequest request) {
        return DefaultMeter.builder().forDevice(request.deviceId()).fromApp(request.appId())
                .withUnit(request.unit()).withBands(request.bands()).withCellId(cell(request)).build();
    }

    @Override
    public Meter submit(MeterRequest request) {
        String key = key(request);
        boolean fail;
        synchronized (this) {
            operations.add("submit " + key);
            if (log != null) {
                log.record(request.deviceId(), "ADD meter " + cell(request) + " " + request.unit() + " bands "
                        + request.bands().stream().map(b -> b.type() + " rate " + b.rate() + " burst " + b.burst())
                        .collect(Collectors.joining(", ")));
            }
            fail = failing.contains(request.deviceId());
            if (!fail) {
                cells.put(key, request);
            }
        }
        if (fail) {
            request.context().ifPresent(c -> c.onError(request, MeterFailReason.TIMEOUT));
            return null;
        }
        request.context().ifPresent(c -> c.onSuccess(request));
        return meter(request);
    }

    @Override
    public void withdraw(MeterRequest request, MeterCellId meterCellId) {
        synchronized (this) {
            String key = key(request);
            operations.add("withdraw " + key);
            if (log != null) {
                log.record(request.deviceId(), "REMOVE meter " + meterCellId);
            }
            cells.remove(key);
        }
        request.context().ifPresent(c -> c.onSuccess(request));
    }

    @Override
    public synchronized Meter getMeter(DeviceId deviceId, MeterCellId cellId) {
        return installed(deviceId).stream().filter(m -> m.meterCellId().equals(cellId)).findFirst().orElse(null);
    }

    @Override
    public synchronized Collection<Meter> getMeters(DeviceId deviceId) {
        return installed(deviceId);
    }
}
