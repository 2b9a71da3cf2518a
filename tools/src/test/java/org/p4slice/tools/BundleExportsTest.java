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
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What each bundle of the .oar exports, as bnd wrote it into the built jar's manifest: its API and
 * nothing else, i.e. exactly the packages another p4slice bundle imports (ONOS's own apps export
 * their API and codecs only). Reads the jars the reactor built before this module.
 */
public class BundleExportsTest {

    private static final Map<String, Set<String>> EXPORTS = new TreeMap<>(Map.of(
            "pipeconf", Set.of("org.p4slice.pipeconf"),
            "apps/slicing", Set.of("org.p4slice.slicing.api", "org.p4slice.slicing.api.reservation",
                                   "org.p4slice.slicing.api.stats", "org.p4slice.slicing.api.tenant",
                                   "org.p4slice.slicing.codec", "org.p4slice.slicing.config",
                                   "org.p4slice.slicing.json"),
            "apps/fairness", Set.of("org.p4slice.fairness.api", "org.p4slice.fairness.codec",
                                    "org.p4slice.fairness.metrics"),
            "cli", Set.of(),
            "web", Set.of()));

    @Test
    public void everyBundleExportsItsApiAndNothingElse() throws IOException {
        for (Map.Entry<String, Set<String>> e : EXPORTS.entrySet()) {
            assertThat(e.getKey() + " exports", packages(manifest(e.getKey()), "Export-Package"),
                       is(new TreeSet<>(e.getValue())));
        }
    }

    @Test
    public void everyExportedPackageIsImportedByAnotherBundle() throws IOException {
        Map<String, Set<String>> exports = new TreeMap<>();
        Map<String, Set<String>> imports = new TreeMap<>();
        for (String module : EXPORTS.keySet()) {
            Manifest m = manifest(module);
            exports.put(module, packages(m, "Export-Package"));
            imports.put(module, packages(m, "Import-Package"));
        }
        for (Map.Entry<String, Set<String>> e : exports.entrySet()) {
            for (String exported : e.getValue()) {
                boolean imported = imports.entrySet().stream()
                        .anyMatch(i -> !i.getKey().equals(e.getKey()) && i.getValue().contains(exported));
                assertTrue(e.getKey() + " exports " + exported + ", which no other bundle imports", imported);
            }
        }
    }

    // the bundle jar a module built (not its -tests, -classes or -sources jar)
    private static Manifest manifest(String module) throws IOException {
        Path target = Paths.get("..", module, "target");
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(target)) {
            try (DirectoryStream<Path> dir = Files.newDirectoryStream(target, "p4slice-*-SNAPSHOT.jar")) {
                dir.forEach(jars::add);
            }
        }
        if (jars.size() != 1) {
            fail("expected one bundle jar in " + target.toAbsolutePath() + " (build the bundles first), found "
                         + jars);
        }
        try (JarFile jar = new JarFile(jars.get(0).toFile())) {
            return jar.getManifest();
        }
    }

    // the package names of an OSGi header (attributes and directives dropped; quoted values may hold commas)
    private static Set<String> packages(Manifest manifest, String header) {
        String value = manifest.getMainAttributes().getValue(header);
        Set<String> names = new TreeSet<>();
        if (value == null) {
            return names;
        }
        StringBuilder clause = new StringBuilder();
        boolean quoted = false;
        for (char c : (value + ",").toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                names.add(clause.toString().split(";")[0].trim());
                clause.setLength(0);
                continue;
            }
            clause.append(c);
        }
        names.remove("");
        return names;
    }
}
