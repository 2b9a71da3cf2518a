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
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;
import org.p4slice.pipeconf.SliceMeterCells;

import java.util.Collection;
import java.util.Map;

/**
 * The slices' meter cells on the devices, written and read by the slicing app itself (see
 * {@link org.p4slice.pipeconf.SliceMeterCells} for why not through ONOS's meter service).
 */
public interface MeterCellAccess {

    /**
     * Tells whether the device is available (connected).
     *
     * @param device device
     * @return true if it is
     */
    boolean available(DeviceId device);

    /**
     * Tells whether this instance is the device's master, the only one whose writes P4Runtime
     * accepts (the master's own reconciliation writes the cells there).
     *
     * @param device device
     * @return true if {@link #write} can succeed from here
     */
    boolean localMaster(DeviceId device);

    /**
     * Writes cells on a device, in one request.
     *
     * @param device device
     * @param cells  configurations (one without bands resets its cell)
     * @throws RuntimeException naming the device and the cause if the device refused or is unreachable
     */
    void write(DeviceId device, Collection<PiMeterCellConfig> cells);

    /**
     * Reads cells of a device, in one request.
     *
     * @param device device
     * @param cells  cells
     * @return what the device reported, per cell
     * @throws RuntimeException naming the device and the cause if it cannot be read
     */
    Map<PiMeterCellId, PiMeterCellConfig> read(DeviceId device, Collection<PiMeterCellId> cells);

    /**
     * Tells whether a cell read from the device holds what was written, up to the device's
     * rounding (its pipeconf's; by default bmv2's, {@link SliceMeterCells#similar}).
     *
     * @param device   device
     * @param written  what was (or should have been) written
     * @param onDevice what the device reports, or null
     * @return true if they are the same configuration
     */
    default boolean holds(DeviceId device, PiMeterCellConfig written, PiMeterCellConfig onDevice) {
        return SliceMeterCells.similar(written, onDevice);
    }
}
