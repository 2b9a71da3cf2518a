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
package org.p4slice.slicing.translator;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Tests of the command-line plan export.
 */
public class PlanExportTest {

    /** The example scenario shipped for the harness (tests run in apps/slicing). */
    private static final String EXAMPLE = "../../mininet-tests/scenarios/two-switch-four-slices.json";
    private static final String USAGE = "usage: PlanExport <scenario.json> [-o <plan.json>]\n";

    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return PlanExport.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                              new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private String scenario(String json) throws IOException {
        File f = tmp.newFile();
        Files.writeString(f.toPath(), json);
        return f.getPath();
    }

    /** The shipped example gives the reviewed plan: 4 slices x 2 switches x 6 entries. */
    @Test
    public void exampleScenarioToStdout() throws IOException {
        assertEquals(0, run(EXAMPLE));
        assertEquals(PlanJsonTest.resource("two-switch-four-slices.plan.json"), out());
        assertEquals("plan-export: 4 slice(s): 48 table entries, 8 meter cell(s), 8 multicast group(s) written to "
                             + "standard output\n", err());
    }

    @Test
    public void exampleScenarioToFile() throws IOException {
        File plan = new File(tmp.getRoot(), "plan.json");
        assertEquals(0, run(EXAMPLE, "-o", plan.getPath()));
        assertEquals(PlanJsonTest.resource("two-switch-four-slices.plan.json"), Files.readString(plan.toPath()));
        assertEquals("", out());
        assertEquals("plan-export: 4 slice(s): 48 table entries, 8 meter cell(s), 8 multicast group(s) written to "
                             + plan.getPath() + "\n", err());
    }

    @Test
    public void help() {
        assertEquals(0, run("--help"));
        assertEquals(USAGE, out());
    }

    @Test
    public void badUsage() {
        assertEquals(2, run());
        assertEquals("plan-export: error: no scenario file given\n" + USAGE, err());
        err.reset();
        assertEquals(2, run(EXAMPLE, "--verbose"));
        assertEquals("plan-export: error: unknown option --verbose\n" + USAGE, err());
        err.reset();
        assertEquals(2, run(EXAMPLE, "-o"));
        assertEquals("plan-export: error: -o needs a file name\n" + USAGE, err());
        err.reset();
        assertEquals(2, run(EXAMPLE, EXAMPLE));
        assertEquals("plan-export: error: only one scenario file may be given, got " + EXAMPLE + " and " + EXAMPLE
                             + "\n" + USAGE, err());
        assertEquals("", out());
    }

    @Test
    public void unreadableScenario() {
        String missing = new File(tmp.getRoot(), "missing.json").getPath();
        assertEquals(2, run(missing));
        assertTrue(err(), err().startsWith("plan-export: error: cannot read scenario " + missing + ": "));
        assertEquals("", out());
    }

    @Test
    public void parseErrorsAreOneClearLine() throws IOException {
        String broken = scenario("{\"devices\": [");
        assertEquals(2, run(broken));
        assertTrue(err(), err().startsWith("plan-export: error: " + broken + ": not valid JSON: "));
        assertEquals(1, err().split("\n").length);
        err.reset();
        String invalid = scenario("{\"devices\": [{\"id\": \"device:bmv2:s1\", \"ports\": [{\"port\": 1}]}]}");
        assertEquals(2, run(invalid));
        assertEquals("plan-export: error: " + invalid + ": devices[0].ports[0]: missing key \"speedBps\"\n", err());
        assertEquals("", out());
    }

    /** A slice the pipeline cannot express (on the CPU port) is refused with its path. */
    @Test
    public void untranslatableSlice() throws IOException {
        String cpuPort = scenario("{\"devices\": [{\"id\": \"device:bmv2:s1\", \"ports\": [{\"port\": 255, "
                                          + "\"speedBps\": 1000}]}], \"slices\": [{\"id\": 3, \"name\": \"x\", "
                                          + "\"tenant\": \"t\", \"vlan\": 103, \"quotaBps\": 100, \"endpoints\": "
                                          + "[{\"device\": \"device:bmv2:s1\", \"port\": 255, "
                                          + "\"mode\": \"access\"}]}]}");
        assertEquals(2, run(cpuPort, "-o", new File(tmp.getRoot(), "never.json").getPath()));
        assertEquals("plan-export: error: " + cpuPort + ": slices[0]: port device:bmv2:s1/255 is the CPU port and "
                             + "cannot be a slice port\n", err());
        assertTrue(!new File(tmp.getRoot(), "never.json").exists());
    }

    @Test
    public void unwritableOutput() {
        assertEquals(1, run(EXAMPLE, "-o", tmp.getRoot().getPath()));
        assertTrue(err(), err().startsWith("plan-export: error: cannot write " + tmp.getRoot().getPath() + ": "));
    }
}
