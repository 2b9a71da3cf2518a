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
package org.p4slice.slicing.impl.stats;

import org.onosproject.net.DeviceId;
import org.p4slice.pipeconf.P4SliceConstants;
import org.p4slice.pipeconf.SliceCounterValues;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Keeps, for every (device, slice) pair, the last counter values read and a ring of the last
 * {@code N + 1} samples of the byte counters made monotonic, from which the rates over the sliding
 * window and over the last interval are computed ({@link CounterRing}).
 * <p>
 * Counter arithmetic: the counters are unsigned, {@code counterBits} wide (64 by default). When a
 * value goes down it either wrapped (the modular difference {@code (cur - prev) mod 2^bits} is less
 * than half the range: the counter passed its maximum and restarted from 0) or was reset (anything
 * else: a slice released and its cells zeroed, a pipeline reload). A reset makes the current values
 * the new baseline: the ring restarts from this sample, so no negative and no made-up rate is ever
 * produced; the rate is unknown until the next sample. Any of the six values of a cell going down
 * without a wrap resets the whole cell (a reset writes all of them).
 * <p>
 * Not thread-safe: used from the statistics poller thread only.
 */
final class CounterRings {

    /** Value {@link #delta} returns for a reset. */
    static final long RESET = -1;

    private final int windowSamples;
    private final long mask;
    private final long half;
    private final Map<DeviceId, CounterRing[]> tracks = new HashMap<>();

    /**
     * Creates a tracker.
     *
     * @param windowSamples N: number of polling intervals in the window, &gt;= 1
     * @param counterBits   width of the counters, 1 to 64
     */
    CounterRings(int windowSamples, int counterBits) {
        checkArgument(windowSamples >= 1, "window must be >= 1 sample, got %s", windowSamples);
        checkArgument(counterBits >= 1 && counterBits <= 64, "counter width must be 1..64 bits, got %s", counterBits);
        this.windowSamples = windowSamples;
        this.mask = counterBits == 64 ? -1L : (1L << counterBits) - 1;
        this.half = 1L << (counterBits - 1);
    }

    /**
     * Returns the number of intervals in the window.
     *
     * @return N
     */
    int windowSamples() {
        return windowSamples;
    }

    /**
     * Returns by how much an unsigned counter advanced between two readings.
     *
     * @param prev previous reading
     * @param cur  current reading
     * @return the increase (modulo the counter width when it wrapped), or {@link #RESET}
     */
    long delta(long prev, long cur) {
        long p = prev & mask;
        long c = cur & mask;
        long d = (c - p) & mask;
        if (Long.compareUnsigned(c, p) >= 0) {
            // an increase of 2^63 or more in one poll is not traffic: treat it as a reset
            return d >= 0 ? d : RESET;
        }
        return Long.compareUnsigned(d, half) < 0 ? d : RESET;
    }

    /**
     * Records one device's reading.
     *
     * @param device device
     * @param nanos  monotonic time of the reading, nanoseconds
     * @param cells  slice id to counter values, as read
     * @param wanted slice ids to keep (the slices on that device); other cells are ignored
     * @return slice ids whose cells were found reset
     */
    BitSet record(DeviceId device, long nanos, Map<Integer, SliceCounterValues> cells, BitSet wanted) {
        CounterRing[] byId = tracks.computeIfAbsent(device, d -> new CounterRing[P4SliceConstants.SLICE_ARRAY_SIZE]);
        BitSet resets = new BitSet();
        for (Map.Entry<Integer, SliceCounterValues> cell : cells.entrySet()) {
            int id = cell.getKey();
            SliceCounterValues v = cell.getValue();
            if (id < 0 || id >= byId.length || !wanted.get(id) || v == null) {
                continue;
            }
            CounterRing t = byId[id];
            if (t == null) {
                t = new CounterRing(windowSamples + 1);
                byId[id] = t;
            }
            if (t.update(this, nanos, v)) {
                resets.set(id);
            }
        }
        return resets;
    }

    /**
     * Returns the track of a slice on a device.
     *
     * @param device  device
     * @param sliceId slice id
     * @return track, or null if the pair was never recorded
     */
    CounterRing track(DeviceId device, int sliceId) {
        CounterRing[] byId = tracks.get(device);
        return byId == null || sliceId < 0 || sliceId >= byId.length ? null : byId[sliceId];
    }

    /**
     * Forgets everything about a device (it could not be read: its next reading is a new baseline).
     *
     * @param device device
     */
    void forgetDevice(DeviceId device) {
        tracks.remove(device);
    }

    /**
     * Forgets every device but the given ones.
     *
     * @param devices devices to keep
     */
    void retainDevices(Set<DeviceId> devices) {
        tracks.keySet().retainAll(devices);
    }

    /**
     * Forgets a slice on every device (it was removed: a new slice with its id starts afresh).
     *
     * @param sliceId slice id
     */
    void forgetSlice(int sliceId) {
        for (CounterRing[] byId : tracks.values()) {
            if (sliceId >= 0 && sliceId < byId.length) {
                byId[sliceId] = null;
            }
        }
    }
}
