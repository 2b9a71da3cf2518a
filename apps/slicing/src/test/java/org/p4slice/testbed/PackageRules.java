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

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.tenant.TenantService;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The package rules of docs/architecture.md that every module's package test checks (ArchUnit), on
 * its compiled main classes.
 */
public final class PackageRules {

    private PackageRules() {
    }

    /**
     * Returns the main (not test) classes of packages and their sub-packages.
     *
     * @param packages package names
     * @return classes
     */
    public static JavaClasses mainClasses(String... packages) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(packages);
    }

    /**
     * Returns the rule that no package depends on itself through others.
     *
     * @param slices the packages compared, as an ArchUnit slice pattern, e.g. {@code org.p4slice.(**)}
     * @return rule
     */
    public static ArchRule noPackageCycles(String slices) {
        return slices().matching(slices).should().beFreeOfCycles();
    }

    /**
     * Returns the rule that the classes reach the slicing and fairness apps through their exported
     * API only, what a bundle can import in ONOS (their {@code impl} packages are private).
     *
     * @return rule
     */
    public static ArchRule appsReachedThroughTheirApi() {
        return noClasses().should().dependOnClassesThat().resideInAnyPackage("org.p4slice.slicing.impl..",
                                                                             "org.p4slice.fairness.impl..");
    }

    /**
     * Returns the rule that the classes read what a caller may see through the tenant gate
     * ({@link TenantGateService}) only: never the caller's scope from {@link TenantService#scope}, never
     * the unscoped audit log ({@link AuditService#getEntries}).
     *
     * @return rule
     */
    public static ArchRule tenantScopedReadsThroughTheGate() {
        return noClasses().should().callMethod(TenantService.class, "scope", Caller.class)
                .orShould().callMethod(AuditService.class, "getEntries", int.class)
                .because("every tenant-scoped read has one door, the tenant gate");
    }

    /**
     * Returns the imports of a package by this module's main sources in and under a package, as
     * "file: import line": what the class files cannot show when the class imported holds only
     * constants, which javac copies into the importing class. Read from {@code src/main/java} of the
     * module whose tests run (Maven runs them in the module's folder).
     *
     * @param packageRoot the importing packages (and their sub-packages)
     * @param imported    the package imported (and its sub-packages)
     * @return the imports found, empty if none
     */
    public static List<String> sourceImports(String packageRoot, String imported) {
        Path root = Paths.get("src", "main", "java").resolve(packageRoot.replace('.', '/'));
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("no sources at " + root.toAbsolutePath());
        }
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String l = line.trim();
                    if (l.startsWith("import " + imported + ".") || l.startsWith("import static " + imported + ".")) {
                        found.add(root.relativize(file) + ": " + l);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }
}
