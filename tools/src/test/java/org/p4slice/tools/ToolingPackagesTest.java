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

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.Test;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.p4slice.testbed.PackageRules.mainClasses;
import static org.p4slice.testbed.PackageRules.noPackageCycles;

/**
 * The package map of the jars outside the .oar, on their compiled classes: every p4slice package comes
 * from one jar only (no split packages between the bundles, the test support (org.p4slice.testbed), the
 * dev server and these tools), and the test support's, dev server's and tools' packages do not depend on
 * themselves through others.
 */
public class ToolingPackagesTest {

    private static final JavaClasses CLASSES = mainClasses("org.p4slice");

    @Test
    public void everyPackageComesFromOneJar() {
        Map<String, Set<String>> origins = new TreeMap<>();
        for (JavaClass c : CLASSES) {
            origins.computeIfAbsent(c.getPackageName(), p -> new TreeSet<>()).add(origin(c));
        }
        Map<String, Set<String>> split = new TreeMap<>();
        origins.forEach((pkg, from) -> {
            if (from.size() > 1) {
                split.put(pkg, from);
            }
        });
        assertThat("packages found in more than one jar", split, is(Map.of()));
    }

    @Test
    public void noPackageOfTheTestbedDevServerOrToolsDependsOnItselfThroughOthers() {
        noPackageCycles("org.p4slice.(**)")
                .check(mainClasses("org.p4slice.testbed", "org.p4slice.devserver", "org.p4slice.tools"));
    }

    // the jar (or classes directory) a class was read from
    private static String origin(JavaClass c) {
        String uri = c.getSource().map(s -> s.getUri().toString()).orElse("?");
        int jar = uri.indexOf("!/");
        if (jar >= 0) {
            return uri.substring(0, jar);
        }
        int dir = uri.indexOf("/classes/");
        return dir >= 0 ? uri.substring(0, dir + "/classes/".length()) : uri;
    }
}
