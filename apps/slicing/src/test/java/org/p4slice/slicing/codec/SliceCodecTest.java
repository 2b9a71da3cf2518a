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

import com.google.common.collect.ImmutableList;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.Link;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.TenantId;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Tests of the slice codec and the slice list.
 */
public class SliceCodecTest {

    private static final ProviderId PID = new ProviderId("test", "org.p4slice.test");

    private final CodecContext context = SlicingCodecs.context();

    private static ConnectPoint cp(String s) {
        return ConnectPoint.deviceConnectPoint(s);
    }

    private static String q(String s) {
        return s.replace('\'', '"');
    }

    static Slice slice(int id, String name) {
        return Slice.builder().id(SliceId.of(id)).name(name).tenant(TenantId.of("itb"))
                .vlan(VlanId.vlanId((short) (100 + id))).quotaBps(25_000_000L)
                .endpoints(ImmutableList.of(Endpoint.access(cp("device:bmv2:s1/1")))).state(SliceState.ACTIVE)
                .build();
    }

    @Test
    public void encodesTheContractShape() {
        assertThat(SlicingCodecs.SLICE.encode(slice(7, "itb-lab1"), context).toString(), is(q(
                "{'id':7,'name':'itb-lab1','tenant':'itb','vlan':107,'quotaBps':25000000,'burstBytes':65536,"
                        + "'endpoints':[{'device':'device:bmv2:s1','port':1,'mode':'access'}],'trunkLinks':[],"
                        + "'state':'ACTIVE','reason':null}")));
    }

    @Test
    public void listsEndpointsAndLinksInPortOrderAndGivesTheReason() {
        Link link = DefaultLink.builder().providerId(PID).src(cp("device:bmv2:s1/3")).dst(cp("device:bmv2:s2/3"))
                .type(Link.Type.DIRECT).build();
        Slice s = slice(3, "x").toBuilder()
                .endpoints(ImmutableList.of(Endpoint.access(cp("device:bmv2:s2/10")),
                                            Endpoint.access(cp("device:bmv2:s2/2")),
                                            Endpoint.trunk(cp("device:bmv2:s1/4"))))
                .trunkLinks(ImmutableList.of(link)).state(SliceState.FAILED).reason("device:bmv2:s2 timed out")
                .build();
        assertThat(SlicingCodecs.SLICE.encode(s, context).toString(), is(q(
                "{'id':3,'name':'x','tenant':'itb','vlan':103,'quotaBps':25000000,'burstBytes':65536,"
                        + "'endpoints':[{'device':'device:bmv2:s1','port':4,'mode':'trunk'},"
                        + "{'device':'device:bmv2:s2','port':2,'mode':'access'},"
                        + "{'device':'device:bmv2:s2','port':10,'mode':'access'}],"
                        + "'trunkLinks':[{'src':{'device':'device:bmv2:s1','port':3},"
                        + "'dst':{'device':'device:bmv2:s2','port':3}}],"
                        + "'state':'FAILED','reason':'device:bmv2:s2 timed out'}")));
    }

    @Test
    public void listsSlicesById() {
        String json = SlicingCodecs.slices(ImmutableList.of(slice(12, "b"), slice(2, "a")), context).toString();
        assertThat(json.indexOf("\"id\":2"), is(json.indexOf("{\"id\"") + 1));
        assertThat(json.startsWith("{\"slices\":[{\"id\":2,\"name\":\"a\""), is(true));
        assertThat(SlicingCodecs.slices(ImmutableList.of(), context).toString(), is("{\"slices\":[]}"));
    }
}
