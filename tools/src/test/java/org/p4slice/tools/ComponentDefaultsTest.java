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
package org.p4slice.tools;

import org.junit.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The component property defaults ONOS gets from the bundles: ONOS's build writes each component's
 * properties, as written in its {@code OsgiPropertyConstants}, into a {@code .cfgdef} file, and at
 * start ONOS hands the component those defaults ({@code cfg get} shows them). A default written as
 * another constant's name reaches the component as that name, not as its value.
 */
public class ComponentDefaultsTest {

    private static final List<String> MODULES = List.of("apps/slicing", "apps/fairness");

    @Test
    public void everyDefaultIsAValueOfItsType() throws IOException {
        List<String> problems = new ArrayList<>();
        int properties = 0;
        for (Path cfgdef : cfgdefs()) {
            for (String line : Files.readAllLines(cfgdef)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\\|", 4);
                properties++;
                if (!parses(f[1], f[2])) {
                    problems.add(cfgdef.getFileName() + ": " + f[0] + " (" + f[1] + ") defaults to '" + f[2] + "'");
                }
            }
        }
        assertTrue("the bundles declare component properties (build them first)", properties >= 12);
        assertEquals("defaults that are not values", List.of(), problems);
    }

    private static boolean parses(String type, String value) {
        try {
            switch (type) {
                case "INTEGER":
                    Integer.parseInt(value);
                    return true;
                case "LONG":
                    Long.parseLong(value);
                    return true;
                case "DOUBLE":
                case "FLOAT":
                    Double.parseDouble(value);
                    return true;
                case "BOOLEAN":
                    return value.equals("true") || value.equals("false");
                default:
                    return !value.isEmpty();
            }
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static List<Path> cfgdefs() throws IOException {
        List<Path> found = new ArrayList<>();
        for (String module : MODULES) {
            Path classes = Paths.get("..", module, "target", "classes");
            try (Stream<Path> files = Files.walk(classes)) {
                found.addAll(files.filter(p -> p.toString().endsWith(".cfgdef")).collect(Collectors.toList()));
            }
        }
        return found;
    }
}
