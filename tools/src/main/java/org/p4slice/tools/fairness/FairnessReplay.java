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
package org.p4slice.tools.fairness;

import org.p4slice.fairness.impl.CycleInputs;
import org.p4slice.fairness.impl.FairnessCycle;
import org.p4slice.fairness.impl.OsgiPropertyConstants;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.DeviceId;
import org.p4slice.fairness.api.FairnessMode;
import org.p4slice.fairness.api.FairnessReport;
import org.p4slice.fairness.codec.FairnessReportCodec;
import org.p4slice.fairness.impl.CycleInputs.SliceInput;
import org.p4slice.pipeconf.SliceCounterValues;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;
import org.p4slice.slicing.impl.stats.StatsWindows;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Command-line replay of recorded per-slice counters through the apps' own arithmetic (the slicing
 * app's statistics windows, then the fairness cycle), so that a test harness that read the
 * counters over P4Runtime gets exactly the numbers the app would report.
 * <p>
 * Usage: {@code FairnessReplay [--window N] [--threshold X] [--counter-bits B] [--all] FILE}
 * ({@code -} reads standard input). FILE holds a JSON array of samples, in time order:
 * <pre>
 * [{"t": 0.0, "slices": {"10": {"rxBytes": 0, "txBytes": 0, "dropBytes": 0}},
 *   "quotas": {"10": 25000000}}, ...]
 * </pre>
 * {@code t} in seconds, strictly increasing; counters cumulative, integers in 0..2^63-1 (optionally
 * also {@code rxPackets, txPackets, dropPackets}); {@code quotas} in bits per second, may be left
 * out after the first sample that gives a slice's quota. A slice missing from a sample is treated as
 * removed. Prints the report of the last sample (or, with {@code --all}, an array of one report per
 * sample) in the JSON of {@code GET /fairness}, in monitor mode. Exit status 2 on bad input, with a
 * one-line message on standard error.
 */
public final class FairnessReplay {

    /** The device the replayed counters are attributed to. */
    static final DeviceId REPLAY_DEVICE = DeviceId.deviceId("replay:counters");

    private static final int EXIT_BAD_INPUT = 2;
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double MILLIS_PER_SECOND = 1e3;

    private FairnessReplay() {
    }

