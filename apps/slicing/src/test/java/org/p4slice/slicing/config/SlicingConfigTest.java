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
package org.p4slice.slicing.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.p4slice.testbed.TestbedNetwork;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The {@code p4slice} network configuration: every field, defaults, and each malformed value
 * with the message that says what is wrong.
 */
public class SlicingConfigTest {

    private static SlicingConfig config(String json) throws IOException {
        return TestbedNetwork.appConfig(new SlicingConfig(), SlicingConfig.KEY,
                                        new ObjectMapper().readTree(json.replace('\'', '"')));
    }

    @Test
    public void emptyConfigHasTheDefaults() throws IOException {
        SlicingConfig c = config("{}");
        assertTrue(c.isValid());
        assertEquals(Optional.empty(), c.guardBand());
        assertEquals("100-3999", c.vlanPool().toString());
        assertEquals(Optional.empty(), c.tenants());
        assertEquals(Map.of(), c.capacityOverrides());
        assertEquals(List.of(), c.slices());
    }

    @Test
    public void readsEveryField() throws IOException {
        SlicingConfig c = config("{'guardBand': 0.1, 'vlanPool': '200-299', 'tenants': ['itb', 'ufrgs'],"
                                         + " 'capacityOverrides': {'device:bmv2:s1/1': 1000000000},"
                                         + " 'slices': [{'id': 7, 'name': 'itb-lab1', 'tenant': 'itb', 'vlan': 207,"
                                         + " 'quotaBps': 25000000, 'burstBytes': 1500, 'endpoints': ["
                                         + "{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'},"
                                         + "{'device': 'device:bmv2:s1', 'port': 3, 'mode': 'TRUNK'}]}]}");
        assertTrue(c.validationError().toString(), c.isValid());
        assertEquals(Optional.of(0.1), c.guardBand());
        assertEquals("200-299", c.vlanPool().toString());
        assertEquals(Optional.of(Set.of(TenantId.of("itb"), TenantId.of("ufrgs"))), c.tenants());
        assertEquals(Map.of(ConnectPoint.deviceConnectPoint("device:bmv2:s1/1"), 1_000_000_000L),
                     c.capacityOverrides());
        SliceRequest r = c.slices().get(0);
        assertEquals(Optional.of(SliceId.of(7)), r.id());
        assertEquals("itb-lab1", r.name());
        assertEquals(Optional.of(VlanId.vlanId((short) 207)), r.vlan());
        assertEquals(25_000_000L, r.quotaBps());
        assertEquals(1500, r.burstBytes());
        assertEquals(Set.of(Endpoint.access(ConnectPoint.deviceConnectPoint("device:bmv2:s1/1")),
                            Endpoint.trunk(ConnectPoint.deviceConnectPoint("device:bmv2:s1/3"))), r.endpoints());
    }

    @Test
    public void emptyTenantListIsConfigured() throws IOException {
        assertEquals(Optional.of(Set.of()), config("{'tenants': []}").tenants());
    }

    @Test
    public void reportsWhatIsWrong() throws IOException {
        expectInvalid("{'guardband': 0.1}", "p4slice config: only guardBand, vlanPool, tenants, capacityOverrides, "
                + "slices and infrastructurePorts are allowed, got [guardband]");
        expectInvalid("{'infrastructurePorts': 'device:bmv2:s1/3'}", "p4slice config: infrastructurePorts must be an "
                + "array of ports such as \"device:bmv2:s1/3\", got \"device:bmv2:s1/3\"");
        expectInvalid("{'infrastructurePorts': ['s1']}", "p4slice config: infrastructurePorts: \"s1\" is not a port "
                + "such as \"device:bmv2:s1/3\"");
        expectInvalid("{'guardBand': 1}", "p4slice config: guardBand must be in [0, 1), got 1");
        expectInvalid("{'guardBand': -0.1}", "p4slice config: guardBand must be in [0, 1), got -0.1");
        expectInvalid("{'guardBand': '5%'}", "p4slice config: guardBand must be a number, got \"5%\"");
        expectInvalid("{'vlanPool': 100}", "p4slice config: vlanPool must be a string such as \"100-3999\", got 100");
        expectInvalid("{'vlanPool': '0-10'}", "p4slice config: vlanPool \"0-10\": range 0-10 is outside 2..4094");
        expectInvalid("{'tenants': 'itb'}", "p4slice config: tenants must be an array of strings, got \"itb\"");
        expectInvalid("{'tenants': ['a b']}", "p4slice config: tenant may only contain A-Z a-z 0-9 . _ -, "
                + "got \"a b\"");
        expectInvalid("{'capacityOverrides': {'s1': 5}}", "p4slice config: capacityOverrides: \"s1\" is not a port "
                + "such as \"device:bmv2:s1/1\"");
        expectInvalid("{'capacityOverrides': {'device:bmv2:s1/1': 0}}", "p4slice config: capacityOverrides: "
                + "capacity of device:bmv2:s1/1 must be a positive integer (bits/s), got 0");
        expectInvalid("{'capacityOverrides': {'device:bmv2:s1/1': 1.5}}", "p4slice config: capacityOverrides: "
                + "capacity of device:bmv2:s1/1 must be a positive integer (bits/s), got 1.5");
        expectInvalid("{'slices': {}}", "p4slice config: slices must be an array of slice requests, got {}");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': [], 'color': 1}]}",
                      "p4slice config: slices[0]: unknown field \"color\"");
        expectInvalid("{'slices': [{'tenant': 'itb', 'quotaBps': 1, 'endpoints': []}]}",
                      "p4slice config: slices[0]: \"name\" is missing");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': '1', 'endpoints': []}]}",
                      "p4slice config: slices[0]: \"quotaBps\" must be an integer, got \"1\"");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'id': 5000, 'endpoints': []}]}",
                      "p4slice config: slices[0]: slice id must be in 1..4094, got 5000");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'vlan': 4096, 'endpoints': []}]}",
                      "p4slice config: slices[0]: vlan must be a 12-bit VLAN id in 0..4095, got 4096");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': 1}]}",
                      "p4slice config: slices[0]: \"endpoints\" must be an array of {device, port, mode}");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': "
                              + "[{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'tagged'}]}]}",
                      "p4slice config: slices[0]: endpoint mode must be \"access\" or \"trunk\", got \"tagged\"");
        expectInvalid("{'slices': [{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': "
                              + "[{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access', 'vlan': 3}]}]}",
                      "p4slice config: slices[0]: unknown endpoint field \"vlan\"");
    }

    private static void expectInvalid(String json, String message) throws IOException {
        SlicingConfig c = config(json);
        assertFalse(json, c.isValid());
        assertEquals(Optional.of(message), c.validationError());
    }
}
