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
package org.p4slice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.p4slice.testbed.InvalidInputs;

import java.util.List;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * Values the commands' parsers refuse (rates, ports, slice ids): the {@code values} cases of
 * {@code invalid-inputs.json}, each with the exact message.
 */
@RunWith(Parameterized.class)
public class ValueBadInputTest {

    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(ValueBadInputTest.class, "invalid-inputs.json", "values");
    }

    private final JsonNode input;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input parser, input and message
     */
    public ValueBadInputTest(String name, JsonNode input) {
        this.input = input;
    }

    private Object parse() {
        String value = input.get("input").asText();
        String parser = input.get("parser").asText();
        switch (parser) {
            case "rate":
                return CliParsing.rate(input.get("option").asText(), value);
            case "port":
                return CliParsing.port(value);
            case "sliceId":
                return CliParsing.sliceId(value);
            default:
                throw new AssertionError("unknown parser " + parser);
        }
    }

    @Test
    public void isRefusedWithItsMessage() {
        try {
            Object parsed = parse();
            fail("accepted as " + parsed + "; expected: " + input.get("message").asText());
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), is(input.get("message").asText()));
        }
    }
}
