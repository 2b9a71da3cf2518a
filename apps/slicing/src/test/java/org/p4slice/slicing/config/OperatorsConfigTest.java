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
package org.p4slice.slicing.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Test;
import org.p4slice.testbed.TestbedNetwork;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The {@code operators} network configuration: its one field and each malformed value with the
 * message that says what is wrong.
 */
public class OperatorsConfigTest {

    private static OperatorsConfig config(String json) throws IOException {
        return TestbedNetwork.appConfig(new OperatorsConfig(), OperatorsConfig.KEY,
                                        new ObjectMapper().readTree(json.replace('\'', '"')));
    }

    @Test
    public void listsTheOperators() throws IOException {
        OperatorsConfig c = config("{'users': ['onos', 'noc-ana']}");
        assertTrue(c.isValid());
        assertEquals(Set.of("onos", "noc-ana"), c.users());
        assertEquals(Set.of(), config("{'users': []}").users());
    }

    @Test
    public void malformedBlocksSayWhatIsWrong() throws IOException {
        assertInvalid("['onos']", "operators config: must be an object {\"users\": [...]}, got [\"onos\"]");
        assertInvalid("{}", "operators config: users must be an array of user names, got null");
        assertInvalid("{'users': 'onos'}", "operators config: users must be an array of user names, got \"onos\"");
        assertInvalid("{'users': ['onos', '']}", "operators config: users must hold non-empty strings, got \"\"");
        assertInvalid("{'users': [7]}", "operators config: users must hold non-empty strings, got 7");
        assertInvalid("{'users': ['onos'], 'admins': ['x']}",
                      "operators config: unknown field \"admins\" (allowed: [users])");
    }

    private static void assertInvalid(String json, String message) throws IOException {
        OperatorsConfig c = config(json);
        assertFalse(json, c.isValid());
        assertEquals(json, Optional.of(message), c.validationError());
    }
}
