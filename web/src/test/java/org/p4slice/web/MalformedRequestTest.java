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

import com.google.common.base.Strings;
import org.junit.Before;
import org.junit.Test;

import javax.ws.rs.client.Entity;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Malformed requests: bodies that are not JSON or not a slice request, wrong types, unknown
 * fields, numbers too large, bad ids in paths and bodies, wrong media types and methods. Each
 * gets its status with the {code, message} body, never a 500, and changes nothing.
 */
public class MalformedRequestTest extends RestTestBase {

    private static final String EP = "'endpoints': [{'device': 'device:bmv2:s1', 'port': 2, 'mode': 'access'}]";

    private String listBefore;
    private int programmingBefore;

    @Before
    public void createOneSlice() {
        create("{'name': 'base', 'tenant': 'itb', 'quotaBps': 25000000, 'endpoints': [" + access(S1, 1) + "]}");
        listBefore = slices();
        programmingBefore = testbed.programming.size();
    }

    private void assertRefused(Response r, int status, String message) {
        assertError(r, status, message);
        assertThat(slices(), is(listBefore));
        assertThat(testbed.programming.size(), is(programmingBefore));
    }

    private Response postRaw(String body) {
        return target("slices").request().post(Entity.entity(body, MediaType.APPLICATION_JSON_TYPE));
    }

    @Test
    public void invalidJson() {
        assertRefused(postRaw("{\"name\": "), 400, "request body is not valid JSON: Unexpected end-of-input "
                + "within/between Object entries (line 1, column 10)");
        assertRefused(postRaw("{name: 'a'}"), 400, "request body is not valid JSON: Unexpected character "
                + "('n' (code 110)): was expecting double-quote to start field name (line 1, column 3)");
        assertRefused(postRaw("{\"name\": \"a\"} trailing"), 400, "request body is not valid JSON: "
                + "Unrecognized token 'trailing': was expecting (JSON String, Number, Array, Object or token "
                + "'null', 'true' or 'false') (line 1, column 23)");
        assertRefused(postRaw("{\"name\": \"a\", \"name\": \"b\"}"), 400,
                      "request body is not valid JSON: Duplicate field 'name' (line 1, column 21)");
    }

    @Test
    public void missingOrEmptyBody() {
        assertRefused(postRaw(""), 400, "request body is missing: expected a slice request as a JSON object");
        assertRefused(postRaw("  \n "), 400, "request body is missing: expected a slice request as a JSON object");
        assertRefused(target("slices/1").request().put(Entity.entity("", MediaType.APPLICATION_JSON_TYPE)), 400,
                      "request body is missing: expected a slice request as a JSON object");
    }

    @Test
    public void notAnObject() {
        assertRefused(postRaw("null"), 400, "a slice request must be a JSON object, got null");
        assertRefused(postRaw("[1, 2]"), 400, "a slice request must be a JSON object, got [1,2]");
        assertRefused(postRaw("\"slice\""), 400, "a slice request must be a JSON object, got \"slice\"");
    }

    @Test
    public void wrongTypes() {
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': '25M', " + EP + "}"), 400,
                      "\"quotaBps\" must be an integer, got \"25M\"");
        assertRefused(post("slices", "{'name': 7, 'tenant': 'itb', 'quotaBps': 1, " + EP + "}"), 400,
                      "\"name\" must be a string, got 7");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1.5, " + EP + "}"), 400,
                      "\"quotaBps\" must be an integer, got 1.5");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': {}}"), 400,
                      "\"endpoints\" must be an array of {device, port, mode}");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': "
                + "[{'device': 'device:bmv2:s1', 'port': 2, 'mode': 'tagged'}]}"), 400,
                      "endpoint mode must be \"access\" or \"trunk\", got \"tagged\"");
    }

    @Test
    public void unknownFields() {
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'priority': 3, " + EP + "}"),
                      400, "unknown field \"priority\"");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': "
                + "[{'device': 'device:bmv2:s1', 'port': 2, 'mode': 'access', 'vlan': 5}]}"), 400,
                      "unknown endpoint field \"vlan\"");
    }

    @Test
    public void missingFields() {
        assertRefused(post("slices", "{'tenant': 'itb', 'quotaBps': 1, " + EP + "}"), 400, "\"name\" is missing");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', " + EP + "}"), 400, "\"quotaBps\" is missing");
    }

    @Test
    public void numbersTooLarge() {
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 99999999999999999999, " + EP
                + "}"), 400, "\"quotaBps\" must be an integer, got 99999999999999999999");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1e300, " + EP + "}"), 400,
                      "\"quotaBps\" must be an integer, got 1.0E300");
        assertRefused(post("slices", "{'id': 70000, 'name': 'a', 'tenant': 'itb', 'quotaBps': 1, " + EP + "}"),
                      400, "slice id must be in 1..4094, got 70000");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'vlan': 100000, 'quotaBps': 1, " + EP + "}"),
                      400, "vlan must be a 12-bit VLAN id in 0..4095, got 100000");
        assertRefused(postRaw(Strings.repeat(" ", RequestParsing.MAX_BODY_BYTES + 1)), 400,
                      "request body is larger than 1048576 bytes");
    }

    @Test
    public void negativeOrMalformedIds() {
        assertRefused(post("slices", "{'id': -1, 'name': 'a', 'tenant': 'itb', 'quotaBps': 1, " + EP + "}"), 400,
                      "slice id must be in 1..4094, got -1");
        assertRefused(get("slices/-1"), 400, "slice id must be in 1..4094, got -1");
        assertRefused(delete("slices/0"), 400, "slice id must be in 1..4094, got 0");
        assertRefused(delete("slices/4095"), 400, "slice id must be in 1..4094, got 4095");
        assertRefused(get("slices/abc/stats"), 400, "slice id must be an integer in 1..4094, got \"abc\"");
        assertRefused(put("slices/99999999999999999999999", "{}"), 400,
                      "slice id must be an integer in 1..4094, got \"99999999999999999999999\"");
        assertRefused(post("slices", "{'name': 'a', 'tenant': 'itb', 'quotaBps': 1, 'endpoints': "
                + "[{'device': 'device:bmv2:s1', 'port': -2, 'mode': 'access'}]}"), 400,
                      "endpoint port must be a port number, got -2");
    }

    @Test
    public void malformedTenantFilter() {
        assertRefused(get("slices", "tenant", "no spaces"), 400,
                      "tenant may only contain A-Z a-z 0-9 . _ -, got \"no spaces\"");
        assertRefused(get("slices", "tenant", ""), 400, "tenant must not be empty");
    }

    @Test
    public void wrongMediaTypeMethodOrPath() {
        assertRefused(target("slices").request().post(Entity.entity("name=a", MediaType.TEXT_PLAIN_TYPE)), 415,
                      "HTTP 415 Unsupported Media Type");
        assertRefused(target("slices").request().delete(), 405, "HTTP 405 Method Not Allowed");
        assertRefused(get("tenants"), 404, "HTTP 404 Not Found");
    }
}
