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
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.fairness.impl.CycleInputs.SliceInput;
import org.p4slice.fairness.impl.lending.Redistributor;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.AbstractCapacity;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One fairness cycle: takes the statistics of a poll of the counters (the slicing app's
 * {@link SliceStatsSnapshot}: the rates over the window per slice and device), computes every
 * slice's rates, share and backlog, the fairness figures, the use of every port and link and, in
 * enforce mode, the meter rates for the next interval. No ONOS service: the manager feeds it and
 * applies what it decides; the {@code tools/} module's fairness replay and the benchmark drive it
 * directly.
 * <p>
 * The allocation a slice's share is measured against is the mean of the meter rates in effect
 * during the intervals of its window: the quota, or the rate the slicing app enforces instead, which
 * the manager sets before each run ({@link #setInEffect}; {@link AllocationWindows}).
 * <p>
 * Not thread-safe: used from one thread at a time.
 */
public final class FairnessCycle {

    private final double headroom;
    private final AllocationWindows allocations = new AllocationWindows(1);
    private BitSet known = new BitSet();

    /**
     * Creates a cycle.
     *
     * @param headroom fraction of its quota a lender keeps above its demand (0..1)
     */
    public FairnessCycle(double headroom) {
        checkArgument(headroom >= 0 && headroom <= 1, "headroom must be in [0, 1], got %s", headroom);
        this.headroom = headroom;
    }

    /**
     * Runs one cycle.
     *
     * @param stats     statistics of the poll; a slice's device missing there could not be read
     * @param inputs    slices and resources
     * @param mode      monitor or enforce
     * @param threshold alert threshold, reported as is
     * @return report and rate changes
     */
    public CycleResult run(SliceStatsSnapshot stats, CycleInputs inputs, FairnessMode mode, double threshold) {
        List<SliceInput> slices = inputs.slices();
        int n = slices.size();
        forgetGoneSlices(slices);
        allocations.resize(stats.windowSamples());

        double[] offered = new double[n];
        double[] served = new double[n];
        double[] last = new double[n];
        double[] alloc = new double[n];
        long[] current = new long[n];
        int[] intervals = new int[n];
        List<Map<DeviceId, SliceStats>> perDevice = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SliceInput s = slices.get(i);
            Map<DeviceId, SliceStats> devices = new LinkedHashMap<>();
            for (Map.Entry<DeviceId, SliceStats> e : stats.devices(s.sliceId()).entrySet()) {
                if (s.devices().contains(e.getKey())) {
                    devices.put(e.getKey(), e.getValue());
                }
            }
            for (SliceStats t : devices.values()) {
                if (t.intervals() > 0) {
                    offered[i] = Math.max(offered[i], t.rxBps());
                    served[i] = Math.max(served[i], Math.max(0, t.rxBps() - t.dropBps()));
                    last[i] = Math.max(last[i], t.lastRxBps());
                    intervals[i] = Math.max(intervals[i], t.intervals());
                }
            }
            perDevice.add(devices);
            current[i] = allocations.current(s.id(), s.quotaBps());
            allocations.push(s.id(), current[i]);
            alloc[i] = intervals[i] > 0 ? allocations.mean(s.id(), intervals[i]) : current[i];
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
                              .devices(perDevice.get(i))
                              .build());
        }
        FairnessSummary summary = new FairnessSummary(
                stats.timestamp(), mode, stats.windowSeconds(), FairnessMath.cv(shares, backlogged),
                FairnessMath.jain(shares, backlogged), FairnessMath.maxDeviation(shares, backlogged), n, backlogged);
        FairnessReport report = new FairnessReport(summary, threshold, lines,
                                                   resourceUsage(slices, inputs.resources(), next, served));
        return new CycleResult(report, changes(slices, current, next));
    }

    /**
     * Records that a slice's meter now runs at a rate (after the rate was applied).
     *
     * @param sliceId slice id
     * @param rateBps rate, or 0 for "as the slicing app programmed it" (its quota)
     */
    void setInEffect(int sliceId, long rateBps) {
        allocations.setInEffect(sliceId, rateBps);
    }

    /**
     * Returns the slices whose meter runs at a rate other than as programmed, with that rate.
     *
     * @return slice id to bits per second
     */
    Map<Integer, Long> ratesInEffect() {
        return allocations.ratesInEffect();
    }

    /**
     * Forgets a slice: its meter rate and allocations (it was removed or reprogrammed anew).
     *
     * @param sliceId slice id
     */
    void forgetSlice(int sliceId) {
        allocations.forget(sliceId);
        known.clear(sliceId);
    }

    private void forgetGoneSlices(List<SliceInput> slices) {
        BitSet now = new BitSet(SliceId.ARRAY_SIZE);
        slices.forEach(s -> now.set(s.id()));
        BitSet gone = (BitSet) known.clone();
        gone.andNot(now);
        for (int id = gone.nextSetBit(0); id >= 0; id = gone.nextSetBit(id + 1)) {
            forgetSlice(id);
        }
        known = now;
    }

    private long[] decide(FairnessMode mode, List<SliceInput> slices, List<AbstractCapacity> resources,
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
            boolean fullWindow = intervals[i] >= allocations.window();
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

    // the usage figures, derived from the slicing app's capacity entries in this one place
    private static List<ResourceUsage> resourceUsage(List<SliceInput> slices, List<AbstractCapacity> resources,
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
            out.add(ResourceUsage.of(resources.get(r), effective[r], Math.round(rate[r]), members[r]));
        }
        return out.build();
    }
}
