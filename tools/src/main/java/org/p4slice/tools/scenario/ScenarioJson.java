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

import org.p4slice.testbed.scenario.Scenario;
import org.p4slice.testbed.scenario.ScenarioHost;
import org.p4slice.testbed.scenario.ScenarioReader;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The scenario as {@link ScenarioReader} read it, as JSON: validated, every default resolved
 * (device names, {@code burstBytes}, {@code description}), MACs in lower case, {@code meta} dropped,
 * everything in declaration order. This is what the bmv2 harness builds its scenario objects from,
 * so the format has one reader.
 * <p>
 * Usage: {@code ScenarioJson FILE} ({@code -} reads standard input). Output:
 * <pre>
 * {"version": 1, "description": "...",
 *  "devices": [{"id": "device:bmv2:s1", "name": "s1", "ports": [{"port": 1, "speedBps": 40000000}]}],
 *  "links": [{"src": {"device": ..., "port": 5}, "dst": {"device": ..., "port": 5}}],
 *  "hosts": [{"name": "h1", "mac": "00:00:00:00:00:01", "ip": "10.0.0.1/24" or null,
 *             "device": ..., "port": 1}],
 *  "slices": [slice requests in the REST shape, id, vlan and burstBytes always present]}
 * </pre>
 * Exit codes: 0 printed; 2 bad usage or an unreadable or invalid scenario, with one line
 * {@code scenario-json: error: <the reader's message>} on standard error.
 */
public final class ScenarioJson {

    /** Exit code: scenario printed. */
    public static final int EXIT_OK = 0;
    /** Exit code: bad usage, unreadable or invalid scenario. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String USAGE = "usage: ScenarioJson <scenario.json | ->";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ScenarioJson() {
        // entry point and encoder only
    }

    /**
     * Prints a scenario file as JSON and exits with the exit code.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        System.exit(run(args, System.in, new PrintStream(System.out, true, StandardCharsets.UTF_8),
                        System.err));
    }

    /**
     * Reads the scenario named on the command line and prints it as JSON.
     *
     * @param args command line: one file name, or {@code -} for {@code in}
     * @param in   standard input
     * @param out  where the JSON goes
     * @param err  where errors go
     * @return exit code
     */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        if (args.length == 1 && ("-h".equals(args[0]) || "--help".equals(args[0]))) {
            out.println(USAGE);
            return EXIT_OK;
        }
        if (args.length != 1 || args[0].isEmpty()) {
            err.println("scenario-json: error: one scenario file (or -) expected; " + USAGE);
            return EXIT_BAD_INPUT;
        }
        ScenarioReader reader = new ScenarioReader();
        Scenario scenario;
        try {
            scenario = "-".equals(args[0])
                    ? reader.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    : reader.read(Path.of(args[0]));
        } catch (ScenarioReader.ScenarioException e) {
            err.println("scenario-json: error: " + e.getMessage());
            return EXIT_BAD_INPUT;
        } catch (IOException e) {
            err.println("scenario-json: error: cannot read standard input: " + e);
            return EXIT_BAD_INPUT;
        }
        out.println(toJson(scenario).toPrettyString());
        return EXIT_OK;
    }

    /**
     * Encodes a scenario in the shape described above.
     *
     * @param scenario scenario
     * @return JSON object
     */
    public static ObjectNode toJson(Scenario scenario) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("version", ScenarioReader.VERSION);
        root.put("description", scenario.description());
        ArrayNode devices = root.putArray("devices");
        for (Map.Entry<DeviceId, Map<PortNumber, Long>> d : scenario.portSpeeds().entrySet()) {
            ObjectNode device = devices.addObject();
            device.put("id", d.getKey().toString());
            device.put("name", scenario.deviceNames().get(d.getKey()));
            ArrayNode ports = device.putArray("ports");
            d.getValue().forEach((port, speed) -> ports.addObject().put("port", port.toLong())
                    .put("speedBps", speed));
        }
        ArrayNode links = root.putArray("links");
        for (Link l : scenario.links()) {
            ObjectNode link = links.addObject();
            port(link.putObject("src"), l.src());
            port(link.putObject("dst"), l.dst());
        }
        ArrayNode hosts = root.putArray("hosts");
        for (ScenarioHost h : scenario.hosts()) {
            ObjectNode host = hosts.addObject();
            host.put("name", h.name());
            host.put("mac", h.mac().toString().toLowerCase(Locale.ROOT));
            host.put("ip", h.ip().orElse(null));
            port(host, h.location());
        }
        ArrayNode slices = root.putArray("slices");
        for (SliceRequest request : scenario.slices()) {
            slices.add(SlicingCodecs.SLICE_REQUEST.encode(request, SlicingCodecs.context()));
        }
        return root;
    }

    private static void port(ObjectNode node, ConnectPoint cp) {
        node.put("device", cp.deviceId().toString());
        node.put("port", cp.port().toLong());
    }
}
