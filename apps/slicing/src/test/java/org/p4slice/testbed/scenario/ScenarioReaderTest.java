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

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.onlab.packet.MacAddress;
import org.onosproject.net.PortNumber;
import org.p4slice.slicing.impl.translator.KnownHosts;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.p4slice.testbed.PlanFixtures.S1;
import static org.p4slice.testbed.PlanFixtures.S2;
import static org.p4slice.testbed.PlanFixtures.S3;
import static org.p4slice.testbed.PlanFixtures.access;
import static org.p4slice.testbed.PlanFixtures.cp;
import static org.p4slice.testbed.PlanFixtures.link;
import static org.p4slice.testbed.PlanFixtures.thrown;
import static org.p4slice.testbed.PlanFixtures.trunk;

/**
 * Tests of scenario reading and validation.
 */
public class ScenarioReaderTest {

    private static final String DEVICES = "'devices': ["
            + "{'id': 'device:bmv2:s1', 'ports': [{'port': 1, 'speedBps': 1000}, {'port': 5, 'speedBps': 2000}]},"
            + "{'id': 'device:bmv2:s2', 'name': 'core', 'meta': {'x': 1},"
            + " 'ports': [{'port': 5, 'speedBps': 2000}, {'port': 6, 'speedBps': 2000}]},"
            + "{'id': 'device:bmv2:s3', 'ports': [{'port': 2, 'speedBps': 1000}, {'port': 6, 'speedBps': 2000}]}]";
    private static final String LINKS = "'links': ["
            + "{'src': {'device': 'device:bmv2:s1', 'port': 5}, 'dst': {'device': 'device:bmv2:s2', 'port': 5}},"
            + "{'src': {'device': 'device:bmv2:s3', 'port': 6}, 'dst': {'device': 'device:bmv2:s2', 'port': 6}}]";
    private static final String HOSTS = "'hosts': ["
            + "{'name': 'h1', 'mac': '00:00:00:00:00:01', 'ip': '10.0.0.1/24', 'device': 'device:bmv2:s1', 'port': 1},"
            + "{'name': 'h3', 'mac': '00:00:00:00:00:03', 'device': 'device:bmv2:s3', 'port': 2}]";
    private static final String SLICE_10 = "{'id': 10, 'name': 'a', 'tenant': 't', 'vlan': 110, 'quotaBps': 500,"
            + " 'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'},"
            + " {'device': 'device:bmv2:s3', 'port': 2, 'mode': 'trunk'}]}";

    private final ScenarioReader reader = new ScenarioReader();

    private static String json(String singleQuoted) {
        return "{" + singleQuoted.replace('\'', '"') + "}";
    }

    private Scenario parse(String body) throws ScenarioReader.ScenarioException {
        return reader.parse(json(body));
    }

    private void assertInvalid(String body, String message) {
        ScenarioReader.ScenarioException e = thrown(ScenarioReader.ScenarioException.class, () -> parse(body));
        assertEquals(message, e.getMessage());
    }

    @Test
    public void readsChainScenario() throws Exception {
        Scenario scenario = parse("'version': 1, 'description': 'chain', 'meta': {'any': [1]}, "
                                          + DEVICES + ", " + LINKS + ", " + HOSTS + ", 'slices': [" + SLICE_10 + "]");
        assertEquals(ImmutableMap.of(
                S1, ImmutableMap.of(PortNumber.portNumber(1), 1000L, PortNumber.portNumber(5), 2000L),
                S2, ImmutableMap.of(PortNumber.portNumber(5), 2000L, PortNumber.portNumber(6), 2000L),
                S3, ImmutableMap.of(PortNumber.portNumber(2), 1000L, PortNumber.portNumber(6), 2000L)),
                     scenario.portSpeeds());
        assertEquals(ImmutableList.of(link(cp(S1, 5), cp(S2, 5)), link(cp(S3, 6), cp(S2, 6))), scenario.links());
        assertEquals(KnownHosts.builder().host(cp(S1, 1), MacAddress.valueOf("00:00:00:00:00:01"))
                             .host(cp(S3, 2), MacAddress.valueOf("00:00:00:00:00:03")).build(),
                     scenario.facts());
        // burst defaults to 65536; trunks are not resolved here (the slice manager does it over ONOS's paths)
        SliceRequest request = scenario.slices().get(0);
        assertEquals(1, scenario.slices().size());
        assertEquals(Optional.of(SliceId.of(10)), request.id());
        assertEquals(Optional.of(VlanId.vlanId((short) 110)), request.vlan());
        assertEquals("a", request.name());
        assertEquals(TenantId.of("t"), request.tenant());
        assertEquals(500L, request.quotaBps());
        assertEquals(65_536L, request.burstBytes());
        assertEquals(ImmutableList.of(access(S1, 1), trunk(S3, 2)), ImmutableList.copyOf(request.endpoints()));
    }

