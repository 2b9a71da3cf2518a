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

import org.p4slice.slicing.api.Slice;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command-line entry point of the plan export: reads a scenario, translates its slices with
 * {@link SliceTranslator} and writes the plan JSON of the bmv2 harness ({@link PlanJson}).
 *
 * <h2>Running it</h2>
 * {@code mvn -pl apps/slicing package} (or {@code verify}) writes the module jar and copies its
 * runtime class path into {@code apps/slicing/target/plan-export-lib/}. From the repository root:
 * <pre>
 * java -cp 'apps/slicing/target/p4slice-slicing-1.0.0-SNAPSHOT.jar:apps/slicing/target/plan-export-lib/*' \
 *     org.p4slice.slicing.translator.PlanExport mininet-tests/scenarios/two-switch-four-slices.json -o plan.json
 * </pre>
 * Usage: {@code PlanExport <scenario.json> [-o <plan.json>]}. Without {@code -o} the plan goes to
 * standard output; a one-line summary goes to standard error. Exit codes: 0 written; 2 bad usage,
 * unreadable or invalid scenario, or a slice the pipeline cannot express (one line
 * {@code plan-export: error: ...} naming the file and the JSON path); 1 the plan could not be
 * written.
 *
 * <h2>Scenario format (version 1)</h2>
 * <pre>
 * {
 *   "version": 1,                                  optional; 1 if absent
 *   "description": "two switches, four slices",    optional string
 *   "meta": {...},                                 optional object, ignored (harness extras)
 *   "devices": [                                   at least one
 *     {"id": "device:bmv2:s1",                     ONOS device id, unique
 *      "name": "s1",                               optional, unique; default: text after the last ':'
 *      "ports": [{"port": 1, "speedBps": 40000000}],   port 0..511, speed in bit/s &gt; 0
 *      "meta": {...}}                              optional, ignored
 *   ],
 *   "links": [                                     optional; undirected inter-switch links
 *     {"src": {"device": "device:bmv2:s1", "port": 5},
 *      "dst": {"device": "device:bmv2:s2", "port": 5},
 *      "meta": {...}}                              optional, ignored
 *   ],
 *   "hosts": [                                     optional
 *     {"name": "h1", "mac": "00:00:00:00:00:01",
 *      "ip": "10.0.0.1/24",                        optional (IPv4 or IPv6, optional prefix length)
 *      "device": "device:bmv2:s1", "port": 1,
 *      "meta": {...}}                              optional, ignored
 *   ],
 *   "slices": [                                    optional; slice requests in the REST shape
 *     {"id": 10, "name": "lab-a", "tenant": "itb", "vlan": 110,
 *      "quotaBps": 8000000, "burstBytes": 65536,   burstBytes optional (65536)
 *      "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"}]}
 *   ]
 * }
 * </pre>
 * Rules: unknown keys and duplicate keys are errors; every referenced device and port must be
 * declared under {@code devices}; a port belongs to at most one link; hosts and endpoints are not
 * on link ports; host names and MACs are unique. Slices: {@code id} (1..4094) and {@code vlan}
 * (1..4094) are required here and unique (no allocator runs), names unique per tenant, quota and
 * burst &gt; 0, at least one endpoint, an access port in at most one slice. The inter-switch links
 * a slice crosses are not declared: they are the shortest paths over {@code links} from the
 * slice's first device (by id) to its other devices, and transit switches of a chain join the
 * slice. Hosts become the translator's known hosts (unicast entries); admission (the guard band)
 * is not checked here, it is the slice manager's job.
 */
public final class PlanExport {

    /** Exit code: plan written. */
    public static final int EXIT_OK = 0;
    /** Exit code: the plan could not be written. */
    public static final int EXIT_WRITE_FAILED = 1;
    /** Exit code: bad usage, invalid scenario or untranslatable slice. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String USAGE = "usage: PlanExport <scenario.json> [-o <plan.json>]";

    private PlanExport() {
        // entry point only
    }

    /**
     * Runs the export and exits with its exit code.
     *
     * @param args command-line arguments
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the export.
     *
     * @param args command-line arguments
     * @param out  where the plan goes without {@code -o}
     * @param err  where the summary and errors go
     * @return exit code
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String scenarioFile = null;
        String outputFile = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if ("-h".equals(arg) || "--help".equals(arg)) {
                out.println(USAGE);
                return EXIT_OK;
            } else if ("-o".equals(arg) || "--output".equals(arg)) {
                if (i + 1 >= args.length || outputFile != null) {
                    return usage(err, outputFile != null ? "-o given twice" : "-o needs a file name");
                }
                outputFile = args[++i];
            } else if (arg.startsWith("-")) {
                return usage(err, "unknown option " + arg);
            } else if (scenarioFile != null) {
                return usage(err, "only one scenario file may be given, got " + scenarioFile + " and " + arg);
            } else {
                scenarioFile = arg;
            }
        }
        if (scenarioFile == null) {
            return usage(err, "no scenario file given");
        }

        List<SlicePlan> plans = new ArrayList<>();
        SliceTranslator translator = new SliceTranslator();
        try {
            Scenario scenario = new ScenarioReader().read(Path.of(scenarioFile));
            for (int i = 0; i < scenario.slices().size(); i++) {
                Slice slice = scenario.slices().get(i);
                try {
                    plans.add(translator.translate(slice, scenario.facts()));
                } catch (IllegalArgumentException e) {
                    throw new ScenarioReader.ScenarioException(scenarioFile + ": slices[" + i + "]: "
                                                                       + e.getMessage());
                }
            }
        } catch (ScenarioReader.ScenarioException e) {
            err.println("plan-export: error: " + e.getMessage());
            return EXIT_BAD_INPUT;
        }

        String json = PlanJson.toJsonString(plans);
        if (outputFile == null) {
            out.print(json);
            out.flush();
        } else {
            try {
                Files.write(Path.of(outputFile), json.getBytes(StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
                err.println("plan-export: error: cannot write " + outputFile + ": " + e);
                return EXIT_WRITE_FAILED;
            }
        }
        err.println("plan-export: " + summary(plans) + " written to "
                            + (outputFile == null ? "standard output" : outputFile));
        return EXIT_OK;
    }

    private static String summary(List<SlicePlan> plans) {
        int entries = 0;
        int devices = 0;
        for (SlicePlan plan : plans) {
            for (DevicePlan device : plan.devices().values()) {
                entries += device.entries().size();
                devices++;
            }
        }
        return plans.size() + " slice(s): " + entries + " table entries, " + devices + " meter cell(s), "
                + devices + " multicast group(s)";
    }

    private static int usage(PrintStream err, String problem) {
        err.println("plan-export: error: " + problem);
        err.println(USAGE);
        return EXIT_BAD_INPUT;
    }
}
