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
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.testbed.SlicingTestbed;
import org.p4slice.testbed.InvalidInputs;

import javax.ws.rs.core.Response;
import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * Every bad value of a slice request, through REST to the real slice manager: the contract's
 * status, the manager's message, and no change (the slice list and the device programming stay
 * as they were). A slice "base" (id 1, VLAN 100, s1/1 and s2/1, 25 Mbps) exists throughout. The
 * requests and their refusals are the {@code slices} cases of {@code invalid-inputs.json}.
 */
@RunWith(Parameterized.class)
public class SliceBadInputTest extends RestTestBase {

    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(SliceBadInputTest.class, "invalid-inputs.json", "slices");
    }

    private final JsonNode input;

    private String listBefore;
    private int programmingBefore;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input method, path, body, status and message
     */
    public SliceBadInputTest(String name, JsonNode input) {
        this.input = input;
    }

    @Override
    protected void configure(SlicingTestbed tb) {
        // s4 runs no pipeconf at all; only tenants itb and ui may own slices
        tb.addPort(tb.addSwitch("device:bmv2:s4", null), 1, PORT_BPS);
        ArrayNode tenants = tb.slicingJson().putArray(SlicingConfig.TENANTS);
        tenants.add("itb").add("ui");
    }

    @Before
    public void createBaseSlice() {
        create("{'name': 'base', 'tenant': 'itb', 'quotaBps': 25000000, 'endpoints': [" + access(S1, 1) + ", "
                       + access(S2, 1) + "]}");
        listBefore = slices();
        programmingBefore = testbed.programming.size();
    }

    private void assertRefused(Response r, int status, String message) {
        assertError(r, status, message);
        assertThat(slices(), is(listBefore));
        assertThat(testbed.programming.operations().subList(programmingBefore, testbed.programming.size()),
                   is(List.of()));
    }

    @Test
    public void isRefusedAndChangesNothing() {
        assertRefused(send(input), input.get("status").asInt(), input.get("message").asText());
    }
}
