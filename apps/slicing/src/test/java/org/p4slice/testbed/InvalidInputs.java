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
package org.p4slice.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Invalid-input cases kept as fixture files: a JSON object per module under {@code src/test/resources},
 * one array of cases per test, each case an object with a unique {@code name}, the input and the
 * exact expected outcome (status or kind, and message). Read by parameterized tests
 * ({@code @Parameterized.Parameters(name = "{0}")}).
 */
public final class InvalidInputs {

    private InvalidInputs() {
    }

    /**
     * Returns the cases of one test as parameters: each its name and its JSON object.
     *
     * @param owner    class the resource is relative to
     * @param resource resource name, e.g. {@code invalid-inputs.json}
     * @param test     key of the test's array of cases
     * @return parameters {name, case}
     */
    public static List<Object[]> cases(Class<?> owner, String resource, String test) {
        JsonNode root;
        try (InputStream in = owner.getResourceAsStream(resource)) {
            checkArgument(in != null, "no resource %s next to %s", resource, owner.getName());
            root = new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode cases = root.path(test);
        checkArgument(cases.isArray() && cases.size() > 0, "%s has no cases for %s", resource, test);
        List<Object[]> params = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (JsonNode c : cases) {
            String name = c.path("name").asText();
            checkArgument(!name.isEmpty() && names.add(name), "%s/%s: case names must be unique, got \"%s\"",
                          resource, test, name);
            params.add(new Object[]{name, c});
        }
        return params;
    }
}
