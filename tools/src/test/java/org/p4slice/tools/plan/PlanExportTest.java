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
package org.p4slice.tools.plan;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Tests of the command-line plan export.
 */
public class PlanExportTest {

    /** The example scenario shipped for the harness (tests run in tools/). */
    private static final String EXAMPLE = "../mininet-tests/scenarios/two-switch-four-slices.json";
    /** The committed plan of the example: what the slice manager makes ONOS write (CommittedPlansTest). */
    private static final String EXAMPLE_PLAN = "../mininet-tests/scenarios/plans/two-switch-four-slices.onos.plan.json";
    /**
     * The example: 4 slices over two switches; on each switch, per slice, 2 classifier and 2 egress VLAN
     * entries and one unicast entry per host of the slice (2 hosts each).
     */
    private static final String EXAMPLE_SUMMARY = "4 slice(s): 48 table entries, 8 meter cell(s), 8 multicast group(s)";
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

    /** The shipped example gives its committed plan. */
    @Test
    public void exampleScenarioToStdout() throws IOException {
        assertEquals(err(), 0, run(EXAMPLE));
        assertEquals(Files.readString(Path.of(EXAMPLE_PLAN)), out());
        assertEquals("plan-export: " + EXAMPLE_SUMMARY + " written to standard output\n", err());
    }

    @Test
    public void exampleScenarioToFile() throws IOException {
        File plan = new File(tmp.getRoot(), "plan.json");
        assertEquals(err(), 0, run(EXAMPLE, "-o", plan.getPath()));
        assertEquals(Files.readString(Path.of(EXAMPLE_PLAN)), Files.readString(plan.toPath()));
        assertEquals("", out());
        assertEquals("plan-export: " + EXAMPLE_SUMMARY + " written to " + plan.getPath() + "\n", err());
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

    /** A slice the slice manager refuses (on the CPU port) is refused with its path and the manager's words. */
    @Test
    public void untranslatableSlice() throws IOException {
        String cpuPort = scenario("{\"devices\": [{\"id\": \"device:bmv2:s1\", \"ports\": [{\"port\": 255, "
                                          + "\"speedBps\": 1000}]}], \"slices\": [{\"id\": 3, \"name\": \"x\", "
                                          + "\"tenant\": \"t\", \"vlan\": 103, \"quotaBps\": 100, \"endpoints\": "
                                          + "[{\"device\": \"device:bmv2:s1\", \"port\": 255, "
                                          + "\"mode\": \"access\"}]}]}");
        assertEquals(2, run(cpuPort, "-o", new File(tmp.getRoot(), "never.json").getPath()));
        assertEquals("plan-export: error: " + cpuPort + ": slices[0] (t/x): refused by the slice manager "
                             + "(INVALID): slice 3 cannot be expressed in the p4slice pipeline: port "
                             + "device:bmv2:s1/255 is the CPU port and cannot be a slice port\n", err());
        assertTrue(!new File(tmp.getRoot(), "never.json").exists());
    }

    /** Two switches without a link between them: ONOS has no path, the manager refuses the slice. */
    @Test
    public void sliceWithoutPath() throws IOException {
        String apart = scenario("{\"devices\": [{\"id\": \"device:bmv2:s1\", \"ports\": [{\"port\": 1, "
                                        + "\"speedBps\": 1000000}]}, {\"id\": \"device:bmv2:s2\", \"ports\": "
                                        + "[{\"port\": 1, \"speedBps\": 1000000}]}], \"slices\": [{\"id\": 3, "
                                        + "\"name\": \"x\", \"tenant\": \"t\", \"vlan\": 103, \"quotaBps\": 100, "
                                        + "\"endpoints\": [{\"device\": \"device:bmv2:s1\", \"port\": 1, "
                                        + "\"mode\": \"access\"}, {\"device\": \"device:bmv2:s2\", \"port\": 1, "
                                        + "\"mode\": \"access\"}]}]}");
        assertEquals(2, run(apart));
        assertTrue(err(), err().startsWith("plan-export: error: " + apart + ": slices[0] (t/x): refused by the slice "
                                                   + "manager ("));
        assertEquals("", out());
    }

    @Test
    public void unwritableOutput() {
        assertEquals(1, run(EXAMPLE, "-o", tmp.getRoot().getPath()));
        assertTrue(err(), err().startsWith("plan-export: error: cannot write " + tmp.getRoot().getPath() + ": "));
    }
}
