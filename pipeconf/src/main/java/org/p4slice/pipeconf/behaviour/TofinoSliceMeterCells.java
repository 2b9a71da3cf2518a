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

import org.onosproject.net.pi.runtime.PiMeterBand;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The slice meter cells of a Tofino switch. Both Tofino agents take byte meters in whole kbit:
 * Stratum converts bytes/s to kbit/s and bytes to kbit by dividing by 125, rounding down
 * ({@code BytesPerSecondToKbits}, {@code bf_sde_wrapper.cc}), and so does P4Studio's PI back end
 * ({@code convert_to_pipe_meter_spec}, {@code pi_resource_specs.c}); both read back kbit x 125.
 * <ul>
 * <li>Written: every rate and burst rounded <em>up</em> to a multiple of {@value #GRANULARITY} bytes,
 *     so that the agent's rounding down never cuts a slice's quota (a quota in whole kbit/s is a
 *     multiple already);</li>
 * <li>read back: the same configuration if every band's rate is within {@value #RATE_ERROR} of the
 *     rounded-up written rate (the error ONOS 2.7's own {@code TofinoMeterProgrammable} allows the
 *     chip's meters) and its burst within {@value #GRANULARITY} bytes of the rounded-up burst.</li>
 * </ul>
 */
public class TofinoSliceMeterCells extends P4RuntimeSliceMeterCells {

    /** Bytes in one kbit: the agents' unit of byte meters. */
    public static final long GRANULARITY = 125;
    /** Relative error allowed between a written rate and the rate read back. */
    public static final double RATE_ERROR = 0.02;

    @Override
    public void write(Collection<PiMeterCellConfig> cells) {
        super.write(cells.stream().map(TofinoSliceMeterCells::roundedUp).collect(Collectors.toList()));
    }

    @Override
    public boolean holds(PiMeterCellConfig written, PiMeterCellConfig onDevice) {
        if (onDevice == null || !written.cellId().equals(onDevice.cellId())
                || !written.meterBands().keySet().equals(onDevice.meterBands().keySet())) {
            return false;
        }
        for (Map.Entry<?, PiMeterBand> band : roundedUp(written).meterBands().entrySet()) {
            PiMeterBand read = onDevice.meterBands().get(band.getKey());
            long rate = band.getValue().rate();
            if (Math.abs(read.rate() - rate) > Math.max(GRANULARITY, RATE_ERROR * rate)
                    || Math.abs(read.burst() - band.getValue().burst()) > GRANULARITY) {
                return false;
            }
        }
        return true;
    }

    /**
     * Returns the configuration with every rate and burst rounded up to a multiple of
     * {@link #GRANULARITY}; a reset (no bands) stays a reset.
     *
     * @param config configuration
     * @return the rounded configuration
     */
    static PiMeterCellConfig roundedUp(PiMeterCellConfig config) {
        if (config.meterBands().isEmpty()) {
            return config;
        }
        PiMeterCellConfig.Builder builder = PiMeterCellConfig.builder().withMeterCellId(config.cellId());
        List<PiMeterBand> bands = List.copyOf(config.meterBands().values());
        for (PiMeterBand band : bands) {
            builder.withMeterBand(new PiMeterBand(band.type(), up(band.rate()), up(band.burst())));
        }
        return builder.build();
    }

    private static long up(long value) {
        return (value + GRANULARITY - 1) / GRANULARITY * GRANULARITY;
    }
}