    @Test
    public void minimalScenario() throws Exception {
        Scenario scenario = parse("'devices': [{'id': 'device:bmv2:s9', 'ports': [{'port': 0, 'speedBps': 1}]}]");
        assertEquals(ImmutableList.of(), scenario.slices());
        assertEquals(ImmutableList.of(), scenario.links());
        assertEquals(KnownHosts.empty(), scenario.facts());
    }

    @Test
    public void refusesMalformedJson() {
        ScenarioReader.ScenarioException e = thrown(ScenarioReader.ScenarioException.class,
                                                    () -> reader.parse("{\"devices\": [}"));
        assertTrue(e.getMessage(), e.getMessage().startsWith("not valid JSON: Unexpected close marker '}'"));
        assertTrue(e.getMessage(), e.getMessage().endsWith("(line 1, column 15)"));
        e = thrown(ScenarioReader.ScenarioException.class, () -> reader.parse("{\"devices\": [], \"devices\": []}"));
        assertTrue(e.getMessage(), e.getMessage().startsWith("not valid JSON: Duplicate field 'devices'"));
        e = thrown(ScenarioReader.ScenarioException.class, () -> reader.parse("{} {}"));
        assertTrue(e.getMessage(), e.getMessage().startsWith("not valid JSON: Trailing token"));
    }

    @Test
    public void refusesBadShape() {
        assertInvalid("'switches': []", "scenario: unknown key \"switches\" (allowed: devices, version, "
                + "description, meta, links, hosts, slices)");
        assertInvalid("'hosts': []", "scenario: missing key \"devices\"");
        assertInvalid("'version': 2, 'devices': []", "version: unsupported version 2 (this reader reads 1)");
        assertInvalid("'devices': []", "devices: at least one device is required");
        assertInvalid("'devices': [{'id': 's1', 'ports': [{'port': 1, 'speedBps': 1}]}]",
                      "devices[0].id: \"s1\" is not a device id such as \"device:bmv2:s1\"");
        assertInvalid("'devices': [{'id': 'device:bmv2:s1', 'ports': [{'port': 512, 'speedBps': 1}]}]",
                      "devices[0].ports[0].port: expected an integer in 0..511, got 512");
        assertInvalid("'devices': [{'id': 'device:bmv2:s1', 'ports': [{'port': 1, 'speedBps': 1.5}]}]",
                      "devices[0].ports[0].speedBps: expected an integer in 1..9223372036854775807, got 1.5");
        assertInvalid("'devices': [{'id': 'device:bmv2:s1', 'ports': [{'port': 1, 'speedBps': 1},"
                              + " {'port': 1, 'speedBps': 2}]}]",
                      "devices[0].ports[1].port: port 1 of device:bmv2:s1 is declared twice");
        assertInvalid("'devices': [{'id': 'device:bmv2:s1', 'ports': [{'port': 1, 'speedBps': 1}]},"
                              + " {'id': 'device:bmv2:s1', 'ports': [{'port': 1, 'speedBps': 1}]}]",
                      "devices[1].id: device \"device:bmv2:s1\" is declared twice");
    }

