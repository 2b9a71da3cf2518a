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

import com.google.common.collect.ImmutableSortedMap;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterType;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiCounterCellHandle;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.p4runtime.api.P4RuntimeReadClient.ReadRequest;
import org.onosproject.p4runtime.api.P4RuntimeReadClient.ReadResponse;
import org.onosproject.p4runtime.api.P4RuntimeWriteClient.WriteResponse;
import org.p4slice.pipeconf.SliceCounterException;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.pipeconf.SliceCounters;
import org.p4slice.pipeconf.behaviour.P4RuntimeAccess.P4RuntimeAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkArgument;
import static java.lang.String.format;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_SLICE_TX_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_DROP_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_SLICE_RX_COUNTER;
import static org.p4slice.pipeconf.P4SliceConstants.MAX_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.MIN_SLICE_ID;
import static org.p4slice.pipeconf.P4SliceConstants.SLICE_ARRAY_SIZE;

/**
 * {@link SliceCounters} over ONOS's P4Runtime client ({@code onos-protocols-p4runtime-api}).
 * <p>
 * {@link #read(Set)} asks for the given slices' cells (up to {@link #CELL_READ_LIMIT} slices; on
 * bmv2, serialising all 3 x 4096 cells every second was measured to delay the slices' packets).
 * {@link #readAll()} sends one P4Runtime Read with one wildcard {@code CounterEntry} per counter
 * ({@code P4RuntimeReadClient.ReadRequest#counterCells(Iterable)}), so the device answers with
 * every cell of the three counters in one round trip. {@link #reset(int)} sends one Write with
 * three MODIFY updates of {@link PiCounterCell}s holding zero packets and bytes (ONOS 2.7's
 * {@code CounterEntryCodec} encodes the cell data; P4Runtime allows only MODIFY on counters).
 */
public class P4RuntimeSliceCounters extends AbstractHandlerBehaviour implements SliceCounters {

    /** The per-slice counters, in the order rx, drop, tx. */
    static final List<PiCounterId> COUNTERS =
            List.of(INGRESS_SLICE_RX_COUNTER, INGRESS_SLICE_DROP_COUNTER, EGRESS_SLICE_TX_COUNTER);

    /** Up to this many slices, {@link #read(Set)} asks for their cells; beyond, it reads every cell. */
    static final int CELL_READ_LIMIT = 256;

    private final Logger log = LoggerFactory.getLogger(getClass());

    @Override
    public Map<Integer, SliceCounterValues> readAll() {
        P4RuntimeAccess p4rt = access("read the per-slice counters");
        ReadRequest request = p4rt.client().read(p4rt.p4DeviceId(), p4rt.pipeconf()).counterCells(COUNTERS);
        return collect(p4rt, submit(p4rt, request));
    }

    /**
     * {@inheritDoc}
     * <p>
     * Up to {@link #CELL_READ_LIMIT} slices: one Read with one {@code CounterEntry} per slice and
     * counter (3 per slice); more: {@link #readAll()} filtered.
     */
    @Override
    public Map<Integer, SliceCounterValues> read(Set<Integer> sliceIds) {
        if (sliceIds.size() > CELL_READ_LIMIT) {
            return SliceCounters.super.read(sliceIds);
        }
        if (sliceIds.isEmpty()) {
            return ImmutableSortedMap.of();
        }
        TreeSet<Integer> ids = new TreeSet<>(sliceIds);
        checkArgument(ids.first() >= 0 && ids.last() < SLICE_ARRAY_SIZE, "slice ids %s are not all in 0..%s", ids,
                      SLICE_ARRAY_SIZE - 1);
        P4RuntimeAccess p4rt = access("read the per-slice counters");
        List<PiCounterCellHandle> cells = new ArrayList<>();
        for (PiCounterId counter : COUNTERS) {
            for (Integer id : ids) {
                cells.add(PiCounterCellHandle.of(p4rt.deviceId(), PiCounterCellId.ofIndirect(counter, id)));
            }
        }
        ReadRequest request = p4rt.client().read(p4rt.p4DeviceId(), p4rt.pipeconf()).handles(cells);
        return collect(p4rt, submit(p4rt, request));
    }