    /**
     * Runs the replay.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        try {
            out.println(run(args));
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("FairnessReplay: " + e.getMessage());
            System.exit(EXIT_BAD_INPUT);
        }
    }

    /**
     * Runs the replay and returns what it prints.
     *
     * @param args command line
     * @return JSON text
     * @throws IOException              if the file cannot be read
     * @throws IllegalArgumentException if the command line or the input is invalid
     */
    static String run(String[] args) throws IOException {
        int window = org.p4slice.slicing.impl.stats.OsgiPropertyConstants.WINDOW_SAMPLES_DEFAULT;
        double threshold = OsgiPropertyConstants.THRESHOLD_DEFAULT;
        int bits = org.p4slice.slicing.impl.stats.OsgiPropertyConstants.COUNTER_BITS_DEFAULT;
        boolean all = false;
        String file = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if ("--all".equals(a)) {
                all = true;
            } else if ("--window".equals(a) || "--threshold".equals(a) || "--counter-bits".equals(a)) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = args[++i];
                try {
                    if ("--window".equals(a)) {
                        window = Integer.parseInt(v);
                    } else if ("--threshold".equals(a)) {
                        threshold = Double.parseDouble(v);
                    } else {
                        bits = Integer.parseInt(v);
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(a + " must be a number, got '" + v + "'", e);
                }
            } else if (file == null && (!a.startsWith("--") || "-".equals(a))) {
                file = a;
            } else {
                throw new IllegalArgumentException("unexpected argument '" + a + "'; usage: FairnessReplay "
                                                           + "[--window N] [--threshold X] [--counter-bits B] "
                                                           + "[--all] FILE");
            }
        }
        if (file == null) {
            throw new IllegalArgumentException("no input file; usage: FairnessReplay [--window N] [--threshold X] "
                                                       + "[--counter-bits B] [--all] FILE");
        }
        ObjectMapper mapper = new ObjectMapper();
        JsonNode samples;
        if ("-".equals(file)) {
            samples = mapper.readTree(System.in);
        } else {
            try (InputStream in = Files.newInputStream(Paths.get(file))) {
                samples = mapper.readTree(in);
            }
        }
        List<FairnessReport> reports = replay(samples, window, bits, threshold);
        if (all) {
            ArrayNode array = mapper.createArrayNode();
            reports.forEach(r -> array.add(FairnessReportCodec.encode(r, mapper)));
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(array);
        }
        return mapper.writerWithDefaultPrettyPrinter()
                .writeValueAsString(FairnessReportCodec.encode(reports.get(reports.size() - 1), mapper));
    }

    /**
     * Replays samples.
     *
     * @param samples   JSON array of samples
     * @param window    N, polling intervals in the window
     * @param bits      counter width
     * @param threshold alert threshold (reported)
     * @return one report per sample
     * @throws IllegalArgumentException if the input is invalid (the message says where and why)
     */
    static List<FairnessReport> replay(JsonNode samples, int window, int bits, double threshold) {
        if (samples == null || !samples.isArray() || samples.size() == 0) {
            throw new IllegalArgumentException("input must be a non-empty JSON array of samples");
        }
        if (window < 1) {
            throw new IllegalArgumentException("--window must be >= 1, got " + window);
        }
        if (bits < 1 || bits > 64) {
            throw new IllegalArgumentException("--counter-bits must be in 1..64, got " + bits);
        }
        StatsWindows windows = new StatsWindows(window, bits);
        FairnessCycle cycle = new FairnessCycle(0);
        Map<Integer, Long> quotas = new HashMap<>();
        List<FairnessReport> reports = new ArrayList<>();
        double lastT = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < samples.size(); i++) {
            JsonNode s = samples.get(i);
            String where = "sample " + i;
            if (!s.isObject() || !s.path("t").isNumber()) {
                throw new IllegalArgumentException(where + ": needs a numeric \"t\" (seconds)");
            }
            double t = s.get("t").asDouble();
            if (!(t > lastT)) {
                throw new IllegalArgumentException(where + ": t must increase, got " + t + " after " + lastT);
            }
            lastT = t;
            readQuotas(s.path("quotas"), where, quotas);
            JsonNode cells = s.path("slices");
            if (!cells.isObject()) {
                throw new IllegalArgumentException(where + ": needs an object \"slices\"");
            }
            Map<Integer, SliceCounterValues> reading = new HashMap<>();
            List<SliceInput> inputs = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = cells.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                int id = sliceId(e.getKey(), where);
                Long quota = quotas.get(id);
                if (quota == null) {
                    throw new IllegalArgumentException(where + ": slice " + id + " has no quota");
                }
                reading.put(id, counters(e.getValue(), where + ", slice " + id));
                inputs.add(new SliceInput(SliceId.of(id), null, quota, ImmutableSet.of(REPLAY_DEVICE), new int[0]));
            }
            CycleInputs in = new CycleInputs(inputs, ImmutableList.of());
            long nanos = Math.round(t * NANOS_PER_SECOND);
            SliceStatsSnapshot stats = windows.record(nanos, Math.round(t * MILLIS_PER_SECOND),
                                                      ImmutableMap.of(REPLAY_DEVICE, reading), in.devicesBySlice());
            reports.add(cycle.run(stats, in, FairnessMode.MONITOR, threshold).report());
        }
        return reports;
    }

    private static void readQuotas(JsonNode node, String where, Map<Integer, Long> quotas) {
        if (node.isMissingNode() || node.isNull()) {
            return;
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + ": \"quotas\" must be an object of slice id to bits/s");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            int id = sliceId(e.getKey(), where);
            JsonNode q = e.getValue();
            if (!q.isIntegralNumber() || !q.canConvertToLong() || q.asLong() <= 0) {
                throw new IllegalArgumentException(where + ": quota of slice " + id + " must be an integer > 0, got "
                                                           + q);
            }
            quotas.put(id, q.asLong());
        }
    }

    private static int sliceId(String key, String where) {
        try {
            return SliceId.of(Integer.parseInt(key)).id();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": bad slice id '" + key + "': " + e.getMessage(), e);
        }
    }

    private static SliceCounterValues counters(JsonNode n, String where) {
        if (!n.isObject()) {
            throw new IllegalArgumentException(where + ": counters must be an object");
        }
        for (String required : new String[]{"rxBytes", "txBytes", "dropBytes"}) {
            if (!n.has(required)) {
                throw new IllegalArgumentException(where + ": missing \"" + required + "\"");
            }
        }
        return new SliceCounterValues(count(n, "rxPackets", where), count(n, "rxBytes", where),
                                      count(n, "dropPackets", where), count(n, "dropBytes", where),
                                      count(n, "txPackets", where), count(n, "txBytes", where));
    }

    private static long count(JsonNode n, String field, String where) {
        JsonNode v = n.path(field);
        if (v.isMissingNode()) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw new IllegalArgumentException(where + ": \"" + field + "\" must be an integer in 0..2^63-1, got "
                                                       + v);
        }
        return v.asLong();
    }
}
