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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * Command lines Karaf's own preparator refuses for the commands: the {@code commandLines} cases of
 * {@code invalid-inputs.json}, each with the exact message (or the part of it that is ours).
 */
@RunWith(Parameterized.class)
public class CommandLineBadInputTest {

    private static final Map<String, Supplier<P4SliceCommand>> COMMANDS = Map.of(
            "slice-add", SliceAddCommand::new,
            "slice-remove", SliceRemoveCommand::new,
            "slices", SlicesCommand::new);

    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> cases() {
        return InvalidInputs.cases(CommandLineBadInputTest.class, "invalid-inputs.json", "commandLines");
    }

    private final JsonNode input;

    /**
     * Runs one case.
     *
     * @param name  case name
     * @param input command, arguments and message
     */
    public CommandLineBadInputTest(String name, JsonNode input) {
        this.input = input;
    }

    @Test
    public void isRefusedWithItsMessage() {
        List<String> args = new ArrayList<>();
        input.get("args").forEach(a -> args.add(a.asText()));
        try {
            CliTestBase.parse(COMMANDS.get(input.get("command").asText()).get(), args.toArray(new String[0]));
            fail("parsed " + args);
        } catch (Exception e) {
            if (input.has("message")) {
                assertThat(e.getMessage(), is(input.get("message").asText()));
            } else {
                assertThat(e.getMessage(), containsString(input.get("messageContains").asText()));
            }
        }
    }
}
