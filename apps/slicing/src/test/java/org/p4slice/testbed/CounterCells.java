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
package org.p4slice.testbed;

import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.p4slice.pipeconf.P4SliceConstants;
import org.p4slice.pipeconf.SliceCounterException;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The per-slice counters of one test device: cumulative counts per slice id that the test adds
 * to (one packet per 1000 bytes), a failure it may set, and a record of the reads.
 */
public final class CounterCells extends AbstractHandlerBehaviour implements SliceCounters {

    private final Map<Integer, SliceCounterValues> cells = new HashMap<>();
    /** When set, every read fails with this message. */
    public volatile String failure;
    /** Number of reads (of any kind). */
    public int reads;
    /** The slice ids of each {@link #read(Set)} call, in order. */
    public final List<Set<Integer>> asked = new ArrayList<>();

    /**
     * Adds traffic to a slice's cell.
     *
     * @param slice     slice id
     * @param rxBytes   bytes received (before the meter)
     * @param dropBytes bytes dropped by the meter
     * @param txBytes   bytes sent
     */
    public synchronized void add(int slice, long rxBytes, long dropBytes, long txBytes) {
        cells.merge(slice, new SliceCounterValues(rxBytes / 1000, rxBytes, dropBytes / 1000, dropBytes,
                                                  txBytes / 1000, txBytes), SliceCounterValues::plus);
    }

    @Override
    public synchronized Map<Integer, SliceCounterValues> readAll() {
        reads++;
        if (failure != null) {
            throw new SliceCounterException(failure);
        }
        Map<Integer, SliceCounterValues> out = new TreeMap<>();
        for (int id = 0; id < P4SliceConstants.SLICE_ARRAY_SIZE; id++) {
            out.put(id, cells.getOrDefault(id, SliceCounterValues.ZERO));
        }
        return out;
    }

    @Override
    public synchronized Map<Integer, SliceCounterValues> read(Set<Integer> sliceIds) {
        asked.add(Set.copyOf(sliceIds));
        return SliceCounters.super.read(sliceIds);
    }

    @Override
    public synchronized void reset(int sliceId) {
        cells.remove(sliceId);
    }
}
