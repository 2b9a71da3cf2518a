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

import org.p4slice.slicing.impl.admission.AdmissionControl;
import org.p4slice.slicing.impl.admission.AdmissionSettings;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.fairness.impl.CycleInputs.SliceInput;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.impl.stats.StatsWindows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * One fairness cycle end to end on hand-made counters, through the slicing app's statistics windows
 * (as the manager gets them).
 */
public class FairnessCycleTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final TenantId ITB = TenantId.of("itb");
    private static final long SECOND = 1_000_000_000L;
    private static final long M = 1_000_000L;
    private static final double EPS = 1e-9;

    /** Cumulative counters per device and slice: rx, drop, tx bytes. */
    private final Map<DeviceId, Map<Integer, long[]>> counters = new HashMap<>();

    private void add(DeviceId d, int slice, long rxBytes, long dropBytes, long txBytes) {
        long[] c = counters.computeIfAbsent(d, k -> new HashMap<>()).computeIfAbsent(slice, k -> new long[3]);
        c[0] += rxBytes;
        c[1] += dropBytes;
        c[2] += txBytes;
    }

    private Map<DeviceId, Map<Integer, SliceCounterValues>> readings() {
        Map<DeviceId, Map<Integer, SliceCounterValues>> r = new HashMap<>();
        counters.forEach((d, cells) -> {
            Map<Integer, SliceCounterValues> m = new HashMap<>();
            cells.forEach((id, c) -> m.put(id, new SliceCounterValues(c[0] / 1000, c[0], c[1] / 1000, c[1],
                                                                      c[2] / 1000, c[2])));
            r.put(d, m);
        });
        return r;
    }

    private static SliceInput slice(int id, long quota, int... resources) {
        return new SliceInput(SliceId.of(id), ITB, quota, ImmutableSet.of(S1), resources);
    }

    private static PortCapacity port(int port, long allocated) {
        return PortCapacity.of(ConnectPoint.deviceConnectPoint(S1 + "/" + port), 100 * M, 0.05, allocated,
                               AdmissionControl.usableBps(100 * M, AdmissionSettings.DEFAULTS) - allocated);
    }

    /** A fairness cycle fed by the statistics windows over the counters, as in the apps. */
    private static final class Rig {
        private final StatsWindows windows;
        private final FairnessCycle cycle = new FairnessCycle(0.1);

        Rig(int window) {
            windows = new StatsWindows(window, 64);
        }

        CycleResult run(long nanos, long wallMillis, Map<DeviceId, Map<Integer, SliceCounterValues>> readings,
                        CycleInputs in, FairnessMode mode, double threshold) {
            return cycle.run(windows.record(nanos, wallMillis, readings, in.devicesBySlice()), in, mode, threshold);
        }

        void setInEffect(int sliceId, long rateBps) {
            cycle.setInEffect(sliceId, rateBps);
        }

        Map<Integer, Long> ratesInEffect() {
            return cycle.ratesInEffect();
        }
    }

    /**
     * Slice 10 (quota 10M) offers 20 Mbit/s and gets 9.5 (share 0.95); slice 30 (quota 20M) offers
     * 30 and gets 20 (share 1.0); slice 20 (quota 10M) offers 5 (not backlogged). Shares of the
     * backlogged: 0.95 and 1.0: mean 0.975, sigma 0.025, CV 0.025641; Jain 1.95^2 / (2 * 1.9025)
     * = 0.9993430; max deviation 0.05.
     */
    @Test
    public void monitorReport() {
        Rig cycle = new Rig(5);
        CycleInputs in = new CycleInputs(ImmutableList.of(slice(10, 10 * M, 0, 2), slice(20, 10 * M, 1, 2),
                                                          slice(30, 20 * M, 2)),
                                         ImmutableList.of(port(1, 10 * M), port(2, 10 * M), port(3, 40 * M)));
        add(S1, 10, 0, 0, 0);
        add(S1, 20, 0, 0, 0);
        add(S1, 30, 0, 0, 0);
        FairnessReport first = cycle.run(0, 1000, readings(), in, FairnessMode.MONITOR, 0.05).report();
        assertEquals("no rate yet: nothing backlogged", 0, first.summary().backlogged());
        assertEquals(0.0, first.windowSeconds(), EPS);
        for (int i = 1; i <= 2; i++) {
            add(S1, 10, 2_500_000, 1_312_500, 1_187_500);
            add(S1, 20, 625_000, 0, 625_000);
            add(S1, 30, 3_750_000, 1_250_000, 2_500_000);
        }
        CycleResult result = cycle.run(2 * SECOND, 3000, readings(), in, FairnessMode.MONITOR, 0.05);
        FairnessReport r = result.report();
        assertTrue(result.changes().isEmpty());
        assertEquals(3000L, r.timestamp());
        assertEquals(2.0, r.windowSeconds(), EPS);
        assertEquals(2, r.summary().backlogged());
        assertEquals(0.025 / 0.975, r.cv(), EPS);
        assertEquals(1.95 * 1.95 / (2 * 1.9025), r.jain(), EPS);
        assertEquals(0.05, r.maxDeviation(), 1e-9);

        SliceFairness s10 = r.slice(SliceId.of(10)).orElseThrow();
        assertEquals(20 * M, s10.offeredBps());
        assertEquals(9_500_000L, s10.rateBps());
        assertEquals(10 * M, s10.allocationBps());
        assertEquals(0.95, s10.share(), EPS);
        assertEquals(0.05, s10.deviation(), EPS);
        assertTrue(s10.backlogged());
        assertEquals(ITB, s10.tenant().orElseThrow());
        assertEquals(1, s10.devices().size());
        assertEquals(5_000_000L, s10.devices().get(S1).rxBytes());
        assertEquals(9_500_000L, s10.devices().get(S1).txBps());
        assertEquals(10_500_000L, s10.devices().get(S1).dropBps());
        assertEquals(5_000_000L, s10.stats().rxBytes());
        assertEquals(20 * M, s10.stats().rxBps());

        SliceFairness s20 = r.slice(SliceId.of(20)).orElseThrow();
        assertFalse(s20.backlogged());
        assertEquals(0.5, s20.share(), EPS);
        assertEquals("a slice below its quota is not treated unfairly", 0.0, s20.deviation(), EPS);

        ResourceUsage shared = r.resources().get(2);
        assertEquals(ConnectPoint.deviceConnectPoint(S1 + "/3"), shared.src());
        assertEquals(3, shared.slices());
        assertEquals(40 * M, shared.capacity().allocatedBps());
        assertEquals(40 * M, shared.effectiveBps());
        assertEquals(9_500_000L + 5 * M + 20 * M, shared.rateBps());
        assertEquals(0.345, shared.utilisation(), EPS);
    }

    @Test
    public void sliceOnTwoSwitchesCountsItsBusiestOne() {
        Rig cycle = new Rig(5);
        SliceInput s = new SliceInput(SliceId.of(40), ITB, 10 * M, ImmutableSet.of(S1, S2), new int[0]);
        CycleInputs in = new CycleInputs(ImmutableList.of(s), ImmutableList.of());
        add(S1, 40, 0, 0, 0);
        add(S2, 40, 0, 0, 0);
        cycle.run(0, 0, readings(), in, FairnessMode.MONITOR, 0.05);
        // s1 gets 20 Mbit/s from the host, drops 10; s2 gets the 10 that crossed the trunk
        add(S1, 40, 2_500_000, 1_250_000, 1_250_000);
        add(S2, 40, 1_250_000, 0, 1_250_000);
        SliceFairness line = cycle.run(SECOND, 1000, readings(), in, FairnessMode.MONITOR, 0.05).report()
                .slice(SliceId.of(40)).orElseThrow();
        assertEquals(20 * M, line.offeredBps());
        assertEquals(10 * M, line.rateBps());
        assertEquals(1.0, line.share(), EPS);
        assertEquals(2, line.devices().size());
        // statistics sum the devices
        assertEquals(3_750_000L, line.stats().rxBytes());
        assertEquals(30 * M, line.stats().rxBps());
        assertEquals(20 * M, line.stats().txBps());
    }

    @Test
    public void unreadableDeviceRestartsItsWindow() {
        Rig cycle = new Rig(5);
        CycleInputs in = new CycleInputs(ImmutableList.of(slice(10, 10 * M)), ImmutableList.of());
        add(S1, 10, 0, 0, 0);
        cycle.run(0, 0, readings(), in, FairnessMode.MONITOR, 0.05);
        add(S1, 10, 1_250_000, 0, 1_250_000);
        FairnessReport gap = cycle.run(SECOND, 0, ImmutableMap.of(), in, FairnessMode.MONITOR, 0.05).report();
        assertTrue(gap.slice(SliceId.of(10)).orElseThrow().devices().isEmpty());
        cycle.run(2 * SECOND, 0, readings(), in, FairnessMode.MONITOR, 0.05);
        add(S1, 10, 1_250_000, 0, 1_250_000);
        SliceFairness line = cycle.run(3 * SECOND, 0, readings(), in, FairnessMode.MONITOR, 0.05).report()
                .slice(SliceId.of(10)).orElseThrow();
        assertEquals("rate since the device came back only", 10 * M, line.offeredBps());
    }

    @Test
    public void removedSliceIsForgotten() {
        Rig cycle = new Rig(5);
        CycleInputs both = new CycleInputs(ImmutableList.of(slice(10, 10 * M), slice(20, 10 * M)),
                                           ImmutableList.of());
        add(S1, 10, 0, 0, 0);
        add(S1, 20, 0, 0, 0);
        cycle.run(0, 0, readings(), both, FairnessMode.MONITOR, 0.05);
        CycleInputs one = new CycleInputs(ImmutableList.of(slice(10, 10 * M)), ImmutableList.of());
        FairnessReport r = cycle.run(SECOND, 0, readings(), one, FairnessMode.MONITOR, 0.05).report();
        assertEquals(1, r.slices().size());
        // slice 20 comes back (a new slice with the same id): no rate from the old one's counters
        add(S1, 20, 125_000, 0, 0);
        FairnessReport again = cycle.run(2 * SECOND, 0, readings(), both, FairnessMode.MONITOR, 0.05).report();
        assertEquals(0L, again.slice(SliceId.of(20)).orElseThrow().offeredBps());
    }

    /**
     * Enforce mode, window 2: lender 10 (quota 40M) idle, borrower 20 (quota 40M) offers 80M on a
     * shared port of 100M (usable 95M, 15M admitted to nobody). The free 15M is lent at once; the
     * lender's unused quota once its window is full of idle intervals; the decreases come first; a
     * share is measured against the mean of the meter rates in effect during the window.
     */
    @Test
    public void enforceLendsDecreasesFirstAndMeasuresAgainstTheAllocation() {
        Rig cycle = new Rig(2);
        CycleInputs in = new CycleInputs(ImmutableList.of(slice(10, 40 * M, 0), slice(20, 40 * M, 0)),
                                         ImmutableList.of(port(1, 80 * M)));
        add(S1, 10, 0, 0, 0);
        add(S1, 20, 0, 0, 0);
        assertTrue(cycle.run(0, 0, readings(), in, FairnessMode.ENFORCE, 0.05).changes().isEmpty());
        // interval 1: 20 offers 80M, passes 40M
        add(S1, 20, 10_000_000, 5_000_000, 5_000_000);
        List<RateChange> one = cycle.run(SECOND, 0, readings(), in, FairnessMode.ENFORCE, 0.05).changes();
        assertEquals("slice 10's window is not full: only the free 15M is lent", 1, one.size());
        assertEquals(20, one.get(0).sliceId());
        assertEquals(55 * M, one.get(0).toBps());
        cycle.setInEffect(20, 55 * M);
        // interval 2: 20 offers 80M, passes 55M
        add(S1, 20, 10_000_000, 3_125_000, 6_875_000);
        CycleResult two = cycle.run(2 * SECOND, 0, readings(), in, FairnessMode.ENFORCE, 0.05);
        List<RateChange> changes = two.changes();
        assertEquals(2, changes.size());
        // 10 needs its headroom (4M); 20 wants 40M more and gets it; 40 + 40 + 40 - 95 = 25M lent by 10
        assertEquals(10, changes.get(0).sliceId());
        assertEquals(40 * M, changes.get(0).fromBps());
        assertEquals(15 * M, changes.get(0).toBps());
        assertEquals(20, changes.get(1).sliceId());
        assertEquals(55 * M, changes.get(1).fromBps());
        assertEquals(80 * M, changes.get(1).toBps());
        assertEquals(95 * M, two.report().resources().get(0).effectiveBps());
        // the manager applies them
        cycle.setInEffect(10, 15 * M);
        cycle.setInEffect(20, 80 * M);
        // interval 3: 20 passes 80M
        add(S1, 20, 10_000_000, 0, 10_000_000);
        FairnessReport r = cycle.run(3 * SECOND, 0, readings(), in, FairnessMode.ENFORCE, 0.05).report();
        SliceFairness b = r.slice(SliceId.of(20)).orElseThrow();
        // window: intervals 2 and 3 at 55M then 80M: allocation 67.5M, rate 67.5M
        assertEquals(67_500_000L, b.allocationBps());
        assertEquals(67_500_000L, b.rateBps());
        assertEquals(1.0, b.share(), EPS);
        assertEquals(0.0, r.maxDeviation(), EPS);
        assertEquals(40 * M, b.quotaBps());
        // back to monitor mode: both meters go back to their quotas, decrease first
        List<RateChange> restore = cycle.run(4 * SECOND, 0, readings(), in, FairnessMode.MONITOR, 0.05).changes();
        assertEquals(2, restore.size());
        assertEquals(20, restore.get(0).sliceId());
        assertEquals(40 * M, restore.get(0).toBps());
        assertEquals(10, restore.get(1).sliceId());
        assertEquals(40 * M, restore.get(1).toBps());
        assertEquals(ImmutableMap.of(10, 15 * M, 20, 80 * M), cycle.ratesInEffect());
    }
}
