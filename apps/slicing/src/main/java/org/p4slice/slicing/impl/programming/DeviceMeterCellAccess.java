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
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.pipeconf.SliceMeterCells;

import java.util.Collection;
import java.util.Map;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * {@link MeterCellAccess} through the devices' {@link SliceMeterCells} behaviour (the p4slice
 * pipeconf's), on the instance that is master for the device.
 */
public final class DeviceMeterCellAccess implements MeterCellAccess {

    private final DeviceService deviceService;
    private final DeviceBehaviours devices;
    private final MastershipService mastershipService;

    /**
     * Creates the meter cell access.
     *
     * @param deviceService     devices' availability
     * @param devices           the devices' behaviours
     * @param mastershipService which instance writes to a device
     */
    public DeviceMeterCellAccess(DeviceService deviceService, DeviceBehaviours devices,
                                 MastershipService mastershipService) {
        this.deviceService = checkNotNull(deviceService);
        this.devices = checkNotNull(devices);
        this.mastershipService = checkNotNull(mastershipService);
    }

    @Override
    public boolean available(DeviceId device) {
        return deviceService.isAvailable(device);
    }

    @Override
    public boolean localMaster(DeviceId device) {
        return mastershipService.isLocalMaster(device);
    }

    @Override
    public void write(DeviceId device, Collection<PiMeterCellConfig> cells) {
        behaviour(device).write(cells);
    }

    @Override
    public Map<PiMeterCellId, PiMeterCellConfig> read(DeviceId device, Collection<PiMeterCellId> cells) {
        return behaviour(device).read(cells);
    }

    @Override
    public boolean holds(DeviceId device, PiMeterCellConfig written, PiMeterCellConfig onDevice) {
        return behaviour(device).holds(written, onDevice);
    }

    private SliceMeterCells behaviour(DeviceId id) {
        return devices.require(id, SliceMeterCells.class, "meter cells");
    }
}
