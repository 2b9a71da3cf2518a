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
package org.p4slice.slicing.conformance;

import org.junit.Test;
import org.onosproject.net.pi.impl.OnosPiTranslation;
import org.onosproject.net.pi.service.PiTranslationException;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.translator.PlanExport;
import org.p4slice.slicing.translator.PlanJson;
import org.p4slice.slicing.translator.Scenario;
import org.p4slice.slicing.translator.ScenarioReader;
import org.p4slice.slicing.translator.SlicePlan;
import org.p4slice.slicing.translator.SliceTranslator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Writes ONOS's translation of a scenario as a plan for the bmv2 harness, and proves it identical to
 * the app's own plan.
 * <p>
 * The scenario's slices go the way {@code PlanExport} takes them ({@link ScenarioReader}, then
 * {@link SliceTranslator}); each slice plan is programmed through {@code DeviceProgrammer} against
 * recording ONOS services, and every flow rule, meter and group it submits is translated by ONOS's
 * own PI translators ({@link OnosPiTranslation}). Those PI entities are written in the harness's
 * plan format ({@link PlanJson}, {@code mininet-tests/p4slice_harness/plan.py}) to
 * {@code apps/slicing/target/onos-plan/<scenario>.plan.json}; {@code PlanExport} writes the app's
 * plan next to it ({@code <scenario>.app.plan.json}) and the test asserts both texts identical.
 * <p>
 * From the repository root:
 * <pre>
 * mvn -B -pl apps/slicing test -Dtest=OnosPlanExportTest
 * </pre>
 * writes {@code apps/slicing/target/onos-plan/two-switch-four-slices.plan.json} (add
 * {@code -Dp4slice.scenario=<path relative to apps/slicing or absolute>} for another scenario); the
 * harness installs it like any plan. It needs the compiled P4Info packaged with the pipeconf.
 * <p>
 * The bmv2 harness's direct mode installs the committed copies in
 * {@code mininet-tests/scenarios/plans/<scenario>.onos.plan.json}: this test fails when one no
 * longer equals ONOS's translation (the example's copy must exist); {@code -Dp4slice.updatePlans=true}
 * rewrites the copy of the scenario exported.
 */
public class OnosPlanExportTest {

    /** System property naming the scenario to export. */
    static final String SCENARIO_PROPERTY = "p4slice.scenario";
    private static final String EXAMPLE = "../../mininet-tests/scenarios/two-switch-four-slices.json";
    private static final Path OUT_DIR = Path.of("target", "onos-plan");
    /** Where the bmv2 harness takes the ONOS-translated plans from (committed, checked here). */
    private static final Path COMMITTED_DIR = Path.of("..", "..", "mininet-tests", "scenarios", "plans");
    /** System property: rewrite the committed plan instead of only checking it. */
    static final String UPDATE_PROPERTY = "p4slice.updatePlans";

    @Test
    public void onosTranslationOfScenarioIsTheAppsPlan()
            throws IOException, ScenarioReader.ScenarioException, PiTranslationException {
        Path scenarioFile = Path.of(System.getProperty(SCENARIO_PROPERTY, EXAMPLE));
        int slices = exportAndCheck(scenarioFile, Boolean.getBoolean(UPDATE_PROPERTY));
        if (EXAMPLE.equals(scenarioFile.toString())) {
            // the example has four slices over two switches
            assertEquals(4, slices);
        }
    }

    /**
     * Every scenario of mininet-tests/scenarios has its committed ONOS translation, and it is current.
     */
    @Test
    public void everyCommittedPlanIsOnosTranslationOfItsScenario()
            throws IOException, ScenarioReader.ScenarioException, PiTranslationException {
        List<Path> scenarios;
        try (Stream<Path> files = Files.list(COMMITTED_DIR.getParent())) {
            scenarios = files.filter(f -> f.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        assertTrue("no scenarios found next to " + COMMITTED_DIR, scenarios.size() >= 2);
        for (Path scenarioFile : scenarios) {
            exportAndCheck(scenarioFile, false);
        }
    }

    /**
     * Translates a scenario's slices through the device programmer and ONOS's PI translators, writes
     * it and the app's own plan under target/onos-plan, asserts them identical and the committed copy
     * current (rewriting it first when asked).
     */
    private static int exportAndCheck(Path scenarioFile, boolean update)
            throws IOException, ScenarioReader.ScenarioException, PiTranslationException {
        OnosPiTranslation onos = ConformanceRig.onos();
        String name = scenarioFile.getFileName().toString().replaceFirst("\\.json$", "");
        Files.createDirectories(OUT_DIR);
        Path onosFile = OUT_DIR.resolve(name + ".plan.json");
        Path appFile = OUT_DIR.resolve(name + ".app.plan.json");

        Scenario scenario = new ScenarioReader().read(scenarioFile);
        SliceTranslator translator = new SliceTranslator();
        List<SlicePlan> onosPlans = new ArrayList<>();
        int entries = 0;
        for (Slice slice : scenario.slices()) {
            ConformanceRig.Submitted submitted = ConformanceRig.program(translator.translate(slice, scenario.facts()));
            entries += submitted.flowRules.size();
            onosPlans.add(ConformanceRig.asPlan(ConformanceRig.translate(onos, submitted)));
        }
        String onosJson = PlanJson.toJsonString(onosPlans);
        Files.write(onosFile, onosJson.getBytes(StandardCharsets.UTF_8));

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = PlanExport.run(new String[]{scenarioFile.toString(), "-o", appFile.toString()},
                                  new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                                  new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("PlanExport: " + err.toString(StandardCharsets.UTF_8), PlanExport.EXIT_OK, exit);
        String appJson = Files.readString(appFile, StandardCharsets.UTF_8);

        assertEquals("ONOS's translation (" + onosFile + ") must be the app's plan (" + appFile + ")",
                     appJson, onosJson);
        Path committed = COMMITTED_DIR.resolve(name + ".onos.plan.json");
        if (update) {
            Files.write(committed, onosJson.getBytes(StandardCharsets.UTF_8));
        }
        assertTrue("no committed ONOS translation " + committed + ": write it with mvn -B -pl apps/slicing test"
                           + " -Dtest=OnosPlanExportTest -D" + UPDATE_PROPERTY + "=true -D" + SCENARIO_PROPERTY
                           + "=" + scenarioFile, Files.exists(committed));
        assertEquals("the committed ONOS translation " + committed + " is stale: regenerate it with"
                             + " mvn -B -pl apps/slicing test -Dtest=OnosPlanExportTest -D" + UPDATE_PROPERTY
                             + "=true -D" + SCENARIO_PROPERTY + "=" + scenarioFile,
                     onosJson, Files.readString(committed, StandardCharsets.UTF_8));
        System.out.println("onos-plan: " + onosPlans.size() + " slice(s), " + entries
                                   + " table entries translated by ONOS written to " + onosFile.toAbsolutePath());
        return onosPlans.size();
    }
}
