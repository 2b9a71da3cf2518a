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
package org.p4slice.fairness.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.DeviceCounters;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.fairness.impl.CycleInputs.ResourceInput;
import org.p4slice.fairness.impl.CycleInputs.SliceInput;
import org.p4slice.pipeconf.P4SliceConstants;
import org.p4slice.pipeconf.SliceCounterValues;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One fairness cycle: takes the counters read at a poll, updates the windows, computes every
 * slice's rates, share and backlog, the fairness figures, the use of every port and link and, in
 * enforce mode, the meter rates for the next interval. No ONOS service: the manager feeds it and
 * applies what it decides; the {@code tools/} module's fairness replay and the benchmark drive it
 * directly.
 * <p>
 * The allocation a slice's share is measured against is the mean of the meter rates in effect
 * during the intervals of its window (the quota in monitor mode), so that a rate change in enforce
 * mode does not read as unfairness while the window still holds the intervals before it.
 * <p>
 * Not thread-safe: used from one thread at a time.
 */
final class FairnessCycle {

    private static final int IDS = P4SliceConstants.SLICE_ARRAY_SIZE;
    private static final double NANOS_PER_SECOND = 1e9;

    private final CounterTracker tracker;
    private final int window;
    private final double headroom;
    private final long[] pollTimes;
    private int pollNewest = -1;
    private int pollCount;
    /** Meter rate in effect per slice id; 0 = as the slicing app programmed it (the quota). */
    private final long[] inEffect = new long[IDS];
    private final double[][] allocRing = new double[IDS][];
    private final int[] allocCount = new int[IDS];
    private final int[] allocNext = new int[IDS];
    private BitSet known = new BitSet();

    /**
     * Creates a cycle.
     *
     * @param windowSamples N, polling intervals in the window (&gt;= 1)
     * @param counterBits   counter width in bits (1..64)
     * @param headroom      fraction of its quota a lender keeps above its demand (0..1)
     */
    FairnessCycle(int windowSamples, int counterBits, double headroom) {
        checkArgument(headroom >= 0 && headroom <= 1, "headroom must be in [0, 1], got %s", headroom);
        this.tracker = new CounterTracker(windowSamples, counterBits);
        this.window = windowSamples;
        this.headroom = headroom;
        this.pollTimes = new long[windowSamples + 1];
    }

    /**
     * Runs one cycle.
     *
     * @param nanos      monotonic time of the poll, nanoseconds
     * @param wallMillis wall-clock time of the poll, milliseconds since the epoch
     * @param readings   per device, the cells read; a device of the inputs missing here could not be
     *                   read (its windows restart at its next reading)
     * @param inputs     slices and resources
     * @param mode       monitor or enforce
     * @param threshold  alert threshold, reported as is
     * @return report and rate changes
     */
    CycleResult run(long nanos, long wallMillis, Map<DeviceId, Map<Integer, SliceCounterValues>> readings,
                    CycleInputs inputs, FairnessMode mode, double threshold) {
        List<SliceInput> slices = inputs.slices();
        int n = slices.size();
        forgetGoneSlices(slices);
        BitSet resets = record(nanos, readings, inputs);
        pushPollTime(nanos);

        double[] offered = new double[n];
        double[] served = new double[n];
        double[] last = new double[n];
        double[] alloc = new double[n];
        long[] current = new long[n];
        int[] intervals = new int[n];
        List<List<DeviceCounters>> counters = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SliceInput s = slices.get(i);
            List<DeviceCounters> perDevice = new ArrayList<>(s.devices().size());
            for (DeviceId d : s.devices()) {
                CounterTracker.Track t = tracker.track(d, s.id());
                if (t == null) {
                    continue;
                }
                perDevice.add(DeviceCounters.builder(d)
                                      .rx(t.rxPackets(), t.rxBytes()).drop(t.dropPackets(), t.dropBytes())
                                      .tx(t.txPackets(), t.txBytes())
                                      .rates(Math.round(t.rxBps()), Math.round(t.dropBps()), Math.round(t.txBps()))
                                      .build());
                if (t.hasRate()) {
                    offered[i] = Math.max(offered[i], t.rxBps());
                    served[i] = Math.max(served[i], Math.max(0, t.rxBps() - t.dropBps()));
                    last[i] = Math.max(last[i], t.lastRxBps());
                    intervals[i] = Math.max(intervals[i], t.intervals());
                }
            }
            counters.add(perDevice);
            current[i] = inEffect[s.id()] > 0 ? inEffect[s.id()] : s.quotaBps();
            pushAllocation(s.id(), current[i]);
            alloc[i] = intervals[i] > 0 ? meanAllocation(s.id(), intervals[i]) : current[i];
        }

