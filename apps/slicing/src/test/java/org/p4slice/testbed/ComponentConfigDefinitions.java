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

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;


/**
 * ONOS's ComponentConfigService.registerProperties(Class) refuses a component whose generated
 * {@code .cfgdef} is missing, so the component would not activate: every property named in a
 * module's {@code OsgiPropertyConstants} must be described by a {@code .cfgdef} of that package
 * (written by the onos-maven-plugin 'cfg' goal at build time), and nothing else.
 */
public final class ComponentConfigDefinitions {

    private ComponentConfigDefinitions() {
    }

    /**
     * Asserts that the generated {@code .cfgdef} files next to a constants class describe exactly
     * the property names it declares (its static String fields not ending in {@code _DEFAULT}).
     *
     * @param constants the module's OsgiPropertyConstants class
     * @throws IOException        if the compiled classes cannot be listed
     * @throws URISyntaxException never, for classes on the file system
     * @throws AssertionError     if a property has no description or a description no property
     */
    public static void assertEveryPropertyHasAGeneratedDefinition(Class<?> constants)
            throws IOException, URISyntaxException {
        Set<String> declared = new TreeSet<>();
        for (Field f : constants.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class
                    && !f.getName().endsWith("_DEFAULT")) {
                try {
                    f.setAccessible(true);
                    declared.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        if (declared.isEmpty()) {
            throw new AssertionError("no property constants found in " + constants.getName());
        }

        Path dir = Paths.get(constants.getResource(constants.getSimpleName() + ".class").toURI()).getParent();
        Set<String> described = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path cfgdef : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".cfgdef"))::iterator) {
                for (String line : Files.readAllLines(cfgdef, StandardCharsets.UTF_8)) {
                    if (!line.isBlank() && !line.startsWith("#")) {
                        described.add(line.substring(0, line.indexOf('|')));
                    }
                }
            }
        }
        if (!declared.equals(described)) {
            throw new AssertionError("properties described by the generated .cfgdef files in " + dir
                                             + ": expected " + declared + ", described " + described);
        }
    }
}
