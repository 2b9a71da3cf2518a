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
package org.p4slice.pipeconf;

import org.onosproject.net.driver.HandlerBehaviour;
import org.onosproject.net.pi.runtime.PiMeterBand;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.Collection;
import java.util.Map;

/**
 * The cells of the per-slice meter ({@code P4SliceIngress.slice_meter}, cell = slice id) of a
 * p4slice device, written and read over P4Runtime by the slicing app itself.
 * <p>
 * The slicing app owns these cells: it does not go through ONOS's {@code MeterService}, which
 * accepts a chosen cell index only in its cluster-wide {@code userDefinedIndex} mode (which then
 * breaks every other application that lets ONOS pick meter ids, and cannot be switched on again
 * once meters exist, e.g. after a restart), and which compares the rates a device reads back
 * exactly, although bmv2 stores them as doubles (about 1 % of byte rates read back 1 B/s lower).
 * The pipeconf's {@link org.onosproject.net.meter.MeterProgrammable} therefore leaves this
 * meter alone, and the app compares what it reads back with {@link #holds}, which knows the
 * device's rounding (bmv2's by default, {@link #similar}; a Tofino agent's in its pipeconf).
 * <p>
 * Every call talks to the device synchronously; call it from a worker thread, on the instance
 * that is master for the device (P4Runtime refuses writes from the others).
 */
public interface SliceMeterCells extends HandlerBehaviour {

    /** Largest difference in bytes/s (or bytes) between a written and a read-back value that counts as equal. */
    long ABSOLUTE_TOLERANCE = 1;
    /** Largest relative difference between a written and a read-back value that counts as equal. */
    double RELATIVE_TOLERANCE = 1e-4;

    /**
     * Writes the cells (P4Runtime MODIFY, in one write request); a config without bands resets
     * its cell to the device's default (no limit).
     *
     * @param cells cell configurations
     * @throws SliceDeviceException if the device refused any of them or cannot be reached
     */
    void write(Collection<PiMeterCellConfig> cells);

    /**
     * Reads the cells, in one read request.
     *
     * @param cells cells to read
     * @return what the device reported for each cell it answered (a default config has no bands)
     * @throws SliceDeviceException if the device cannot be read
     */
    Map<PiMeterCellId, PiMeterCellConfig> read(Collection<PiMeterCellId> cells);

    /**
     * Tells whether a cell read from this device holds the configuration that was written, up to
     * the device's rounding. By default {@link #similar} (bmv2's rounding); a target whose agent
     * rounds otherwise overrides it.
     *
     * @param written  what was (or should have been) written
     * @param onDevice what the device reports, or null
     * @return true if they are the same configuration
     */
    default boolean holds(PiMeterCellConfig written, PiMeterCellConfig onDevice) {
        return similar(written, onDevice);
    }

    /**
     * Tells whether a cell read from a device holds the configuration that was written, up to
     * bmv2's rounding: every band present in both, each rate and burst within
     * {@link #ABSOLUTE_TOLERANCE} or {@link #RELATIVE_TOLERANCE} of the written one.
     *
     * @param written  what was (or should have been) written
     * @param onDevice what the device reports, or null
     * @return true if they are the same configuration
     */
    static boolean similar(PiMeterCellConfig written, PiMeterCellConfig onDevice) {
        if (onDevice == null || !written.cellId().equals(onDevice.cellId())
                || !written.meterBands().keySet().equals(onDevice.meterBands().keySet())) {
            return false;
        }
        for (Map.Entry<?, PiMeterBand> band : written.meterBands().entrySet()) {
            PiMeterBand other = onDevice.meterBands().get(band.getKey());
            if (!close(band.getValue().rate(), other.rate()) || !close(band.getValue().burst(), other.burst())) {
                return false;
            }
        }
        return true;
    }

    private static boolean close(long written, long read) {
        long difference = Math.abs(written - read);
        return difference <= ABSOLUTE_TOLERANCE || difference <= RELATIVE_TOLERANCE * Math.abs(written);
    }
}