    private static ReadResponse submit(P4RuntimeAccess p4rt, ReadRequest request) {
        ReadResponse response;
        try {
            response = request.submitSync();
        } catch (RuntimeException e) {
            throw new SliceCounterException(format(
                    "reading the per-slice counters of %s failed: %s", p4rt.deviceId(), e.getMessage()), e);
        }
        if (!response.isSuccess()) {
            throw new SliceCounterException(format("reading the per-slice counters of %s failed: %s",
                    p4rt.deviceId(), response.explanation()), response.throwable());
        }
        return response;
    }

    private Map<Integer, SliceCounterValues> collect(P4RuntimeAccess p4rt, ReadResponse response) {
        Map<Integer, long[]> counts = new TreeMap<>();
        boolean[] reported = new boolean[COUNTERS.size()];
        for (PiCounterCell cell : response.all(PiCounterCell.class)) {
            PiCounterCellId id = cell.cellId();
            int counter = COUNTERS.indexOf(id.counterId());
            if (counter < 0 || id.counterType() != PiCounterType.INDIRECT) {
                continue;
            }
            if (id.index() < 0 || id.index() >= SLICE_ARRAY_SIZE) {
                log.warn("Ignoring cell {} of {} on {}: index outside 0..{}",
                         id.index(), id.counterId(), p4rt.deviceId(), SLICE_ARRAY_SIZE - 1);
                continue;
            }
            reported[counter] = true;
            long[] values = counts.computeIfAbsent((int) id.index(), k -> new long[2 * COUNTERS.size()]);
            values[2 * counter] = cell.data().packets();
            values[2 * counter + 1] = cell.data().bytes();
        }
        for (int i = 0; i < reported.length; i++) {
            if (!reported[i]) {
                throw new SliceCounterException(format(
                        "device %s returned no cells of counter %s", p4rt.deviceId(), COUNTERS.get(i)));
            }
        }
        ImmutableSortedMap.Builder<Integer, SliceCounterValues> result = ImmutableSortedMap.naturalOrder();
        for (Map.Entry<Integer, long[]> entry : counts.entrySet()) {
            long[] v = entry.getValue();
            try {
                result.put(entry.getKey(), new SliceCounterValues(v[0], v[1], v[2], v[3], v[4], v[5]));
            } catch (IllegalArgumentException e) {
                throw new SliceCounterException(format("device %s returned an invalid cell %d: %s",
                        p4rt.deviceId(), entry.getKey(), e.getMessage()), e);
            }
        }
        return result.build();
    }

    @Override
    public void reset(int sliceId) {
        checkArgument(sliceId >= MIN_SLICE_ID && sliceId <= MAX_SLICE_ID,
                      "slice id %s is outside %s..%s", sliceId, MIN_SLICE_ID, MAX_SLICE_ID);
        P4RuntimeAccess p4rt = access(format("reset the counters of slice %d", sliceId));
        List<PiCounterCell> zeros = COUNTERS.stream()
                .map(counter -> new PiCounterCell(PiCounterCellId.ofIndirect(counter, sliceId), 0, 0))
                .collect(Collectors.toList());
        WriteResponse response;
        try {
            response = p4rt.client().write(p4rt.p4DeviceId(), p4rt.pipeconf()).modify(zeros).submitSync();
        } catch (RuntimeException e) {
            throw new SliceCounterException(format("resetting the counters of slice %d on %s failed: %s",
                    sliceId, p4rt.deviceId(), e.getMessage()), e);
        }
        if (!response.isSuccess()) {
            throw new SliceCounterException(format("resetting the counters of slice %d on %s failed: %s",
                    sliceId, p4rt.deviceId(), WriteResponses.describe(response)));
        }
    }

    private P4RuntimeAccess access(String operation) {
        try {
            return P4RuntimeAccess.of(handler());
        } catch (P4RuntimeAccessException e) {
            throw new SliceCounterException(format("cannot %s: %s", operation, e.getMessage()), e);
        }
    }
}
