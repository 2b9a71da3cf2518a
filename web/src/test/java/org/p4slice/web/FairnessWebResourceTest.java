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
package org.p4slice.web;

import org.p4slice.testbed.RestServices;
import org.p4slice.testbed.SliceStatsServiceAdapter;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.testing.FixedFairnessService;

import javax.ws.rs.core.Response;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

/**
 * GET /fairness, /fairness/history and /metrics over a fairness service holding a known report.
 */
public class FairnessWebResourceTest extends RestTestBase {

    @Before
    public void withFairnessService() {
        setServiceDirectory(RestServices.directory(testbed, new SliceStatsServiceAdapter())
                                    .add(FairnessService.class, new FixedFairnessService()));
    }

    @Test
    public void fairnessReportInTheNorthboundShape() {
        Response r = get("fairness");
        assertThat(r.getStatus(), is(200));
        JsonNode report = body(r);
        assertThat(report.get("windowSeconds").asDouble(), is(5.0));
        assertThat(report.get("cv").asDouble(), is(0.0));
        assertThat(report.get("jain").asDouble(), is(1.0));
        assertThat(report.get("maxDeviation").asDouble(), is(0.02));
        assertThat(report.get("slices").size(), is(2));
        JsonNode s10 = report.get("slices").get(0);
        assertThat(s10.get("id").asInt(), is(10));
        assertThat(s10.get("quotaBps").asLong(), is(25_000_000L));
        assertThat(s10.get("rateBps").asLong(), is(24_500_000L));
        assertThat(s10.get("share").asDouble(), is(0.98));
        assertThat(s10.get("deviation").asDouble(), is(0.02));
        assertThat(report.get("resources").get(0).get("kind").asText(), is("port"));
    }

    @Test
    public void historyListsTheSummariesOldestFirst() {
        Response r = get("fairness/history");
        assertThat(r.getStatus(), is(200));
        JsonNode history = body(r).get("history");
        assertThat(history.size(), is(2));
        assertThat(history.get(0).get("cv").asDouble(), is(0.1));
        assertThat(history.get(1).get("timestamp").asLong(), is(1_767_225_600_000L));
        assertThat(history.get(1).get("slices").asInt(), is(2));
    }

    @Test
    public void metricsInThePrometheusTextFormat() {
        Response r = get("metrics");
        assertThat(r.getStatus(), is(200));
        assertThat(r.getHeaderString("Content-Type"), startsWith("text/plain"));
        assertThat(r.getHeaderString("Content-Type"), containsString("version=0.0.4"));
        String text = r.readEntity(String.class);
        assertThat(text, containsString("# TYPE p4slice_fairness_jain gauge\n"));
        assertThat(text, containsString("p4slice_slice_share{tenant=\"itb\",slice=\"10\"} 0.98\n"));
        assertThat(text, containsString("p4slice_slice_rx_bytes_total{tenant=\"itb\",slice=\"10\",device=\""
                                                + FixedFairnessService.DEVICE + "\"} 1500000\n"));
        // the testbed's own families, from the slicing app's services
        assertThat(text, containsString("# TYPE p4slice_slice_state gauge\n"));
        assertThat(text, containsString("# TYPE p4slice_admission_refusals_total counter\n"));
        assertThat(text, containsString("p4slice_lifecycle_queued_steps 0\n"));
    }

    @Test
    public void slicesAreStillServedNextToTheFairnessPaths() {
        assertThat(get("slices").getStatus(), is(200));
        assertThat(get("capacity").getStatus(), is(200));
    }

    @Test
    public void withoutTheFairnessServiceA503WithTheReason() {
        setServiceDirectory(RestServices.directory(testbed, new SliceStatsServiceAdapter()));
        for (String path : new String[]{"fairness", "fairness/history", "metrics"}) {
            Response r = get(path);
            assertThat(path, r.getStatus(), is(503));
            assertThat(path, body(r),
                       is(json("{\"code\":503,\"message\":\"" + FairnessWebResource.NOT_RUNNING + "\"}")));
        }
    }
}