        long[] next = decide(mode, slices, inputs.resources(), offered, last, intervals, current);
        List<SliceFairness> lines = new ArrayList<>(n);
        double[] shares = new double[n];
        int backlogged = 0;
        for (int i = 0; i < n; i++) {
            SliceInput s = slices.get(i);
            double share = FairnessMath.share(served[i], alloc[i]);
            boolean isBacklogged = intervals[i] > 0 && FairnessMath.isBacklogged(offered[i], alloc[i]);
            if (isBacklogged) {
                shares[backlogged++] = share;
            }
            lines.add(SliceFairness.builder(s.sliceId()).tenant(s.tenant())
                              .quota(s.quotaBps(), Math.round(alloc[i]))
                              .rates(Math.round(offered[i]), Math.round(served[i]))
                              .fairness(share, isBacklogged ? FairnessMath.deviation(share) : 0, isBacklogged)
                              .devices(counters.get(i))
                              .build());
        }
        FairnessSummary summary = new FairnessSummary(
                wallMillis, mode, windowSeconds(), FairnessMath.cv(shares, backlogged),
                FairnessMath.jain(shares, backlogged), FairnessMath.maxDeviation(shares, backlogged), n, backlogged);
        FairnessReport report = new FairnessReport(summary, threshold, lines,
                                                   resourceUsage(slices, inputs.resources(), next, served));
        return new CycleResult(report, changes(slices, current, next), resets);
    }

    /**
     * Records that a slice's meter now runs at a rate (after the rate was applied).
     *
     * @param sliceId slice id
     * @param rateBps rate, or 0 for "as the slicing app programmed it" (its quota)
     */
    void setInEffect(int sliceId, long rateBps) {
        inEffect[sliceId] = Math.max(0, rateBps);
    }

    /**
     * Takes over the meter rates in effect that another cycle recorded (when the configuration
     * changes and the windows are rebuilt, the meters keep running at their rates).
     *
     * @param other previous cycle
     */
    void takeRatesFrom(FairnessCycle other) {
        System.arraycopy(other.inEffect, 0, inEffect, 0, IDS);
    }

    /**
     * Returns the slices whose meter runs at a rate other than as programmed, with that rate.
     *
     * @return slice id to bits per second
     */
    Map<Integer, Long> ratesInEffect() {
        Map<Integer, Long> rates = new HashMap<>();
        for (int id = 0; id < IDS; id++) {
            if (inEffect[id] > 0) {
                rates.put(id, inEffect[id]);
            }
        }
        return rates;
    }

    /**
     * Forgets a slice: counters, windows and meter rate (it was removed or reprogrammed anew).
     *
     * @param sliceId slice id
     */
    void forgetSlice(int sliceId) {
        tracker.forgetSlice(sliceId);
        inEffect[sliceId] = 0;
        allocCount[sliceId] = 0;
        allocNext[sliceId] = 0;
        known.clear(sliceId);
    }

    private void forgetGoneSlices(List<SliceInput> slices) {
        BitSet now = new BitSet(IDS);
        slices.forEach(s -> now.set(s.id()));
        BitSet gone = (BitSet) known.clone();
        gone.andNot(now);
        for (int id = gone.nextSetBit(0); id >= 0; id = gone.nextSetBit(id + 1)) {
            forgetSlice(id);
        }
        known = now;
    }

    private BitSet record(long nanos, Map<DeviceId, Map<Integer, SliceCounterValues>> readings,
                          CycleInputs inputs) {
        Map<DeviceId, BitSet> wanted = new HashMap<>();
        for (SliceInput s : inputs.slices()) {
            for (DeviceId d : s.devices()) {
                wanted.computeIfAbsent(d, k -> new BitSet(IDS)).set(s.id());
            }
        }
        tracker.retainDevices(inputs.devices());
        BitSet resets = new BitSet();
        for (DeviceId d : inputs.devices()) {
            Map<Integer, SliceCounterValues> cells = readings.get(d);
            if (cells == null) {
                tracker.forgetDevice(d);
            } else {
                resets.or(tracker.record(d, nanos, cells, wanted.get(d)));
            }
        }
        return resets;
    }

    private long[] decide(FairnessMode mode, List<SliceInput> slices, List<ResourceInput> resources,
                          double[] offered, double[] last, int[] intervals, long[] current) {
        int n = slices.size();
        long[] quota = new long[n];
        for (int i = 0; i < n; i++) {
            quota[i] = slices.get(i).quotaBps();
        }
        if (mode != FairnessMode.ENFORCE) {
            return quota;
        }
        double[] demand = new double[n];
        int[][] resourcesOf = new int[n][];
        for (int i = 0; i < n; i++) {
            // a slice lends only what a full window saw unused; until then it keeps its quota
            boolean fullWindow = intervals[i] >= window;
            demand[i] = fullWindow || offered[i] >= quota[i] ? Math.max(offered[i], last[i]) : quota[i];
            resourcesOf[i] = slices.get(i).resources();
        }
        long[] usable = new long[resources.size()];
        for (int r = 0; r < usable.length; r++) {
            usable[r] = resources.get(r).usableBps();
        }
        Redistributor.Allocation a = Redistributor.allocate(quota, demand, last, current, resourcesOf, usable,
                                                            headroom);
        long[] next = new long[n];
        for (int i = 0; i < n; i++) {
            next[i] = a.effective(i);
        }
        return next;
    }

    private static List<RateChange> changes(List<SliceInput> slices, long[] current, long[] next) {
        List<RateChange> down = new ArrayList<>();
        List<RateChange> up = new ArrayList<>();
        for (int i = 0; i < next.length; i++) {
            if (next[i] < current[i]) {
                down.add(new RateChange(slices.get(i).id(), current[i], next[i], slices.get(i).quotaBps()));
            } else if (next[i] > current[i]) {
                up.add(new RateChange(slices.get(i).id(), current[i], next[i], slices.get(i).quotaBps()));
            }
        }
        down.addAll(up);
        return down;
    }

    private static List<ResourceUsage> resourceUsage(List<SliceInput> slices, List<ResourceInput> resources,
                                                     long[] next, double[] served) {
        int m = resources.size();
        long[] effective = new long[m];
        double[] rate = new double[m];
        int[] members = new int[m];
        for (int i = 0; i < slices.size(); i++) {
            for (int r : slices.get(i).resources()) {
                effective[r] += next[i];
                rate[r] += served[i];
                members[r]++;
            }
        }
        ImmutableList.Builder<ResourceUsage> out = ImmutableList.builder();
        for (int r = 0; r < m; r++) {
            ResourceInput in = resources.get(r);
            if (in.kind() == ResourceUsage.Kind.PORT) {
                out.add(ResourceUsage.port(in.src(), in.capacityBps(), in.guardBand(), in.allocatedBps(),
                                           effective[r], Math.round(rate[r]), members[r]));
            } else {
                out.add(ResourceUsage.link(in.src(), in.dst(), in.capacityBps(), in.guardBand(), in.allocatedBps(),
                                           effective[r], Math.round(rate[r]), members[r]));
            }
        }
        return out.build();
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

    private void pushAllocation(int id, long rate) {
        double[] ring = allocRing[id];
        if (ring == null) {
            ring = new double[window];
            allocRing[id] = ring;
        }
        ring[allocNext[id]] = rate;
        allocNext[id] = (allocNext[id] + 1) % window;
        allocCount[id] = Math.min(allocCount[id] + 1, window);
    }

    private double meanAllocation(int id, int intervals) {
        int k = Math.min(intervals, allocCount[id]);
        double[] ring = allocRing[id];
        double sum = 0;
        for (int j = 1; j <= k; j++) {
            sum += ring[Math.floorMod(allocNext[id] - j, window)];
        }
        return sum / k;
    }
}
