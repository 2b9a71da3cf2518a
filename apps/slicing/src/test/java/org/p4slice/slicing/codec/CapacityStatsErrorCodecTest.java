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
import org.onosproject.codec.CodecContext;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultLink;
import org.onosproject.net.Link;
import org.onosproject.net.provider.ProviderId;
import org.p4slice.slicing.api.AdmissionRefusedException;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.stats.SliceStats;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Tests of the capacity, statistics and error codecs.
 */
public class CapacityStatsErrorCodecTest {

    private final CodecContext context = SlicingCodecs.context();

    private static String q(String s) {
        return s.replace('\'', '"');
    }

    @Test
    public void encodesTheCapacityReport() {
        PortCapacity p = PortCapacity.of(ConnectPoint.deviceConnectPoint("device:bmv2:s1/1"), 100_000_000L, 0.05,
                                         25_000_000L, 70_000_000L);
        Link l = DefaultLink.builder().providerId(new ProviderId("test", "org.p4slice.test"))
                .src(ConnectPoint.deviceConnectPoint("device:bmv2:s1/3"))
                .dst(ConnectPoint.deviceConnectPoint("device:bmv2:s2/3")).type(Link.Type.DIRECT).build();
        LinkCapacity lc = LinkCapacity.of(l, 1_000_000_000L, 0.05, 0L, 950_000_000L);
        assertThat(SlicingCodecs.capacity(ImmutableList.of(p), ImmutableList.of(lc), context).toString(), is(q(
                "{'ports':[{'device':'device:bmv2:s1','port':1,'capacityBps':100000000,'guardBand':0.05,"
                        + "'allocatedBps':25000000,'availableBps':70000000}],"
                        + "'links':[{'src':{'device':'device:bmv2:s1','port':3},"
                        + "'dst':{'device':'device:bmv2:s2','port':3},'capacityBps':1000000000,'guardBand':0.05,"
                        + "'allocatedBps':0,'availableBps':950000000}]}")));
        assertThat(SlicingCodecs.capacity(ImmutableList.of(), ImmutableList.of(), context).toString(),
                   is(q("{'ports':[],'links':[]}")));
    }

    @Test
    public void statsRoundTrip() {
        SliceStats s = SliceStats.builder().counts(2, 1, 6, 5, 4, 3).rates(7, 0, 8).build();
        String json = SlicingCodecs.SLICE_STATS.encode(s, context).toString();
        assertThat(json, is(q("{'rxBytes':1,'rxPackets':2,'txBytes':3,'txPackets':4,'dropBytes':5,"
                                      + "'dropPackets':6,'rxBps':7,'txBps':8}")));
        assertThat(SlicingCodecs.SLICE_STATS.decode(SlicingCodecs.SLICE_STATS.encode(s, context), context), is(s));
        assertThat(SlicingCodecs.SLICE_STATS.encode(SliceStats.ZERO, context).toString(),
                   is(q("{'rxBytes':0,'rxPackets':0,'txBytes':0,'txPackets':0,'dropBytes':0,"
                                + "'dropPackets':0,'rxBps':0,'txBps':0}")));
    }

    // which status a refusal's kind gets is the web module's (RefusalStatusTest there)
    @Test
    public void errorsCarryTheirCodeAndMessage() {
        ApiError notFound = ApiError.of(404, "slice 9 does not exist");
        assertThat(notFound.code(), is(404));
        assertThat(notFound.message(), is("slice 9 does not exist"));
        assertThat(SlicingCodecs.API_ERROR.encode(notFound, context).toString(),
                   is(q("{'code':404,'message':'slice 9 does not exist'}")));
        ApiError refused = ApiError.of(409, new AdmissionRefusedException("port device:bmv2:s1/1", 100, 90, 10, 5)
                .getMessage());
        assertThat(SlicingCodecs.API_ERROR.decode(SlicingCodecs.API_ERROR.encode(refused, context), context),
                   is(refused));
    }
}
