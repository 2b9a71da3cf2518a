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
package org.p4slice.slicing.programming;

import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.runtime.PiMeterCellConfig;
import org.onosproject.net.pi.runtime.PiMeterCellId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Meter cells that record writes in the shared journal and answer per device: SUCCEED, or FAIL
 * and THROW (both refuse the write with an exception, as a device does).
 */
public class FakeMeterCells implements MeterCells {

    private final List<String> journal;

    /**
     * Creates the fake.
     *
     * @param journal where accepted operations are logged, shared by the fakes of a test
     */
    FakeMeterCells(List<String> journal) {
        this.journal = journal;
    }

    /** Answer to configurations, per device (default SUCCEED). */
    final Map<DeviceId, Answer> submitAnswers = new HashMap<>();
    /** Answer to resets (default SUCCEED). */
    Answer withdrawAnswer = Answer.SUCCEED;
    /** Devices that are not available. */
    final Set<DeviceId> unavailable = new HashSet<>();

    /** Every configuration written (and accepted). */
    final List<PiMeterCellConfig> submitted = new ArrayList<>();
    /** Every reset: device and cell. */
    final List<String> withdrawn = new ArrayList<>();

    @Override
    public synchronized boolean available(DeviceId device) {
        return !unavailable.contains(device);
    }

    @Override
    public boolean localMaster(DeviceId device) {
        return true;
    }

    @Override
    public synchronized void write(DeviceId device, Collection<PiMeterCellConfig> cells) {
        for (PiMeterCellConfig config : cells) {
            PiMeterCellId cell = config.cellId();
            String name = device + " " + cell.meterId() + "[" + cell.index() + "]";
            Answer answer = config.isDefaultConfig() ? withdrawAnswer
                    : submitAnswers.getOrDefault(device, Answer.SUCCEED);
            if (answer != Answer.SUCCEED) {
                throw new IllegalStateException("writing meter cells to " + device + " failed: INVALID_ARGUMENT");
            }
            if (config.isDefaultConfig()) {
                withdrawn.add(name);
                journal.add("meter withdraw " + name);
            } else {
                submitted.add(config);
                journal.add("meter add " + name);
            }
        }
    }

    @Override
    public Map<PiMeterCellId, PiMeterCellConfig> read(DeviceId device, Collection<PiMeterCellId> cells) {
        throw new UnsupportedOperationException("the programmer does not read meter cells");
    }
}
