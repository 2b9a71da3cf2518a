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

import org.junit.Test;
import org.p4slice.slicing.impl.translator.SlicePlan;
import org.p4slice.testbed.scenario.ScenarioReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The plans the bmv2 harness installs ({@code mininet-tests/scenarios/plans/<scenario>.onos.plan.json})
 * are what the slice manager makes ONOS write for each scenario of {@code mininet-tests/scenarios}:
 * this test exports every scenario through {@link ManagerPlans} and fails when a committed plan is
 * missing or stale. To rewrite them, from the repository root:
 * <pre>
 * mvn -B -pl tools -am test -Dtest=CommittedPlansTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dp4slice.updatePlans=true
 * </pre>
 */
public class CommittedPlansTest {

    /** System property: rewrite the committed plans instead of only checking them. */
    static final String UPDATE_PROPERTY = "p4slice.updatePlans";
    private static final Path SCENARIOS = Path.of("..", "mininet-tests", "scenarios");
    private static final Path COMMITTED = SCENARIOS.resolve("plans");

    @Test
    public void everyCommittedPlanIsWhatTheManagerMakesOnosWrite() throws Exception {
        List<Path> scenarios;
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            scenarios = files.filter(f -> f.toString().endsWith(".json")).sorted().collect(Collectors.toList());
        }
        assertTrue("no scenarios found in " + SCENARIOS.toAbsolutePath(), scenarios.size() >= 3);
        boolean update = Boolean.getBoolean(UPDATE_PROPERTY);
        for (Path scenario : scenarios) {
            check(scenario, update);
        }
        try (Stream<Path> files = Files.list(COMMITTED)) {
            assertEquals("a committed plan without its scenario", scenarios.size(), files.count());
        }
    }

    private static void check(Path scenarioFile, boolean update) throws Exception {
        List<SlicePlan> plans = ManagerPlans.export(new ScenarioReader().read(scenarioFile));
        assertTrue(scenarioFile + " declares slices", !plans.isEmpty());
        String json = PlanJson.toJsonString(plans);
        String name = scenarioFile.getFileName().toString().replaceFirst("\\.json$", "");
        Path committed = COMMITTED.resolve(name + ".onos.plan.json");
        if (update) {
            Files.write(committed, json.getBytes(StandardCharsets.UTF_8));
        }
        String regenerate = "regenerate with: mvn -B -pl tools -am test -Dtest=CommittedPlansTest"
                + " -Dsurefire.failIfNoSpecifiedTests=false -D" + UPDATE_PROPERTY + "=true";
        assertTrue("no committed plan " + committed + ": " + regenerate, Files.exists(committed));
        assertEquals("the committed plan " + committed + " is stale: " + regenerate, json, read(committed));
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