    @Test
    public void refusesBadLinksAndHosts() {
        assertInvalid(DEVICES + ", 'links': [{'src': {'device': 'device:bmv2:s1', 'port': 5},"
                              + " 'dst': {'device': 'device:bmv2:s2', 'port': 9}}]",
                      "links[0].dst.port: port 9 of device:bmv2:s2 is not declared in \"devices\"");
        assertInvalid(DEVICES + ", 'links': [{'src': {'device': 'device:bmv2:s1', 'port': 5},"
                              + " 'dst': {'device': 'device:bmv2:s2', 'port': 5, 'speed': 1}}]",
                      "links[0].dst: unknown key \"speed\" (allowed: device, port)");
        assertInvalid(DEVICES + ", " + LINKS.replace("'device:bmv2:s3', 'port': 6", "'device:bmv2:s1', 'port': 5"),
                      "links[1]: port device:bmv2:s1/5 is already used by links[0]");
        assertInvalid(DEVICES + ", " + LINKS + ", 'hosts': [{'name': 'x', 'mac': '00:00:00:00:00:01',"
                              + " 'device': 'device:bmv2:s2', 'port': 5}]",
                      "hosts[0]: port device:bmv2:s2/5 is an inter-switch link port (links[0]), not a host port");
        assertInvalid(DEVICES + ", 'hosts': [{'name': 'x', 'mac': '00:00:00:00:00:0g',"
                              + " 'device': 'device:bmv2:s1', 'port': 1}]",
                      "hosts[0].mac: \"00:00:00:00:00:0g\" is not a MAC address such as \"00:00:00:00:00:01\"");
        assertInvalid(DEVICES + ", 'hosts': [{'name': 'x', 'mac': '00:00:00:00:00:01', 'ip': '10.0.0.1/33',"
                              + " 'device': 'device:bmv2:s1', 'port': 1}]",
                      "hosts[0].ip: \"10.0.0.1/33\" is not an IP address with optional prefix length such as "
                              + "\"10.0.0.1/24\"");
        assertInvalid(DEVICES + ", " + HOSTS.replace("'h3', 'mac': '00:00:00:00:00:03'",
                                                     "'h3', 'mac': '00:00:00:00:00:01'"),
                      "hosts[1].mac: 00:00:00:00:00:01 is already the MAC of hosts[0]");
        assertInvalid(DEVICES + ", " + HOSTS.replace("'device': 'device:bmv2:s3', 'port': 2",
                                                     "'device': 'device:bmv2:s1', 'port': 1"),
                      "hosts[1]: port device:bmv2:s1/1 already has a host (hosts[0])");
    }

    @Test
    public void keepsNamesDescriptionAndHosts() throws Exception {
        Scenario scenario = parse("'description': 'chain', " + DEVICES + ", " + LINKS + ", " + HOSTS);
        assertEquals("chain", scenario.description());
        assertEquals(ImmutableMap.of(S1, "s1", S2, "core", S3, "s3"), scenario.deviceNames());
        assertEquals(ImmutableList.of(
                new ScenarioHost("h1", MacAddress.valueOf("00:00:00:00:00:01"), Optional.of("10.0.0.1/24"), cp(S1, 1)),
                new ScenarioHost("h3", MacAddress.valueOf("00:00:00:00:00:03"), Optional.empty(), cp(S3, 2))),
                     scenario.hosts());
        assertEquals("", parse(DEVICES).description());
    }

    @Test
    public void refusesBadSlices() {
        String base = DEVICES + ", " + LINKS + ", 'slices': [";
        assertInvalid(base + SLICE_10.replace("'vlan': 110, ", "") + "]",
                      "slices[0].vlan: required in a scenario (no allocator runs here)");
        assertInvalid(base + SLICE_10.replace("'id': 10, ", "'state': 'ACTIVE', ") + "]",
                      "slices[0]: unknown field \"state\"");
        assertInvalid(base + SLICE_10.replace("'quotaBps': 500", "'quotaBps': 0") + "]",
                      "slices[0].quotaBps: must be > 0, got 0");
        assertInvalid(base + SLICE_10 + ", " + SLICE_10.replace("'vlan': 110", "'vlan': 111")
                              .replace("'access'", "'trunk'") + "]",
                      "slices[1].id: slice id 10 is already used by slices[0].id");
        assertInvalid(base + SLICE_10 + ", " + SLICE_10.replace("'id': 10", "'id': 11")
                              .replace("'name': 'a'", "'name': 'b'").replace("'vlan': 110", "'vlan': 111") + "]",
                      "slices[1].endpoints: access port device:bmv2:s1/1 is already used by slices[0].endpoints");
        assertInvalid(base + SLICE_10.replace("'port': 1,", "'port': 5,") + "]",
                      "slices[0].endpoints[0]: port device:bmv2:s1/5 is an inter-switch link port (links[0]); trunk "
                              + "links are resolved from \"links\", not declared as endpoints");
        assertInvalid(base + SLICE_10.replace("'port': 2, 'mode': 'trunk'", "'port': 7, 'mode': 'trunk'") + "]",
                      "slices[0].endpoints[1].port: port 7 of device:bmv2:s3 is not declared in \"devices\"");
    }

    @Test
    public void readNamesTheFile() {
        Path missing = Path.of("target", "no-such-scenario.json");
        ScenarioReader.ScenarioException e = thrown(ScenarioReader.ScenarioException.class,
                                                    () -> reader.read(missing));
        assertTrue(e.getMessage(), e.getMessage().startsWith("cannot read scenario target/no-such-scenario.json: "));
    }
}
