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

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Per-slice traffic counters of a p4slice device ({@code slice_rx_counter},
 * {@code slice_drop_counter}, {@code slice_tx_counter}, one cell per slice id).
 * <p>
 * A behaviour of the p4slice pipeconfs: obtain it for a device through its driver handler, e.g.
 * {@code driverService.createHandler(deviceId).behaviour(SliceCounters.class)}. Every call talks
 * to the device synchronously over P4Runtime; call it from a worker thread, never from an event
 * listener. The slicing app resets the cells of a released slice, and its statistics
 * ({@code org.p4slice.slicing.impl.stats}) poll {@link #read(Set)}: the one reader of these counters.
 */
public interface SliceCounters extends HandlerBehaviour {

    /**
     * Reads every cell of the three per-slice counters, with one wildcard read per counter
     * (all three in one P4Runtime read request), never one read per slice.
     * <p>
     * The result has an entry for every cell index the device reported, i.e. normally all
     * {@link P4SliceConstants#SLICE_ARRAY_SIZE} of them; a counter that did not report a cell
     * contributes zeros to that entry. Key {@code 0} is the "no slice" cell: traffic that
     * matched no slice (received, and dropped by the classifier's deny); it has no tx counts.
     *
     * @return slice id to its counts, iteration in ascending slice id
     * @throws SliceCounterException if the device cannot be read
     */
    Map<Integer, SliceCounterValues> readAll();

    /**
     * Reads the cells of the given slices of the three per-slice counters, in one P4Runtime read
     * request. Implementations ask for exactly those cells while there are few of them, so that a
     * software switch is not made to serialise thousands of idle cells every polling period, and
     * fall back to {@link #readAll()}'s wildcard reads for many slices; this default filters
     * {@link #readAll()}.
     *
     * @param sliceIds slice ids (cell indices)
     * @return for each requested slice the device reported, its counts, ascending slice id
     * @throws SliceCounterException if the device cannot be read
     */
    default Map<Integer, SliceCounterValues> read(Set<Integer> sliceIds) {
        Map<Integer, SliceCounterValues> all = readAll();
        Map<Integer, SliceCounterValues> wanted = new TreeMap<>();
        for (Integer id : sliceIds) {
            SliceCounterValues v = all.get(id);
            if (v != null) {
                wanted.put(id, v);
            }
        }
        return wanted;
    }

    /**
     * Sets the packet and byte counts of the slice's cell to zero in the three per-slice
     * counters, in one P4Runtime write request.
     *
     * @param sliceId slice id, {@link P4SliceConstants#MIN_SLICE_ID} to
     *                {@link P4SliceConstants#MAX_SLICE_ID}
     * @throws IllegalArgumentException if the slice id is out of range (nothing is written)
     * @throws SliceCounterException    if the device refused or could not be reached
     */
    void reset(int sliceId);
}
