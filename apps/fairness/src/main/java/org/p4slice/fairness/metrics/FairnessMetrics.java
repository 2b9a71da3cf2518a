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
package org.p4slice.fairness.metrics;

import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.fairness.metrics.Exposition.Type;
import org.p4slice.slicing.api.stats.SliceStats;

import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The fairness app's report: per slice and device the counters as last read and the rates over the
 * window; per slice its allocation, offered and delivered rates, share and deviation; over the
 * testbed the CV and Jain's index of the backlogged slices' shares and the settings they are judged by.
 */
final class FairnessMetrics {

    private static final double MILLIS_PER_SECOND = 1000.0;

    private FairnessMetrics() {
    }

    /**
     * Writes the fairness families.
     *
     * @param out    exposition
     * @param report the report as the caller sees it
     */
    static void write(Exposition out, FairnessReport report) {
        List<SliceFairness> slices = report.slices();
        device(out, slices, "p4slice_slice_rx_bytes_total", "Bytes classified into the slice (before the meter), "
                + "as last read from the device.", Type.COUNTER, SliceStats::rxBytes);
        device(out, slices, "p4slice_slice_rx_packets_total", "Packets classified into the slice (before the "
                + "meter), as last read from the device.", Type.COUNTER, SliceStats::rxPackets);
        device(out, slices, "p4slice_slice_tx_bytes_total", "Bytes sent for the slice (every copy), as last read.",
               Type.COUNTER, SliceStats::txBytes);
        device(out, slices, "p4slice_slice_tx_packets_total", "Packets sent for the slice (every copy), as last read.",
               Type.COUNTER, SliceStats::txPackets);
        device(out, slices, "p4slice_slice_drop_bytes_total", "Bytes of the slice dropped by its meter, as last read.",
               Type.COUNTER, SliceStats::dropBytes);
        device(out, slices, "p4slice_slice_drop_packets_total", "Packets of the slice dropped by its meter, as last "
                + "read.", Type.COUNTER, SliceStats::dropPackets);
        device(out, slices, "p4slice_slice_rx_bytes_per_second", "Receive rate of the slice at the device over the "
                + "window.", Type.GAUGE, x -> Exposition.bytes(x.rxBps()));
        device(out, slices, "p4slice_slice_tx_bytes_per_second", "Send rate of the slice at the device over the "
                + "window.", Type.GAUGE, x -> Exposition.bytes(x.txBps()));
        device(out, slices, "p4slice_slice_drop_bytes_per_second", "Meter drop rate of the slice at the device over "
                + "the window.", Type.GAUGE, x -> Exposition.bytes(x.dropBps()));

        slice(out, slices, "p4slice_slice_allocation_bytes_per_second", "Rate the slice was entitled to over the "
                + "window (its quota, or its meter rate in enforce mode).",
              s -> Exposition.bytes(s.allocationBps()));
        slice(out, slices, "p4slice_slice_offered_bytes_per_second", "Offered (received) rate over the window at the "
                + "slice's busiest device.", s -> Exposition.bytes(s.offeredBps()));
        slice(out, slices, "p4slice_slice_delivered_bytes_per_second", "Delivered (received minus meter drops) rate "
                + "over the window at the slice's busiest device.", s -> Exposition.bytes(s.rateBps()));
        slice(out, slices, "p4slice_slice_share", "Delivered rate / allocation over the window.",
              SliceFairness::share);
        slice(out, slices, "p4slice_slice_deviation", "|share - 1| if the slice is backlogged, else 0.",
              SliceFairness::deviation);
        slice(out, slices, "p4slice_slice_backlogged", "1 if the slice offered at least its allocation.",
              s -> s.backlogged() ? 1 : 0);

        global(out, "p4slice_fairness_cv", "Population coefficient of variation (sigma / mu) of the backlogged "
                + "slices' shares.", report.cv());
        global(out, "p4slice_fairness_jain", "Jain's index of the backlogged slices' shares.", report.jain());
        global(out, "p4slice_fairness_max_deviation", "Largest |share - 1| over the backlogged slices.",
               report.maxDeviation());
        global(out, "p4slice_fairness_threshold", "Alert threshold on the largest deviation and on the CV.",
               report.threshold());
        global(out, "p4slice_fairness_window_seconds", "Time span of the sliding window.", report.windowSeconds());
        global(out, "p4slice_fairness_backlogged_slices", "Slices that offered at least their allocation.",
               report.summary().backlogged());
        global(out, "p4slice_fairness_enforce", "1 in enforce mode (work-conserving lending), 0 in monitor mode.",
               report.mode() == FairnessMode.ENFORCE ? 1 : 0);
        global(out, "p4slice_fairness_last_poll_timestamp_seconds", "Time of the poll the report is of, seconds "
                + "since the epoch.", report.timestamp() / MILLIS_PER_SECOND);
    }

    private static void device(Exposition out, List<SliceFairness> slices, String name, String help, Type type,
                               ToDoubleFunction<SliceStats> value) {
        out.family(name, help, type);
        for (SliceFairness s : slices) {
            for (Map.Entry<DeviceId, SliceStats> d : s.devices().entrySet()) {
                out.sample(value.applyAsDouble(d.getValue()), "tenant", tenant(s), "slice", id(s),
                           "device", d.getKey().toString());
            }
        }
    }

    private static void slice(Exposition out, List<SliceFairness> slices, String name, String help,
                              ToDoubleFunction<SliceFairness> value) {
        out.family(name, help, Type.GAUGE);
        for (SliceFairness s : slices) {
            out.sample(value.applyAsDouble(s), "tenant", tenant(s), "slice", id(s));
        }
    }

    private static void global(Exposition out, String name, String help, double value) {
        out.family(name, help, Type.GAUGE).sample(value);
    }

    private static String tenant(SliceFairness s) {
        return s.tenant().map(t -> t.id()).orElse("");
    }

    private static String id(SliceFairness s) {
        return Integer.toString(s.id().id());
    }
}
