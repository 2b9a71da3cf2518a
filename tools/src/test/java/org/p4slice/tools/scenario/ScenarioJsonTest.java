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
package org.p4slice.tools.scenario;

import org.p4slice.testbed.scenario.ScenarioReader;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The scenario-json command prints the reader's model with the defaults resolved, and the reader's
 * message for an invalid scenario.
 */
public class ScenarioJsonTest {

    private static final Path EXAMPLE = Path.of("../mininet-tests/scenarios/two-switch-four-slices.json");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String stdin, String... args) {
        return ScenarioJson.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                                new PrintStream(out, true, StandardCharsets.UTF_8),
                                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private JsonNode printed() throws Exception {
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
    }

    @Test
    public void printsTheModelWithDefaultsResolved() throws Exception {
        String scenario = "{'description': 'one', 'meta': {'x': 1},"
                + " 'devices': [{'id': 'device:bmv2:s1', 'ports': [{'port': 1, 'speedBps': 1000},"
                + " {'port': 2, 'speedBps': 1000}]}, {'id': 'device:bmv2:s2', 'name': 'core',"
                + " 'ports': [{'port': 5, 'speedBps': 2000}]}],"
                + " 'links': [{'src': {'device': 'device:bmv2:s1', 'port': 2},"
                + " 'dst': {'device': 'device:bmv2:s2', 'port': 5}, 'meta': {}}],"
                + " 'hosts': [{'name': 'h1', 'mac': '00:00:00:00:00:0A', 'ip': '10.0.0.1/24',"
                + " 'device': 'device:bmv2:s1', 'port': 1}],"
                + " 'slices': [{'id': 10, 'name': 'a', 'tenant': 't', 'vlan': 110, 'quotaBps': 500,"
                + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}]}";
        assertEquals(0, run(scenario.replace('\'', '"'), "-"));
        String expected = "{'version': 1, 'description': 'one',"
                + " 'devices': [{'id': 'device:bmv2:s1', 'name': 's1', 'ports': [{'port': 1, 'speedBps': 1000},"
                + " {'port': 2, 'speedBps': 1000}]}, {'id': 'device:bmv2:s2', 'name': 'core',"
                + " 'ports': [{'port': 5, 'speedBps': 2000}]}],"
                + " 'links': [{'src': {'device': 'device:bmv2:s1', 'port': 2},"
                + " 'dst': {'device': 'device:bmv2:s2', 'port': 5}}],"
                + " 'hosts': [{'name': 'h1', 'mac': '00:00:00:00:00:0a', 'ip': '10.0.0.1/24',"
                + " 'device': 'device:bmv2:s1', 'port': 1}],"
                + " 'slices': [{'id': 10, 'name': 'a', 'tenant': 't', 'vlan': 110, 'quotaBps': 500,"
                + " 'burstBytes': 65536, 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]}]}";
        assertEquals(new ObjectMapper().readTree(expected.replace('\'', '"')), printed());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    public void hostWithoutAddressAndMinimalScenario() throws Exception {
        assertEquals(0, run("{\"devices\": [{\"id\": \"device:bmv2:s9\", \"ports\": [{\"port\": 0, \"speedBps\": 1}]}],"
                                    + " \"hosts\": [{\"name\": \"h\", \"mac\": \"00:00:00:00:00:01\","
                                    + " \"device\": \"device:bmv2:s9\", \"port\": 0}]}", "-"));
        JsonNode json = printed();
        assertEquals("", json.get("description").asText());
        assertEquals("s9", json.get("devices").get(0).get("name").asText());
        assertTrue(json.get("hosts").get(0).get("ip").isNull());
        assertEquals(0, json.get("links").size());
        assertEquals(0, json.get("slices").size());
    }

    @Test
    public void readsAFileAsTheReaderDoes() throws Exception {
        assertEquals(0, run("", EXAMPLE.toString()));
        assertEquals(new ObjectMapper().readTree(ScenarioJson.toJson(new ScenarioReader().read(EXAMPLE)).toString()),
                     printed());
        assertEquals(4, printed().get("slices").size());
    }

    @Test
    public void invalidScenarioGivesTheReadersMessage() {
        assertEquals(ScenarioJson.EXIT_BAD_INPUT, run("{\"hosts\": []}", "-"));
        assertEquals("scenario-json: error: scenario: missing key \"devices\"\n", err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    public void missingFileIsNamed() {
        assertEquals(ScenarioJson.EXIT_BAD_INPUT, run("", "target/no-such-scenario.json"));
        assertTrue(err.toString(StandardCharsets.UTF_8),
                   err.toString(StandardCharsets.UTF_8).startsWith(
                           "scenario-json: error: cannot read scenario target/no-such-scenario.json: "));
    }

    @Test
    public void usage() {
        assertEquals(ScenarioJson.EXIT_BAD_INPUT, run(""));
        assertEquals(ScenarioJson.EXIT_BAD_INPUT, run("", "a.json", "b.json"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: ScenarioJson"));
        assertEquals(ScenarioJson.EXIT_OK, run("", "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: ScenarioJson"));
    }
}
