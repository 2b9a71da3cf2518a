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
package org.p4slice.slicing.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;

import java.io.IOException;
import java.util.Optional;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * Tests of the slice request codec: the shape of POST/PUT bodies and netcfg slices.
 */
public class SliceRequestCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ConnectPoint S1P1 = ConnectPoint.deviceConnectPoint("device:bmv2:s1/1");
    private static final ConnectPoint S1P3 = ConnectPoint.deviceConnectPoint("device:bmv2:s1/3");

    private final CodecContext context = SlicingCodecs.context();

    private static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text.replace('\'', '"'));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static final String EP = "'endpoints': [{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'}]";

    private static void assertRefused(String body, String message) {
        try {
            SliceRequestCodec.fromJson(json(body));
            fail("accepted " + body);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), is(message));
        }
    }

    @Test
    public void decodesEveryField() {
        SliceRequest r = SliceRequestCodec.fromJson(json("{'id': 7, 'name': 'itb-lab1', 'tenant': 'itb', "
                + "'vlan': 107, 'quotaBps': 25000000, 'burstBytes': 4096, 'endpoints': ["
                + "{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access'},"
                + "{'device': 'device:bmv2:s1', 'port': 3, 'mode': 'TRUNK'}]}"));
        assertThat(r.id(), is(Optional.of(SliceId.of(7))));
        assertThat(r.name(), is("itb-lab1"));
        assertThat(r.tenant(), is(TenantId.of("itb")));
        assertThat(r.vlan(), is(Optional.of(VlanId.vlanId((short) 107))));
        assertThat(r.quotaBps(), is(25_000_000L));
        assertThat(r.burstBytes(), is(4096L));
        assertThat(r.endpoints(), contains(Endpoint.access(S1P1), Endpoint.trunk(S1P3)));
    }

    @Test
    public void optionalFieldsMayBeAbsentOrNull() {
        SliceRequest r = SliceRequestCodec.fromJson(json("{'name': 'a', 'tenant': 't', 'quotaBps': 1, "
                + "'id': null, 'vlan': null, " + EP + "}"));
        assertThat(r.id(), is(Optional.empty()));
        assertThat(r.vlan(), is(Optional.empty()));
        assertThat(r.burstBytes(), is(SliceRequest.DEFAULT_BURST_BYTES));
    }

    @Test
    public void decodeThroughTheCodecInterface() {
        SliceRequest r = SlicingCodecs.SLICE_REQUEST.decode(
                (ObjectNode) json("{'name': 'a', 'tenant': 't', 'quotaBps': 5, " + EP + "}"), context);
        assertThat(r.endpoints(), contains(Endpoint.access(S1P1)));
    }

    @Test
    public void encodeThenDecodeGivesTheSameRequest() {
        SliceRequest r = SliceRequest.builder().id(SliceId.of(9)).name("n").tenant(TenantId.of("t"))
                .vlan(VlanId.vlanId((short) 300)).quotaBps(10_000_000L).burstBytes(1500)
                .addEndpoint(Endpoint.access(S1P1)).addEndpoint(Endpoint.trunk(S1P3)).build();
        ObjectNode n = SlicingCodecs.SLICE_REQUEST.encode(r, context);
        assertThat(n.toString(), is(("{'id':9,'name':'n','tenant':'t','vlan':300,'quotaBps':10000000,"
                + "'burstBytes':1500,'endpoints':[{'device':'device:bmv2:s1','port':1,'mode':'access'},"
                + "{'device':'device:bmv2:s1','port':3,'mode':'trunk'}]}").replace('\'', '"')));
        assertThat(SliceRequestCodec.fromJson(n), is(r));
    }

    @Test
    public void encodeOmitsAbsentIdAndVlan() {
        SliceRequest r = SliceRequest.builder().name("n").tenant(TenantId.of("t")).quotaBps(1)
                .addEndpoint(Endpoint.access(S1P1)).build();
        ObjectNode n = SlicingCodecs.SLICE_REQUEST.encode(r, context);
        assertThat(n.has("id"), is(false));
        assertThat(n.has("vlan"), is(false));
        assertThat(SliceRequestCodec.fromJson(n), is(r));
    }

    @Test
    public void refusesWhatIsNotAnObject() {
        assertRefused("[1]", "a slice request must be a JSON object, got [1]");
        assertRefused("7", "a slice request must be a JSON object, got 7");
        try {
            SliceRequestCodec.fromJson(null);
            fail("accepted null");
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), is("a slice request must be a JSON object, got null"));
        }
    }

    @Test
    public void refusesUnknownFields() {
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'quota': 2, " + EP + "}",
                      "unknown field \"quota\"");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'state': 'ACTIVE', " + EP + "}",
                      "unknown field \"state\"");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': "
                              + "[{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'access', 'vlan': 3}]}",
                      "unknown endpoint field \"vlan\"");
    }

    @Test
    public void refusesMissingFields() {
        assertRefused("{'tenant': 't', 'quotaBps': 1, " + EP + "}", "\"name\" is missing");
        assertRefused("{'name': 'a', 'quotaBps': 1, " + EP + "}", "\"tenant\" is missing");
        assertRefused("{'name': 'a', 'tenant': 't', " + EP + "}", "\"quotaBps\" is missing");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1}",
                      "\"endpoints\" must be an array of {device, port, mode}");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': [{'port': 1, 'mode': 'access'}]}",
                      "\"device\" is missing");
    }

    @Test
    public void refusesWrongTypes() {
        assertRefused("{'name': 5, 'tenant': 't', 'quotaBps': 1, " + EP + "}", "\"name\" must be a string, got 5");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': '100', " + EP + "}",
                      "\"quotaBps\" must be an integer, got \"100\"");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1.5, " + EP + "}",
                      "\"quotaBps\" must be an integer, got 1.5");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'burstBytes': true, " + EP + "}",
                      "\"burstBytes\" must be an integer, got true");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': {}}",
                      "\"endpoints\" must be an array of {device, port, mode}");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': ['device:bmv2:s1/1']}",
                      "an endpoint must be an object {device, port, mode}, got \"device:bmv2:s1/1\"");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': "
                              + "[{'device': 'device:bmv2:s1', 'port': '1', 'mode': 'access'}]}",
                      "\"port\" must be an integer, got \"1\"");
    }

    @Test
    public void refusesNumbersTooLarge() {
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 99999999999999999999, " + EP + "}",
                      "\"quotaBps\" must be an integer, got 99999999999999999999");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1e30, " + EP + "}",
                      "\"quotaBps\" must be an integer, got 1.0E30");
        assertRefused("{'id': 4095, 'name': 'a', 'tenant': 't', 'quotaBps': 1, " + EP + "}",
                      "slice id must be in 1..4094, got 4095");
        assertRefused("{'id': 4294967297, 'name': 'a', 'tenant': 't', 'quotaBps': 1, " + EP + "}",
                      "slice id must be in 1..4094, got 4294967297");
        assertRefused("{'name': 'a', 'tenant': 't', 'vlan': 65537, 'quotaBps': 1, " + EP + "}",
                      "vlan must be a 12-bit VLAN id in 0..4095, got 65537");
    }

    @Test
    public void refusesNegativeNumbersOfIdentifiers() {
        assertRefused("{'id': -3, 'name': 'a', 'tenant': 't', 'quotaBps': 1, " + EP + "}",
                      "slice id must be in 1..4094, got -3");
        assertRefused("{'name': 'a', 'tenant': 't', 'vlan': -1, 'quotaBps': 1, " + EP + "}",
                      "vlan must be a 12-bit VLAN id in 0..4095, got -1");
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': "
                              + "[{'device': 'device:bmv2:s1', 'port': -1, 'mode': 'access'}]}",
                      "endpoint port must be a port number, got -1");
    }

    @Test
    public void leavesValueChecksToTheManager() {
        // values the manager refuses with a precise message pass the shape check unchanged
        SliceRequest r = SliceRequestCodec.fromJson(json("{'name': 'a', 'tenant': 't', 'vlan': 0, "
                + "'quotaBps': -5, 'burstBytes': 0, 'endpoints': []}"));
        assertThat(r.vlan(), is(Optional.of(VlanId.vlanId((short) 0))));
        assertThat(r.quotaBps(), is(-5L));
        assertThat(r.burstBytes(), is(0L));
        assertThat(r.endpoints().isEmpty(), is(true));
    }

    @Test
    public void refusesBadModeAndTenant() {
        assertRefused("{'name': 'a', 'tenant': 't', 'quotaBps': 1, 'endpoints': "
                              + "[{'device': 'device:bmv2:s1', 'port': 1, 'mode': 'tagged'}]}",
                      "endpoint mode must be \"access\" or \"trunk\", got \"tagged\"");
        assertRefused("{'name': 'a', 'tenant': 'a b', 'quotaBps': 1, " + EP + "}",
                      "tenant may only contain A-Z a-z 0-9 . _ -, got \"a b\"");
        assertRefused("{'name': 'a', 'tenant': '', 'quotaBps': 1, " + EP + "}", "tenant must not be empty");
    }
}
