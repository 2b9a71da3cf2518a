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
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.impl.CycleInputs.SliceInput;
import org.p4slice.fairness.metrics.MetricsSources;
import org.p4slice.fairness.metrics.P4sliceMetrics;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.impl.stats.StatsWindows;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One fairness cycle over 4,094 slices (every slice id) on two switches, with the statistics
 * windows the slicing app keeps over the counters it reads (as the fairness app gets them); target:
 * under 5 ms.
 * <p>
 * Each slice has its own access port (1 Gbit/s) and shares one of 32 uplinks (10 Gbit/s) of its
 * switch; quota 10 Mbit/s. Traffic: a quarter of the slices idle (lenders), half offer twice their
 * quota (the meter drops the excess), a quarter offer half of it. Every invocation is the next
 * poll, one second later, with fresh counter maps of all 4,096 cells per switch (as the pipeconf's
 * batched read returns them). In enforce mode the rate changes are taken as applied.
 * <p>
 * Compiled by {@code mvn verify}, never run by it (not a test). Run it with (see README.md):
 * <pre>
 * mvn -B -o -pl apps/fairness test-compile
 * CP="apps/fairness/target/test-classes:apps/fairness/target/classes"
 * java -cp "$CP:$(cat apps/fairness/target/fairness.classpath)" org.openjdk.jmh.Main FairnessCycleBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FairnessCycleBenchmark {

    private static final int SLICES = 4094;
    private static final int UPLINKS = 32;
    private static final long QUOTA = 10_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final DeviceId[] SWITCHES = {DeviceId.deviceId("device:bmv2:s1"),
            DeviceId.deviceId("device:bmv2:s2")};

    @Param({"MONITOR", "ENFORCE"})
    public String mode;

    private FairnessMode fairnessMode;
    private FairnessCycle cycle;
    private StatsWindows windows;
    private CycleInputs inputs;
    private final long[][] counters = new long[SLICES + 1][3];
    private Map<DeviceId, Map<Integer, SliceCounterValues>> readings;
    private long now;
    private FairnessReport lastReport;
    private List<Slice> slicingView;
    private List<PortCapacity> portCapacities;

    @Setup(Level.Trial)
    public void setUp() {
        fairnessMode = FairnessMode.parse(mode);
        List<PortCapacity> resources = new ArrayList<>();
        for (DeviceId d : SWITCHES) {
            for (int u = 0; u < UPLINKS; u++) {
                resources.add(PortCapacity.of(ConnectPoint.deviceConnectPoint(d + "/" + (5000 + u)), 10_000_000_000L,
                                              0.05, 0, usable(10_000_000_000L)));
            }
        }
        List<SliceInput> slices = new ArrayList<>();
        TenantId tenant = TenantId.of("bench");
        for (int id = 1; id <= SLICES; id++) {
            int sw = id % 2;
            int uplink = sw * UPLINKS + id % UPLINKS;
            int access = resources.size();
            resources.add(PortCapacity.of(ConnectPoint.deviceConnectPoint(SWITCHES[sw] + "/" + id), 1_000_000_000L,
                                          0.05, QUOTA, usable(1_000_000_000L) - QUOTA));
            slices.add(new SliceInput(SliceId.of(id), tenant, QUOTA, ImmutableSet.of(SWITCHES[sw]),
                                      new int[]{access, uplink}));
        }
        inputs = new CycleInputs(slices, resources);
        slicingView = new ArrayList<>();
        for (int id = 1; id <= SLICES; id++) {
            DeviceId d = SWITCHES[id % 2];
            slicingView.add(Slice.builder().id(SliceId.of(id)).name("s" + id).tenant(tenant)
                                    .vlan(VlanId.vlanId((short) (id % 4000 + 1))).quotaBps(QUOTA)
                                    .endpoints(ImmutableList.of(
                                            Endpoint.access(ConnectPoint.deviceConnectPoint(d + "/" + id)),
                                            Endpoint.trunk(ConnectPoint.deviceConnectPoint(
                                                    d + "/" + (5000 + id % UPLINKS)))))
                                    .state(SliceState.ACTIVE).build());
        }
        portCapacities = resources;
        cycle = new FairnessCycle(0.1);
        windows = new StatsWindows(5, 64);
        // fill the windows
        for (int i = 0; i < 6; i++) {
            nextPoll();
            apply(runOnce());
        }
    }

    @Setup(Level.Invocation)
    public void nextPoll() {
        now += SECOND;
        Map<DeviceId, Map<Integer, SliceCounterValues>> r = new HashMap<>();
        for (DeviceId d : SWITCHES) {
            r.put(d, new HashMap<>(8192));
        }
        for (int id = 0; id < 4096; id++) {
            long[] c = id >= 1 && id <= SLICES ? counters[id] : new long[3];
            if (id >= 1 && id <= SLICES) {
                long offered = offeredBytesPerSecond(id);
                long passed = Math.min(offered, QUOTA / 8);
                c[0] += offered;
                c[1] += offered - passed;
                c[2] += passed;
            }
            for (int sw = 0; sw < SWITCHES.length; sw++) {
                boolean mine = id >= 1 && id <= SLICES && id % 2 == sw;
                r.get(SWITCHES[sw]).put(id, mine
                        ? new SliceCounterValues(c[0] / 1000, c[0], c[1] / 1000, c[1], c[2] / 1000, c[2])
                        : SliceCounterValues.ZERO);
            }
        }
        readings = r;
    }

    private static long offeredBytesPerSecond(int id) {
        switch (id % 4) {
            case 0:
                return 0;
            case 1:
                return QUOTA / 16;
            default:
                return QUOTA / 4;
        }
    }

    private void apply(CycleResult result) {
        for (RateChange c : result.changes()) {
            cycle.setInEffect(c.sliceId(), c.toBps() == c.quotaBps() ? 0 : c.toBps());
        }
        lastReport = result.report();
    }

    /**
     * One poll: counters in, the statistics' windows, then the fairness cycle: rates, shares, CV,
     * Jain, utilisation and (enforce) the redistribution out.
     *
     * @return the cycle's result (consumed by JMH)
     */
    @Benchmark
    public CycleResult cycle() {
        CycleResult result = runOnce();
        apply(result);
        return result;
    }

    private CycleResult runOnce() {
        return cycle.run(windows.record(now, now / 1_000_000, readings, inputs.devicesBySlice()), inputs,
                         fairnessMode, 0.05);
    }

    /**
     * What the manager does before each cycle: turning the slicing app's slices and port capacities
     * into the cycle's inputs.
     *
     * @return inputs
     */
    @Benchmark
    public CycleInputs inputsFromSlices() {
        return CycleInputs.of(slicingView, portCapacities, ImmutableList.of());
    }

    /**
     * Rendering the metrics of a 4,094-slice report (what {@code GET /metrics} does).
     *
     * @return exposition text
     */
    @Benchmark
    public String renderMetrics() {
        return P4sliceMetrics.render(MetricsSources.builder(TenantScope.operator("bench"), lastReport).build());
    }

    // usable capacity at the default guard band, as admission computes it
    private static long usable(long capacityBps) {
        return AdmissionControl.usableBps(capacityBps, AdmissionSettings.DEFAULTS);
    }
}
