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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The command-line replay gives the app's numbers for recorded counters.
 */
public class FairnessReplayTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static final String SAMPLES = "["
            + "{\"t\": 0, \"slices\": {\"10\": {\"rxBytes\": 0, \"txBytes\": 0, \"dropBytes\": 0},"
            + "                      \"20\": {\"rxBytes\": 0, \"txBytes\": 0, \"dropBytes\": 0}},"
            + " \"quotas\": {\"10\": 10000000, \"20\": 10000000}},"
            + "{\"t\": 1.0, \"slices\": {\"10\": {\"rxBytes\": 2500000, \"txBytes\": 1187500, \"dropBytes\": 1312500},"
            + "                        \"20\": {\"rxBytes\": 625000, \"txBytes\": 625000, \"dropBytes\": 0}}},"
            + "{\"t\": 2.0, \"slices\": {\"10\": {\"rxBytes\": 5000000, \"txBytes\": 2375000, \"dropBytes\": 2625000},"
            + "                        \"20\": {\"rxBytes\": 1250000, \"txBytes\": 1250000, \"dropBytes\": 0}}}"
            + "]";

    private String file(String content) throws IOException {
        File f = folder.newFile();
        Files.write(f.toPath(), content.getBytes(StandardCharsets.UTF_8));
        return f.getPath();
    }

    @Test
    public void lastReport() throws IOException {
        JsonNode r = new ObjectMapper().readTree(FairnessReplay.run(new String[]{file(SAMPLES)}));
        assertEquals(2.0, r.get("windowSeconds").asDouble(), 1e-9);
        assertEquals(0.0, r.get("cv").asDouble(), 1e-12);
        assertEquals(1.0, r.get("jain").asDouble(), 1e-12);
        assertEquals(0.05, r.get("maxDeviation").asDouble(), 1e-9);
        JsonNode s10 = r.get("slices").get(0);
        assertEquals(10, s10.get("id").asInt());
        assertFalse(s10.has("tenant"));
        assertEquals(10_000_000L, s10.get("quotaBps").asLong());
        assertEquals(9_500_000L, s10.get("rateBps").asLong());
        assertEquals(20_000_000L, s10.get("offeredBps").asLong());
        assertEquals(0.95, s10.get("share").asDouble(), 1e-9);
        assertEquals(0.05, s10.get("deviation").asDouble(), 1e-9);
        assertTrue(s10.get("backlogged").asBoolean());
        JsonNode s20 = r.get("slices").get(1);
        assertEquals(5_000_000L, s20.get("rateBps").asLong());
        assertFalse(s20.get("backlogged").asBoolean());
    }

    @Test
    public void everySampleWithAShorterWindow() throws IOException {
        JsonNode all = new ObjectMapper().readTree(FairnessReplay.run(new String[]{"--all", "--window", "1",
                                                                                 file(SAMPLES)}));
        assertEquals(3, all.size());
        assertEquals(0, all.get(0).get("backlogged").asInt());
        assertEquals(1.0, all.get(2).get("windowSeconds").asDouble(), 1e-9);
        assertEquals(9_500_000L, all.get(2).get("slices").get(0).get("rateBps").asLong());
    }

    @Test
    public void counterResetInTheRecording() throws IOException {
        String samples = SAMPLES.substring(0, SAMPLES.length() - 1)
                + ",{\"t\": 3.0, \"slices\": {\"10\": {\"rxBytes\": 100, \"txBytes\": 100, \"dropBytes\": 0},"
                + "                        \"20\": {\"rxBytes\": 1875000, \"txBytes\": 1875000, \"dropBytes\": 0}}}]";
        JsonNode r = new ObjectMapper().readTree(FairnessReplay.run(new String[]{file(samples)}));
        JsonNode s10 = r.get("slices").get(0);
        assertEquals("no rate right after the reset", 0L, s10.get("rateBps").asLong());
        assertFalse(s10.get("backlogged").asBoolean());
        assertEquals(0.0, r.get("maxDeviation").asDouble(), 0);
        assertEquals(5_000_000L, r.get("slices").get(1).get("rateBps").asLong());
    }

    @Test
    public void badInputIsReportedPrecisely() throws IOException {
        expectBad(new String[]{}, "no input file; usage: FairnessReplay [--window N] [--threshold X] "
                + "[--counter-bits B] [--all] FILE");
        expectBad(new String[]{"--window"}, "--window needs a value");
        expectBad(new String[]{"--window", "x", "f"}, "--window must be a number, got 'x'");
        expectBad(new String[]{"--window", "0", file(SAMPLES)}, "--window must be >= 1, got 0");
        expectBad(new String[]{file("{}")}, "input must be a non-empty JSON array of samples");
        expectBad(new String[]{file("[{\"t\": 1, \"slices\": {}}, {\"t\": 1, \"slices\": {}}]")},
                  "sample 1: t must increase, got 1.0 after 1.0");
        expectBad(new String[]{file("[{\"t\": 0, \"slices\": {\"10\": {\"rxBytes\": 0, \"txBytes\": 0, "
                                            + "\"dropBytes\": 0}}}]")},
                  "sample 0: slice 10 has no quota");
        expectBad(new String[]{file("[{\"t\": 0, \"slices\": {\"5000\": {}}}]")},
                  "sample 0: bad slice id '5000': slice id must be in 1..4094, got 5000");
        expectBad(new String[]{file("[{\"t\": 0, \"quotas\": {\"10\": 1}, \"slices\": {\"10\": {\"rxBytes\": -1, "
                                            + "\"txBytes\": 0, \"dropBytes\": 0}}}]")},
                  "sample 0, slice 10: \"rxBytes\" must be an integer in 0..2^63-1, got -1");
        expectBad(new String[]{file("[{\"t\": 0, \"quotas\": {\"10\": 0}, \"slices\": {}}]")},
                  "sample 0: quota of slice 10 must be an integer > 0, got 0");
        expectBad(new String[]{file("[{\"t\": 0, \"quotas\": {\"10\": 5}, \"slices\": {\"10\": {\"rxBytes\": 1}}}]")},
                  "sample 0, slice 10: missing \"txBytes\"");
    }

    private static void expectBad(String[] args, String message) throws IOException {
        try {
            FairnessReplay.run(args);
            fail("expected: " + message);
        } catch (IllegalArgumentException e) {
            assertEquals(message, e.getMessage());
        }
    }
}
