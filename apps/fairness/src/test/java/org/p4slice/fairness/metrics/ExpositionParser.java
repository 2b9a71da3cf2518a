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

import org.p4slice.testbed.FakeLinkService;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.LinkCapacity;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableList;
import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.api.FairnessSummary;
import org.p4slice.fairness.api.ResourceUsage;
import org.p4slice.fairness.api.SliceFairness;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.p4slice.fairness.testing.FixedFairnessService.USABLE_100M;
import static org.p4slice.fairness.testing.FixedFairnessService.USABLE_1G;
import static org.p4slice.fairness.testing.FixedFairnessService.stats;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Prometheus text exposition: every line is valid, every family has one HELP and one TYPE before
 * its samples, samples of a family are contiguous, no series repeats, and the values are right.
 */
public class PrometheusRendererTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final String LABEL_VALUE = "\"(?:[^\"\\\\\\n]|\\\\[\\\\\"n])*\"";
    private static final String LABELS = "\\{(?:[a-zA-Z_][a-zA-Z0-9_]*=" + LABEL_VALUE
            + "(?:,[a-zA-Z_][a-zA-Z0-9_]*=" + LABEL_VALUE + ")*)?\\}";
    private static final String VALUE = "(?:[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?|NaN|[-+]Inf)";
    private static final Pattern SAMPLE =
            Pattern.compile("(" + NAME + ")(" + LABELS + ")? (" + VALUE + ")(?: -?\\d+)?");
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") (.*)");
    private static final Pattern TYPE =
            Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped)");

    static FairnessReport report() {
        SliceFairness a = SliceFairness.builder(SliceId.of(10)).tenant(TenantId.of("itb"))
                .quota(25_000_000, 25_000_000).rates(40_000_000, 24_500_000).fairness(0.98, 0.02, true)
                .devices(ImmutableMap.of(
                        S1, stats(1000, 1_500_000, 10, 15_000, 990, 1_485_000,
                                  40_000_000, 15_500_000, 24_500_000),
                        S2, stats(990, 1_485_000, 0, 0, 990, 1_485_000,
                                  24_500_000, 0, 24_500_000)))
                .build();
        SliceFairness b = SliceFairness.builder(SliceId.of(20)).tenant(TenantId.of("lab-2.b"))
                .quota(10_000_000, 10_000_000).rates(5_000_000, 5_000_000).fairness(0.5, 0, false)
                .devices(ImmutableMap.of(S1, stats(10, 625_000, 0, 0, 10, 625_000,
                                  5_000_000, 0, 5_000_000)))
                .build();
        SliceFairness c = SliceFairness.builder(SliceId.of(30)).quota(1_000_000, 1_000_000).build();
        FairnessSummary summary = new FairnessSummary(1_767_225_600_500L, FairnessMode.ENFORCE, 5.0, 0.0125, 0.99984,
                                                      0.02, 3, 1);
        return new FairnessReport(summary, 0.05, ImmutableList.of(a, b, c), ImmutableList.of(
                ResourceUsage.of(
                        PortCapacity.of(ConnectPoint.deviceConnectPoint(S1 + "/1"),
                                        100_000_000, 0.05, 35_000_000, USABLE_100M - 35_000_000),
                        35_000_000, 29_500_000, 2),
                ResourceUsage.of(
                        LinkCapacity.of(FakeLinkService.link(ConnectPoint.deviceConnectPoint(S1 + "/3"),
                                                             ConnectPoint.deviceConnectPoint(S2 + "/3")),
                                        1_000_000_000, 0.05, 25_000_000, USABLE_1G - 25_000_000),
                        25_000_000, 24_500_000, 1)));
    }

    /**
     * Parses an exposition text the way a scraper would and returns the samples by series.
     */
    static Map<String, String> parse(String text) {
        assertTrue("ends with a newline", text.endsWith("\n"));
        Map<String, String> samples = new HashMap<>();
        Set<String> helped = new HashSet<>();
        Set<String> typed = new HashSet<>();
        Set<String> finished = new HashSet<>();
        String current = null;
        int n = 0;
        for (String line : text.split("\n", -1)) {
            n++;
            if (line.isEmpty() && n > 1) {
                continue;
            }
            Matcher help = HELP.matcher(line);
            Matcher type = TYPE.matcher(line);
            Matcher m = SAMPLE.matcher(line);
            if (help.matches()) {
                m = help;
                assertTrue("line " + n + ": second HELP for " + m.group(1), helped.add(m.group(1)));
                assertFalse("line " + n + ": HELP after samples of " + m.group(1), finished.contains(m.group(1)));
                if (current != null && !current.equals(m.group(1))) {
                    finished.add(current);
                }
                current = m.group(1);
            } else if (type.matches()) {
                m = type;
                assertTrue("line " + n + ": second TYPE for " + m.group(1), typed.add(m.group(1)));
                assertTrue("line " + n + ": TYPE of " + m.group(1) + " must follow its HELP",
                           m.group(1).equals(current));
            } else if (m.matches()) {
                String family = m.group(1);
                assertTrue("line " + n + ": sample of " + family + " outside its family (" + current + ")",
                           family.equals(current));
                assertTrue("line " + n + ": " + family + " has no TYPE", typed.contains(family));
                String series = family + (m.group(2) == null ? "" : m.group(2));
                assertTrue("line " + n + ": series repeated: " + series, samples.put(series, m.group(3)) == null);
            } else {
                fail("line " + n + " is not valid exposition format: '" + line + "'");
            }
        }
        assertEquals("every family has HELP and TYPE", helped, typed);
        return samples;
    }

    @Test
    public void validExpositionWithTheRightValues() {
        String text = PrometheusRenderer.render(report());
        Map<String, String> s = parse(text);
        String a1 = "{slice=\"10\",tenant=\"itb\",device=\"device:bmv2:s1\"}";
        String a2 = "{slice=\"10\",tenant=\"itb\",device=\"device:bmv2:s2\"}";
        assertEquals("1500000", s.get("p4slice_slice_rx_bytes_total" + a1));
        assertEquals("1485000", s.get("p4slice_slice_rx_bytes_total" + a2));
        assertEquals("1000", s.get("p4slice_slice_rx_packets_total" + a1));
        assertEquals("1485000", s.get("p4slice_slice_tx_bytes_total" + a1));
        assertEquals("15000", s.get("p4slice_slice_drop_bytes_total" + a1));
        assertEquals("10", s.get("p4slice_slice_drop_packets_total" + a1));
        assertEquals("40000000", s.get("p4slice_slice_rx_bps" + a1));
        assertEquals("15500000", s.get("p4slice_slice_drop_bps" + a1));
        assertEquals("24500000", s.get("p4slice_slice_tx_bps" + a2));
        String sl = "{slice=\"10\",tenant=\"itb\"}";
        assertEquals("25000000", s.get("p4slice_slice_quota_bps" + sl));
        assertEquals("25000000", s.get("p4slice_slice_allocation_bps" + sl));
        assertEquals("40000000", s.get("p4slice_slice_offered_bps" + sl));
        assertEquals("24500000", s.get("p4slice_slice_rate_bps" + sl));
        assertEquals("0.98", s.get("p4slice_slice_share" + sl));
        assertEquals("0.02", s.get("p4slice_slice_deviation" + sl));
        assertEquals("1", s.get("p4slice_slice_backlogged" + sl));
        assertEquals("0.5", s.get("p4slice_slice_share{slice=\"20\",tenant=\"lab-2.b\"}"));
        assertEquals("unknown tenant", "1000000", s.get("p4slice_slice_quota_bps{slice=\"30\",tenant=\"\"}"));
        assertEquals("0.0125", s.get("p4slice_fairness_cv"));
        assertEquals("0.99984", s.get("p4slice_fairness_jain"));
        assertEquals("0.02", s.get("p4slice_fairness_max_deviation"));
        assertEquals("0.05", s.get("p4slice_fairness_threshold"));
        assertEquals("5", s.get("p4slice_fairness_window_seconds"));
        assertEquals("3", s.get("p4slice_fairness_slices"));
        assertEquals("1", s.get("p4slice_fairness_backlogged_slices"));
        assertEquals("1", s.get("p4slice_fairness_enforce"));
        assertEquals("1.7672256005E9", s.get("p4slice_fairness_last_poll_timestamp_seconds"));
        String port = "{device=\"device:bmv2:s1\",port=\"1\"}";
        assertEquals("100000000", s.get("p4slice_port_capacity_bps" + port));
        assertEquals("0.05", s.get("p4slice_port_guard_band" + port));
        assertEquals("35000000", s.get("p4slice_port_allocated_bps" + port));
        assertEquals("35000000", s.get("p4slice_port_effective_bps" + port));
        assertEquals("29500000", s.get("p4slice_port_rate_bps" + port));
        assertEquals("0.295", s.get("p4slice_port_utilisation" + port));
        String link = "{src_device=\"device:bmv2:s1\",src_port=\"3\",dst_device=\"device:bmv2:s2\",dst_port=\"3\"}";
        assertEquals("1000000000", s.get("p4slice_link_capacity_bps" + link));
        assertEquals("0.0245", s.get("p4slice_link_utilisation" + link));
        assertTrue(text.contains("# TYPE p4slice_slice_rx_bytes_total counter\n"));
        assertTrue(text.contains("# TYPE p4slice_slice_share gauge\n"));
    }

    @Test
    public void emptyReportIsStillValid() {
        Map<String, String> s = parse(PrometheusRenderer.render(FairnessReport.empty(0, FairnessMode.MONITOR, 0.05)));
        assertEquals("1", s.get("p4slice_fairness_jain"));
        assertEquals("0", s.get("p4slice_fairness_enforce"));
        assertNotNull(s.get("p4slice_fairness_cv"));
    }

    @Test
    public void theCheckerRejectsBrokenText() {
        expectRejected("p4slice_x 1\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\np4slice_x{a=\"1} 1\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\np4slice_x 1\np4slice_x 2\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\n# HELP p4slice_x x\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\np4slice_x one\n");
    }

    @Test
    public void numbersAndEscapes() {
        assertEquals("42", PrometheusRenderer.number(42.0));
        assertEquals("0.5", PrometheusRenderer.number(0.5));
        assertEquals("NaN", PrometheusRenderer.number(Double.NaN));
        assertEquals("+Inf", PrometheusRenderer.number(Double.POSITIVE_INFINITY));
        assertEquals("a\\\\b\\\"c\\n", PrometheusRenderer.escapeLabel("a\\b\"c\n"));
    }

    private static void expectRejected(String text) {
        try {
            parse(text);
        } catch (AssertionError e) {
            return;
        }
        fail("accepted invalid exposition: " + text);
    }
}
