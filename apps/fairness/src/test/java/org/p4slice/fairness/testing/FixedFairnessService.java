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
package org.p4slice.fairness.testing;

import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.PortCapacity;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessListener;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.List;

/**
 * A fairness service holding one known report (slice 10 of tenant itb backlogged at share 0.98,
 * slice 20 not backlogged) and a two-entry history, for the REST and CLI tests.
 */
public final class FixedFairnessService implements FairnessService {

    /** Usable capacity of 100 Mbit/s under a 5 % guard band, as admission computes it. */
    public static final long USABLE_100M = 95_000_000L;
    /** Usable capacity of 1 Gbit/s under a 5 % guard band. */
    public static final long USABLE_1G = 950_000_000L;

    /** A slice's statistics on one device: the counts read and the rates over the window. */
    public static SliceStats stats(long rxPackets, long rxBytes, long dropPackets, long dropBytes, long txPackets,
                            long txBytes, long rxBps, long dropBps, long txBps) {
        return SliceStats.builder()
                .counts(rxPackets, rxBytes, dropPackets, dropBytes, txPackets, txBytes)
                .rates(rxBps, dropBps, txBps).build();
    }

    /** The device of the report's counters and port. */
    public static final DeviceId DEVICE = DeviceId.deviceId("device:bmv2:s1");

    private final FairnessReport report = report();

    @Override
    public FairnessReport getReport() {
        return report;
    }

    @Override
    public List<FairnessSummary> getHistory() {
        return ImmutableList.of(new FairnessSummary(1_767_225_599_000L, FairnessMode.MONITOR, 5.0, 0.1, 0.99,
                                                    0.12, 2, 2), report.summary());
    }

    @Override
    public FairnessMode getMode() {
        return FairnessMode.MONITOR;
    }

    @Override
    public double getThreshold() {
        return 0.05;
    }

    @Override
    public void addListener(FairnessListener listener) {
    }

    @Override
    public void removeListener(FairnessListener listener) {
    }

    private static FairnessReport report() {
        SliceFairness a = SliceFairness.builder(SliceId.of(10)).tenant(TenantId.of("itb"))
                .quota(25_000_000, 25_000_000).rates(40_000_000, 24_500_000).fairness(0.98, 0.02, true)
                .devices(ImmutableMap.of(DEVICE, stats(1000, 1_500_000, 10, 15_000, 990, 1_485_000,
                                  40_000_000, 15_500_000, 24_500_000)))
                .build();
        SliceFairness b = SliceFairness.builder(SliceId.of(20)).quota(10_000_000, 10_000_000)
                .rates(5_000_000, 5_000_000).fairness(0.5, 0, false).build();
        FairnessSummary summary = new FairnessSummary(1_767_225_600_000L, FairnessMode.MONITOR, 5.0, 0.0, 1.0, 0.02,
                                                      2, 1);
        return new FairnessReport(summary, 0.05, ImmutableList.of(a, b), ImmutableList.of(
                ResourceUsage.of(
                        PortCapacity.of(ConnectPoint.deviceConnectPoint(DEVICE + "/1"),
                                        100_000_000, 0.05, 35_000_000, USABLE_100M - 35_000_000),
                        35_000_000, 29_500_000, 2)));
    }
}
