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

import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellHandle;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.onosproject.p4runtime.api.P4RuntimeReadClient.ReadResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;
import org.p4slice.pipeconf.SliceDeviceException;
import org.p4slice.pipeconf.SliceMeterCells;
import org.p4slice.pipeconf.behaviour.P4RuntimeAccess.P4RuntimeAccessException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static java.lang.String.format;

/**
 * {@link SliceMeterCells} over the device's P4Runtime client (see {@link P4RuntimeAccess}).
 */
public class P4RuntimeSliceMeterCells extends AbstractHandlerBehaviour implements SliceMeterCells {

    @Override
    public void write(Collection<PiMeterCellConfig> cells) {
        if (cells.isEmpty()) {
            return;
        }
        P4RuntimeAccess p4rt = access("write meter cells");
        WriteResponse response;
        try {
            response = p4rt.client().write(p4rt.p4DeviceId(), p4rt.pipeconf()).modify(cells).submitSync();
        } catch (RuntimeException e) {
            throw new SliceDeviceException(format("writing %d meter cells to %s failed: %s",
                                                  cells.size(), p4rt.deviceId(), e.getMessage()), e);
        }
        if (!response.isSuccess()) {
            throw new SliceDeviceException(format("writing meter cells to %s failed: %s", p4rt.deviceId(),
                                                  WriteResponses.describe(response)));
        }
    }

    @Override
    public Map<PiMeterCellId, PiMeterCellConfig> read(Collection<PiMeterCellId> cells) {
        Map<PiMeterCellId, PiMeterCellConfig> result = new LinkedHashMap<>();
        if (cells.isEmpty()) {
            return result;
        }
        P4RuntimeAccess p4rt = access("read meter cells");
        List<PiMeterCellHandle> handles = cells.stream()
                .map(cell -> PiMeterCellHandle.of(p4rt.deviceId(), cell)).collect(Collectors.toList());
        ReadResponse response;
        try {
            response = p4rt.client().read(p4rt.p4DeviceId(), p4rt.pipeconf()).handles(handles).submitSync();
        } catch (RuntimeException e) {
            throw new SliceDeviceException(format("reading %d meter cells of %s failed: %s",
                                                  cells.size(), p4rt.deviceId(), e.getMessage()), e);
        }
        if (!response.isSuccess()) {
            throw new SliceDeviceException(format("reading meter cells of %s failed: %s", p4rt.deviceId(),
                                                  response.explanation()), response.throwable());
        }
        for (PiMeterCellConfig config : response.all(PiMeterCellConfig.class)) {
            result.put(config.cellId(), config);
        }
        return result;
    }

    private P4RuntimeAccess access(String operation) {
        try {
            return P4RuntimeAccess.of(handler());
        } catch (P4RuntimeAccessException e) {
            throw new SliceDeviceException(format("cannot %s: %s", operation, e.getMessage()), e);
        }
    }
}
