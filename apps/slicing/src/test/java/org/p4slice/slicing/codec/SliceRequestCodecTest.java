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

import org.p4slice.slicing.json.SliceRequestJson;
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

/**
 * Tests of the slice request codec: the shape of POST/PUT bodies and netcfg slices (the malformed
 * ones are in {@link CodecBadInputTest}).
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

    @Test
    public void decodesEveryField() {
        SliceRequest r = SliceRequestJson.request(json("{'id': 7, 'name': 'itb-lab1', 'tenant': 'itb', "
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
        SliceRequest r = SliceRequestJson.request(json("{'name': 'a', 'tenant': 't', 'quotaBps': 1, "
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
        assertThat(SliceRequestJson.request(n), is(r));
    }

    @Test
    public void encodeOmitsAbsentIdAndVlan() {
        SliceRequest r = SliceRequest.builder().name("n").tenant(TenantId.of("t")).quotaBps(1)
                .addEndpoint(Endpoint.access(S1P1)).build();
        ObjectNode n = SlicingCodecs.SLICE_REQUEST.encode(r, context);
        assertThat(n.has("id"), is(false));
        assertThat(n.has("vlan"), is(false));
        assertThat(SliceRequestJson.request(n), is(r));
    }







    @Test
    public void leavesValueChecksToTheManager() {
        // values the manager refuses with a precise message pass the shape check unchanged
        SliceRequest r = SliceRequestJson.request(json("{'name': 'a', 'tenant': 't', 'vlan': 0, "
                + "'quotaBps': -5, 'burstBytes': 0, 'endpoints': []}"));
        assertThat(r.vlan(), is(Optional.of(VlanId.vlanId((short) 0))));
        assertThat(r.quotaBps(), is(-5L));
        assertThat(r.burstBytes(), is(0L));
        assertThat(r.endpoints().isEmpty(), is(true));
    }

}
