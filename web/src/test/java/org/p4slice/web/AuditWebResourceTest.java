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

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;

import javax.ws.rs.client.WebTarget;
import javax.ws.rs.core.Response;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * GET /audit: one page counted from the newest entry, filtered by tenant, action and time, and the
 * precise 400 of every bad parameter.
 */
public class AuditWebResourceTest extends RestTestBase {

    private JsonNode audit(String... params) {
        WebTarget t = target("audit");
        for (int i = 0; i < params.length; i += 2) {
            t = t.queryParam(params[i], params[i + 1]);
        }
        Response r = t.request().get();
        String text = r.readEntity(String.class);
        assertThat(text, r.getStatus(), is(200));
        return json(text);
    }

    private static String actions(JsonNode page) {
        StringBuilder b = new StringBuilder();
        page.get("entries").forEach(e -> b.append(b.length() == 0 ? "" : ",").append(e.get("action").asText())
                .append(':').append(e.get("tenant").isNull() ? "-" : e.get("tenant").asText()));
        return b.toString();
    }

    /** Five entries, oldest first: create itb, create ui, refused create itb, remove itb, create ui. */
    private void fiveEntries() {
        create("{'name': 'a', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 1) + "]}");
        create("{'name': 'b', 'tenant': 'ui', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 2) + "]}");
        assertThat(post("slices", "{'name': 'c', 'tenant': 'itb', 'quotaBps': 1000000, 'endpoints': ["
                + access(S1, 1) + "]}").getStatus(), is(409));
        assertThat(delete("slices/1").getStatus(), is(204));
        create("{'name': 'd', 'tenant': 'ui', 'quotaBps': 1000000, 'endpoints': [" + access(S1, 3) + "]}");
    }

    @Test
    public void pagesCountFromTheNewestEntryAndListOldestFirst() {
        fiveEntries();
        JsonNode newest = audit("limit", "2");
        assertThat(actions(newest), is("slice.remove:itb,slice.create:ui"));
        assertThat(newest.get("total").asInt(), is(5));
        assertThat(newest.get("offset").asInt(), is(0));
        assertThat(newest.get("limit").asInt(), is(2));
        assertThat(newest.get("nextOffset").asInt(), is(2));
        JsonNode older = audit("limit", "2", "offset", "2");
        assertThat(actions(older), is("slice.create:ui,slice.create:itb"));
        JsonNode oldest = audit("limit", "2", "offset", "4");
        assertThat(actions(oldest), is("slice.create:itb"));
        assertThat(oldest.get("nextOffset").isNull(), is(true));
        assertThat(audit("offset", "5").get("entries").size(), is(0));
        assertThat(audit().get("entries").size(), is(5));
        assertThat(audit().get("limit").asInt(), is(100));
    }

    @Test
    public void filtersByTenantActionAndTime() {
        fiveEntries();
        assertThat(actions(audit("tenant", "ui")), is("slice.create:ui,slice.create:ui"));
        assertThat(actions(audit("tenant", "itb", "action", "slice.remove")), is("slice.remove:itb"));
        assertThat(actions(audit("action", "slice.remove,slice.update")), is("slice.remove:itb"));
        assertThat(audit("action", "slice").get("total").asInt(), is(5));
        assertThat(audit("action", "slice.cre").get("total").asInt(), is(0));
        assertThat(audit("tenant", "nobody").get("total").asInt(), is(0));
        JsonNode refused = audit("tenant", "itb", "limit", "1", "offset", "1");
        assertThat(refused.get("entries").get(0).get("result").asText().startsWith("CONFLICT"), is(true));
        assertThat(refused.get("total").asInt(), is(3));
        assertThat(audit("from", "2999-01-01T00:00:00Z").get("total").asInt(), is(0));
        assertThat(audit("to", "2999-01-01T00:00:00Z").get("total").asInt(), is(5));
        assertThat(audit("from", "2000-01-01T00:00:00+01:00", "to", "2999-01-01T00:00:00Z").get("total").asInt(),
                   is(5));
    }

    @Test
    public void badParametersAre400WithThePreciseMessageAndChangeNothing() {
        fiveEntries();
        String before = audit("limit", "100000").toString();
        assertError(get("audit", "limit", "0"), 400, "limit must be an integer from 1 to 100000, got \"0\"");
        assertError(get("audit", "limit", "100001"), 400,
                    "limit must be an integer from 1 to 100000, got \"100001\"");
        assertError(get("audit", "offset", "x"), 400, "offset must be an integer from 0 to 2147483647, got \"x\"");
        assertError(get("audit", "tenant", "a b"), 400, "tenant may only contain A-Z a-z 0-9 . _ -, got \"a b\"");
        assertError(get("audit", "action", "slice create"), 400,
                    "action must be one or more actions such as slice.create or slice, separated by commas, "
                            + "got \"slice create\"");
        assertError(get("audit", "action", "slice,"), 400,
                    "action must be one or more actions such as slice.create or slice, separated by commas, "
                            + "got \"slice,\"");
        assertError(get("audit", "from", "today"), 400,
                    "from must be an ISO-8601 time with offset such as 2026-11-21T10:00:00Z, got \"today\"");
        assertError(target("audit").queryParam("from", "2026-11-21T12:00:00Z")
                            .queryParam("to", "2026-11-21T11:00:00Z").request().get(), 400,
                    "to 2026-11-21T11:00:00Z must be after from 2026-11-21T12:00:00Z");
        // a read is not audited, a refused one neither
        assertThat(audit("limit", "100000").toString(), is(before));
    }
}
