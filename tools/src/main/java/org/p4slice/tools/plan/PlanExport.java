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

import org.p4slice.slicing.impl.translator.DevicePlan;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.testbed.scenario.ScenarioReader;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Command-line plan export: what the slicing app makes ONOS write for a scenario's slices
 * ({@link ManagerPlans}: the real slice manager on ONOS's test adapters, its submissions translated
 * by ONOS's PI translators), written as a plan of the bmv2 harness ({@link PlanJson}).
 *
 * <h2>Running it</h2>
 * {@code mvn -B -pl tools -am package -DskipTests} builds {@code tools/target/} and its class path
 * {@code tools/target/lib/}; from the repository root:
 * <pre>
 * tools/run.sh plan-export mininet-tests/scenarios/two-switch-four-slices.json -o plan.json
 * </pre>
 * Usage: {@code PlanExport <scenario.json> [-o <plan.json>]} (scenario format:
 * {@link org.p4slice.testbed.scenario.ScenarioReader}). Without {@code -o} the plan goes to standard
 * output; a one-line summary goes to standard error. Exit codes: 0 written; 2 bad usage, unreadable
 * or invalid scenario, or a slice the slicing app refuses or cannot program (one line
 * {@code plan-export: error: ...} naming the file and the slice); 1 the plan could not be written.
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

        List<SlicePlan> plans;
        try {
            plans = ManagerPlans.export(new ScenarioReader().read(Path.of(scenarioFile)));
        } catch (ScenarioReader.ScenarioException e) {
            err.println("plan-export: error: " + e.getMessage());
            return EXIT_BAD_INPUT;
        } catch (ManagerPlans.ExportException e) {
            err.println("plan-export: error: " + scenarioFile + ": " + e.getMessage());
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
