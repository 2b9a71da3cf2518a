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
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.p4slice.testbed.InvalidInputs;

import javax.ws.rs.core.Response;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Malformed requests: bodies that are not JSON or not a slice request, wrong types, unknown
 * fields, numbers too large, bad ids in paths and bodies, wrong media types and methods. Each
 * gets its status with the {code, message} body, never a 500, and changes nothing. The requests
 * and their refusals are the {@code malformed} cases of {@code invalid-inputs.json}.
 */
@RunWith(Parameterized.class)
public class MalformedRequestTest extends RestTestBase {

    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(MalformedRequestTest.class, "invalid-inputs.json", "malformed");
    }

    private final JsonNode input;

    private String listBefore;
    private int programmingBefore;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input method, path, query, body, status and message
     */
    public MalformedRequestTest(String name, JsonNode input) {
        this.input = input;
    }

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

    @Test
    public void isRefusedAndChangesNothing() {
        assertRefused(send(input), input.get("status").asInt(), input.get("message").asText());
    }
}
