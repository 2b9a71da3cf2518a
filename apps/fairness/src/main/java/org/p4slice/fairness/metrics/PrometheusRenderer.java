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
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.slicing.api.stats.SliceStats;

import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Renders a fairness report in the Prometheus text exposition format (version 0.0.4), the body of
 * {@code GET /metrics}. Every metric family has one {@code # HELP} and one {@code # TYPE} line
 * followed by its samples. Families:
 * <ul>
 * <li>per slice and device (labels {@code slice, tenant, device}): {@code p4slice_slice_rx_bytes_total},
 * {@code _rx_packets_total}, {@code _tx_bytes_total}, {@code _tx_packets_total},
 * {@code _drop_bytes_total}, {@code _drop_packets_total} (counters, as last read from the device) and
 * {@code p4slice_slice_rx_bps}, {@code _tx_bps}, {@code _drop_bps} (gauges, over the window);</li>
 * <li>per slice (labels {@code slice, tenant}): {@code p4slice_slice_quota_bps},
 * {@code _allocation_bps}, {@code _offered_bps}, {@code _rate_bps}, {@code _share},
 * {@code _deviation}, {@code _backlogged} (0 or 1);</li>
 * <li>global: {@code p4slice_fairness_cv}, {@code _jain}, {@code _max_deviation}, {@code _threshold},
 * {@code _window_seconds}, {@code _slices}, {@code _backlogged_slices},
 * {@code _enforce} (1 in enforce mode), {@code _last_poll_timestamp_seconds};</li>
 * <li>per port (labels {@code device, port}) and per link (labels {@code src_device, src_port,
 * dst_device, dst_port}): {@code p4slice_port_capacity_bps}, {@code _guard_band},
 * {@code _allocated_bps} (sum of quotas), {@code _effective_bps} (sum of meter rates),
 * {@code _rate_bps}, {@code _utilisation}, and the same for {@code p4slice_link_}.</li>
 * </ul>
 * An unknown tenant is the empty label value.
 */
public final class PrometheusRenderer {

    /** Content type of the exposition format. */
    public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private static final double MILLIS_PER_SECOND = 1000.0;

    private PrometheusRenderer() {
    }

    /**
     * Renders a report.
     *
     * @param report fairness report
     * @return exposition text, ending with a newline
     */
    public static String render(FairnessReport report) {
        checkNotNull(report, "report must not be null");
        StringBuilder out = new StringBuilder(1024 + report.slices().size() * 2048);
        List<SliceFairness> slices = report.slices();

        deviceCounter(out, slices, "p4slice_slice_rx_bytes_total",
                      "Bytes classified into the slice (before the meter), as last read.", SliceStats::rxBytes);
        deviceCounter(out, slices, "p4slice_slice_rx_packets_total",
                      "Packets classified into the slice (before the meter), as last read.",
                      SliceStats::rxPackets);
        deviceCounter(out, slices, "p4slice_slice_tx_bytes_total",
                      "Bytes sent for the slice (every copy), as last read.", SliceStats::txBytes);
        deviceCounter(out, slices, "p4slice_slice_tx_packets_total",
                      "Packets sent for the slice (every copy), as last read.", SliceStats::txPackets);
        deviceCounter(out, slices, "p4slice_slice_drop_bytes_total",
                      "Bytes of the slice dropped by its meter, as last read.", SliceStats::dropBytes);
        deviceCounter(out, slices, "p4slice_slice_drop_packets_total",
                      "Packets of the slice dropped by its meter, as last read.", SliceStats::dropPackets);
        deviceGauge(out, slices, "p4slice_slice_rx_bps", "Receive rate over the window, bits per second.",
                    SliceStats::rxBps);
        deviceGauge(out, slices, "p4slice_slice_tx_bps", "Send rate over the window, bits per second.",
                    SliceStats::txBps);
        deviceGauge(out, slices, "p4slice_slice_drop_bps", "Meter drop rate over the window, bits per second.",
                    SliceStats::dropBps);

        sliceGauge(out, slices, "p4slice_slice_quota_bps", "Quota of the slice, bits per second.",
                   SliceFairness::quotaBps);
        sliceGauge(out, slices, "p4slice_slice_allocation_bps",
                   "Rate the slice was entitled to over the window (quota, or meter rate in enforce mode).",
                   SliceFairness::allocationBps);
        sliceGauge(out, slices, "p4slice_slice_offered_bps",
                   "Offered (received) rate over the window at the slice's busiest device, bits per second.",
                   SliceFairness::offeredBps);
        sliceGauge(out, slices, "p4slice_slice_rate_bps",
                   "Delivered (received minus meter drops) rate over the window, bits per second.",
                   SliceFairness::rateBps);
        sliceGauge(out, slices, "p4slice_slice_share", "Delivered rate / allocation.", SliceFairness::share);
        sliceGauge(out, slices, "p4slice_slice_deviation", "|share - 1| if backlogged, else 0.",
                   SliceFairness::deviation);
        sliceGauge(out, slices, "p4slice_slice_backlogged", "1 if the slice offered at least its allocation.",
                   s -> s.backlogged() ? 1 : 0);

        global(out, "p4slice_fairness_cv", "Population CV (sigma / mu) of the backlogged slices' shares.",
               report.cv());
        global(out, "p4slice_fairness_jain", "Jain's index of the backlogged slices' shares.", report.jain());
        global(out, "p4slice_fairness_max_deviation", "Maximum |share - 1| over the backlogged slices.",
               report.maxDeviation());
        global(out, "p4slice_fairness_threshold", "Alert threshold on the maximum deviation and the CV.",
               report.threshold());
        global(out, "p4slice_fairness_window_seconds", "Time span of the sliding window.", report.windowSeconds());
        global(out, "p4slice_fairness_slices", "Number of active slices.", report.slices().size());
        global(out, "p4slice_fairness_backlogged_slices", "Number of backlogged slices.",
               report.summary().backlogged());
        global(out, "p4slice_fairness_enforce", "1 in enforce mode (work-conserving lending), 0 in monitor mode.",
               report.mode() == FairnessMode.ENFORCE ? 1 : 0);
        global(out, "p4slice_fairness_last_poll_timestamp_seconds", "Time of the poll, seconds since the epoch.",
               report.timestamp() / MILLIS_PER_SECOND);

        for (ResourceUsage.Kind kind : ResourceUsage.Kind.values()) {
            String prefix = kind == ResourceUsage.Kind.PORT ? "p4slice_port_" : "p4slice_link_";
            String what = kind == ResourceUsage.Kind.PORT ? "port" : "link (per direction)";
            List<ResourceUsage> rs = report.resources();
            resourceGauge(out, rs, kind, prefix + "capacity_bps", "Capacity of the " + what + ", bits per second.",
                          r -> r.capacity().capacityBps());
            resourceGauge(out, rs, kind, prefix + "guard_band", "Guard band fraction of the " + what + ".",
                          r -> r.capacity().guardBand());
            resourceGauge(out, rs, kind, prefix + "allocated_bps",
                          "Sum of the quotas of the slices using the " + what + ", bits per second.",
                          r -> r.capacity().allocatedBps());
            resourceGauge(out, rs, kind, prefix + "effective_bps",
                          "Sum of the meter rates of the slices using the " + what + ", bits per second.",
                          ResourceUsage::effectiveBps);
            resourceGauge(out, rs, kind, prefix + "rate_bps",
                          "Sum of the delivered rates of the slices using the " + what + ", bits per second.",
                          ResourceUsage::rateBps);
            resourceGauge(out, rs, kind, prefix + "utilisation", "Rate / capacity of the " + what + ".",
                          ResourceUsage::utilisation);
        }
        return out.toString();
    }

    private static void header(StringBuilder out, String name, String help, String type) {
        out.append("# HELP ").append(name).append(' ').append(escapeHelp(help)).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void deviceCounter(StringBuilder out, List<SliceFairness> slices, String name, String help,
                                      ToLongFunction<SliceStats> value) {
        deviceFamily(out, slices, name, help, "counter", value);
    }

    private static void deviceGauge(StringBuilder out, List<SliceFairness> slices, String name, String help,
                                    ToLongFunction<SliceStats> value) {
        deviceFamily(out, slices, name, help, "gauge", value);
    }

    private static void deviceFamily(StringBuilder out, List<SliceFairness> slices, String name, String help,
                                     String type, ToLongFunction<SliceStats> value) {
        header(out, name, help, type);
        for (SliceFairness s : slices) {
            for (Map.Entry<DeviceId, SliceStats> d : s.devices().entrySet()) {
                out.append(name).append('{');
                sliceLabels(out, s);
                out.append(",device=\"").append(escapeLabel(d.getKey().toString())).append("\"} ")
                        .append(value.applyAsLong(d.getValue())).append('\n');
            }
        }
    }

    private static void sliceGauge(StringBuilder out, List<SliceFairness> slices, String name, String help,
                                   ToDoubleFunction<SliceFairness> value) {
        header(out, name, help, "gauge");
        for (SliceFairness s : slices) {
            out.append(name).append('{');
            sliceLabels(out, s);
            out.append("} ").append(number(value.applyAsDouble(s))).append('\n');
        }
    }

    private static void sliceLabels(StringBuilder out, SliceFairness s) {
        out.append("slice=\"").append(s.id().id()).append("\",tenant=\"")
                .append(escapeLabel(s.tenant().map(t -> t.id()).orElse(""))).append('"');
    }

    private static void global(StringBuilder out, String name, String help, double value) {
        header(out, name, help, "gauge");
        out.append(name).append(' ').append(number(value)).append('\n');
    }

    private static void resourceGauge(StringBuilder out, List<ResourceUsage> resources, ResourceUsage.Kind kind,
                                      String name, String help, ToDoubleFunction<ResourceUsage> value) {
        header(out, name, help, "gauge");
        for (ResourceUsage r : resources) {
            if (r.kind() != kind) {
                continue;
            }
            out.append(name).append('{');
            if (kind == ResourceUsage.Kind.PORT) {
                out.append("device=\"").append(escapeLabel(r.src().deviceId().toString()))
                        .append("\",port=\"").append(r.src().port().toLong()).append('"');
            } else {
                out.append("src_device=\"").append(escapeLabel(r.src().deviceId().toString()))
                        .append("\",src_port=\"").append(r.src().port().toLong())
                        .append("\",dst_device=\"").append(escapeLabel(r.dst().orElseThrow().deviceId().toString()))
                        .append("\",dst_port=\"").append(r.dst().orElseThrow().port().toLong()).append('"');
            }
            out.append("} ").append(number(value.applyAsDouble(r))).append('\n');
        }
    }

    /**
     * Formats a sample value: integers without a fraction, others in Java's shortest round-trip
     * form, NaN and infinities as Prometheus spells them.
     *
     * @param v value
     * @return text
     */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /**
     * Escapes a label value: backslash, double quote and line feed.
     *
     * @param s value
     * @return escaped value
     */
    static String escapeLabel(String s) {
        if (s.indexOf('\\') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String escapeHelp(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n");
    }
}
