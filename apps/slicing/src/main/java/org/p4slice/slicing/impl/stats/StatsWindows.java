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
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;

import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The sliding windows over the per-slice counters, fed one poll at a time: turns the counts read
 * into {@link SliceStatsSnapshot}s. No ONOS service (the {@link SliceStatsManager} feeds it what it
 * reads; the fairness replay and benchmark of the tools and tests feed it recorded counts), no
 * thread: one poll at a time.
 * <p>
 * Guarantees: the windows follow {@link CounterRings}'s arithmetic (wrap and reset, never a
 * negative or made-up rate); a slice no longer polled is forgotten, so a new slice with its id starts
 * afresh; a device missing from a poll's readings (it could not be read) restarts its windows at its
 * next reading; the snapshot's window span is the time from the oldest to the newest poll the
 * window covers.
 */
public final class StatsWindows {

    private static final double NANOS_PER_SECOND = 1e9;

    private final CounterRings tracker;
    private final long[] pollTimes;
    private int pollNewest = -1;
    private int pollCount;
    private BitSet known = new BitSet();
    private BitSet resets = new BitSet();

    /**
     * Creates the windows.
     *
     * @param windowSamples N, polling intervals in a full window (&gt;= 1)
     * @param counterBits   counter width in bits (1..64)
     * @throws IllegalArgumentException if a value is out of range
     */
    public StatsWindows(int windowSamples, int counterBits) {
        this.tracker = new CounterRings(windowSamples, counterBits);
        this.pollTimes = new long[windowSamples + 1];
    }

    /**
     * Returns, per device to read, the ids of the slices crossing it (the counter cells to read).
     *
     * @param slices per slice to poll, its devices
     * @return device to slice ids
     */
    public static Map<DeviceId, Set<Integer>> cellsToRead(Map<SliceId, Set<DeviceId>> slices) {
        Map<DeviceId, Set<Integer>> out = new HashMap<>();
        for (Map.Entry<SliceId, Set<DeviceId>> e : slices.entrySet()) {
            for (DeviceId d : e.getValue()) {
                out.computeIfAbsent(d, k -> new TreeSet<>()).add(e.getKey().id());
            }
        }
        return out;
    }

    /**
     * Records one poll and returns its statistics.
     *
     * @param nanos      monotonic time of the poll, nanoseconds
     * @param wallMillis wall-clock time of the poll, milliseconds since the epoch
     * @param readings   per device, the cells read; a device of the slices missing here could not be
     *                   read (its windows restart at its next reading)
     * @param slices     the slices polled, each with its devices
     * @return statistics of every slice polled
     */
    public SliceStatsSnapshot record(long nanos, long wallMillis,
                                     Map<DeviceId, Map<Integer, SliceCounterValues>> readings,
                                     Map<SliceId, Set<DeviceId>> slices) {
        forgetGoneSlices(slices.keySet());
        Map<DeviceId, BitSet> wanted = new HashMap<>();
        for (Map.Entry<SliceId, Set<DeviceId>> e : slices.entrySet()) {
            for (DeviceId d : e.getValue()) {
                wanted.computeIfAbsent(d, k -> new BitSet(P4SliceConstants.SLICE_ARRAY_SIZE)).set(e.getKey().id());
            }
        }
        Set<DeviceId> devices = wanted.keySet();
        tracker.retainDevices(devices);
        resets = new BitSet();
        for (DeviceId d : devices) {
            Map<Integer, SliceCounterValues> cells = readings.get(d);
            if (cells == null) {
                tracker.forgetDevice(d);
            } else {
                resets.or(tracker.record(d, nanos, cells, wanted.get(d)));
            }
        }
        pushPollTime(nanos);
        Map<SliceId, Map<DeviceId, SliceStats>> stats = new LinkedHashMap<>();
        for (Map.Entry<SliceId, Set<DeviceId>> e : slices.entrySet()) {
            Map<DeviceId, SliceStats> perDevice = new HashMap<>();
            for (DeviceId d : e.getValue()) {
                CounterRing t = tracker.track(d, e.getKey().id());
                if (t != null) {
                    perDevice.put(d, t.stats());
                }
            }
            stats.put(e.getKey(), perDevice);
        }
        return new SliceStatsSnapshot(wallMillis, tracker.windowSamples(), windowSeconds(), stats);
    }

    /**
     * Returns the slices whose cells the last poll found reset (their windows restarted).
     *
     * @return slice ids
     */
    public BitSet resets() {
        return (BitSet) resets.clone();
    }

    /**
     * Forgets a slice on every device (it was removed or reprogrammed anew: its next reading is a
     * new baseline).
     *
     * @param sliceId slice id
     */
    public void forgetSlice(int sliceId) {
        tracker.forgetSlice(sliceId);
        known.clear(sliceId);
    }

    private void forgetGoneSlices(Set<SliceId> polled) {
        BitSet now = new BitSet(P4SliceConstants.SLICE_ARRAY_SIZE);
        polled.forEach(id -> now.set(id.id()));
        BitSet gone = (BitSet) known.clone();
        gone.andNot(now);
        for (int id = gone.nextSetBit(0); id >= 0; id = gone.nextSetBit(id + 1)) {
            tracker.forgetSlice(id);
        }
        known = now;
    }

    private void pushPollTime(long nanos) {
        pollNewest = (pollNewest + 1) % pollTimes.length;
        pollTimes[pollNewest] = nanos;
        pollCount = Math.min(pollCount + 1, pollTimes.length);
    }

    private double windowSeconds() {
        if (pollCount < 2) {
            return 0;
        }
        int oldest = Math.floorMod(pollNewest - pollCount + 1, pollTimes.length);
        return (pollTimes[pollNewest] - pollTimes[oldest]) / NANOS_PER_SECOND;
    }
}
