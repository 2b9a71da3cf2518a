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

import org.junit.Test;
import org.p4slice.fairness.metrics.Exposition.Type;
import org.p4slice.slicing.api.stats.DurationHistogram;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The writer of the text format: HELP and TYPE once per family, escapes, numbers, histograms, and
 * the names it refuses.
 */
public class ExpositionTest {

    @Test
    public void familiesSamplesAndEscapes() {
        Exposition out = new Exposition();
        out.family("p4slice_x_total", "Help with \\ and\nnewline.", Type.COUNTER)
                .sample(3, "tenant", "a\"b\\c\nd", "slice", "1")
                .sample(0.5);
        out.family("p4slice_y", "Y.", Type.GAUGE);
        String text = out.text();
        assertEquals("# HELP p4slice_x_total Help with \\\\ and\\nnewline.\n"
                             + "# TYPE p4slice_x_total counter\n"
                             + "p4slice_x_total{tenant=\"a\\\"b\\\\c\\nd\",slice=\"1\"} 3\n"
                             + "p4slice_x_total 0.5\n"
                             + "# HELP p4slice_y Y.\n# TYPE p4slice_y gauge\n", text);
        ExpositionParser.parse(text);
    }

    @Test
    public void histogramBucketsSumAndCount() {
        Exposition out = new Exposition();
        out.family("p4slice_step_seconds", "Steps.", Type.HISTOGRAM)
                .histogram(new DurationHistogram(new double[]{0.1, 1}, new long[]{2, 3}, 1.75, 4), "kind", "k");
        String text = out.text();
        assertTrue(text, text.contains("p4slice_step_seconds_bucket{kind=\"k\",le=\"0.1\"} 2\n"
                                               + "p4slice_step_seconds_bucket{kind=\"k\",le=\"1\"} 3\n"
                                               + "p4slice_step_seconds_bucket{kind=\"k\",le=\"+Inf\"} 4\n"
                                               + "p4slice_step_seconds_sum{kind=\"k\"} 1.75\n"
                                               + "p4slice_step_seconds_count{kind=\"k\"} 4\n"));
        assertEquals("histogram", ExpositionParser.parse(text).types.get("p4slice_step_seconds"));
    }

    @Test
    public void numbers() {
        assertEquals("42", Exposition.number(42.0));
        assertEquals("0.5", Exposition.number(0.5));
        assertEquals("NaN", Exposition.number(Double.NaN));
        assertEquals("+Inf", Exposition.number(Double.POSITIVE_INFINITY));
        assertEquals("-Inf", Exposition.number(Double.NEGATIVE_INFINITY));
        assertEquals("1.7672256005E9", Exposition.number(1.7672256005E9));
    }

    @Test
    public void refusesWhatTheFormatOrTheConventionsForbid() {
        Exposition out = new Exposition();
        out.family("p4slice_a", "A.", Type.GAUGE);
        expectRefused(() -> out.family("p4slice_a", "Again.", Type.GAUGE), "written twice");
        expectRefused(() -> out.family("p4slice_b", "Counter.", Type.COUNTER), "_total");
        expectRefused(() -> out.family("p4slice_c_total", "Gauge.", Type.GAUGE), "_total");
        expectRefused(() -> out.family("p4slice-d", "Bad.", Type.GAUGE), "malformed");
        expectRefused(() -> out.family("p4slice_e", "", Type.GAUGE), "no help");
        expectRefused(() -> out.sample(1, "odd"), "pairs");
        expectRefused(() -> out.sample(1, "__name__", "x"), "malformed label");
        expectRefused(() -> out.histogram(new DurationHistogram(new double[0], new long[0], 0, 0)), "histogram");
        assertEquals("nothing refused was written", "# HELP p4slice_a A.\n# TYPE p4slice_a gauge\n", out.text());
    }

    @Test
    public void theParserRejectsBrokenText() {
        expectRejected("p4slice_x 1\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\np4slice_x{a=\"1} 1\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\np4slice_x 1\np4slice_x 2\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\n# HELP p4slice_x x\n");
        expectRejected("# HELP p4slice_x x\n# TYPE p4slice_x gauge\np4slice_x one\n");
    }

    private static void expectRefused(Runnable r, String why) {
        try {
            r.run();
        } catch (IllegalArgumentException | IllegalStateException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(why));
            return;
        }
        fail("not refused: " + why);
    }

    private static void expectRejected(String text) {
        try {
            ExpositionParser.parse(text);
        } catch (AssertionError e) {
            return;
        }
        fail("accepted invalid exposition: " + text);
    }
}
