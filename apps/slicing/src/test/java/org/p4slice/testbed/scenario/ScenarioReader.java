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
package org.p4slice.testbed.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and validates a scenario file: a test-bed topology, its hosts and the slices to create on
 * it, for the plan exporter ({@code PlanExport}), the dev server and the bmv2 harness. The format
 * and its rules are specified once, in {@code docs/scenario-format.md}; every problem is
 * reported with the JSON path of the offending element.
 */
public final class ScenarioReader {

    /** Version of the scenario format read. */
    public static final int VERSION = 1;

    private final ObjectMapper mapper = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * A scenario that cannot be read; the message says where and why.
     */
    public static final class ScenarioException extends Exception {
        private static final long serialVersionUID = 1L;

        ScenarioException(String message) {
            super(message);
        }
    }

    /**
     * Reads a scenario file.
     *
     * @param file scenario JSON file
     * @return scenario
     * @throws ScenarioException if the file cannot be read, is not JSON or is not a valid scenario;
     *                           the message starts with the file name
     */
    public Scenario read(Path file) throws ScenarioException {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioException("cannot read scenario " + file + ": " + e);
        }
        try {
            return parse(text);
        } catch (ScenarioException e) {
            throw new ScenarioException(file + ": " + e.getMessage());
        }
    }

    /**
     * Parses a scenario from JSON text.
     *
     * @param json JSON text
     * @return scenario
     * @throws ScenarioException if the text is not JSON or not a valid scenario
     */
    public Scenario parse(String json) throws ScenarioException {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ScenarioException("not valid JSON: " + e.getOriginalMessage()
                                                + (at == null ? "" : " (line " + at.getLineNr() + ", column "
                                                + at.getColumnNr() + ")"));
        }
        try {
            return new ScenarioParse().scenario(root);
        } catch (IllegalArgumentException e) {
            throw new ScenarioException(e.getMessage());
        }
    }
}
