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

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The CLI bundle's package map, checked on its compiled classes: no package depends on itself
 * through others, and the commands reach the slicing and fairness apps through their exported API
 * only (what the bundle can import in ONOS).
 */
public class CliPackagesTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.p4slice.cli");

    @Test
    public void noPackageDependsOnItselfThroughOthers() {
        slices().matching("org.p4slice.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    public void itUsesTheAppsThroughTheirApiOnly() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.p4slice.slicing.impl..",
                                                                      "org.p4slice.fairness.impl..")
                .check(CLASSES);
    }
}
