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
package org.p4slice.fairness;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.PackageRules.sourceImports;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.p4slice.testbed.PackageRules.mainClasses;
import static org.p4slice.testbed.PackageRules.noPackageCycles;

/**
 * The fairness app's package map, checked on its compiled classes: no package depends on itself
 * through others; its API and implementation never depend on the northbound (its codecs and
 * metrics rendering, REST, GUI, CLI); it uses the slicing app through the slicing API only.
 */
public class FairnessPackagesTest {

    private static final JavaClasses CLASSES = mainClasses("org.p4slice.fairness");

    @Test
    public void noPackageDependsOnItselfThroughOthers() {
        noPackageCycles("org.p4slice.(**)").check(CLASSES);
    }

    @Test
    public void theCoreNeverDependsOnTheNorthbound() {
        noClasses().that().resideInAnyPackage("org.p4slice.fairness.api..", "org.p4slice.fairness.impl..")
                .should().dependOnClassesThat().resideInAnyPackage("org.p4slice.fairness.codec..",
                                                                   "org.p4slice.fairness.metrics..",
                                                                   "org.p4slice.slicing.codec..", "org.p4slice.web..",
                                                                   "org.p4slice.cli..")
                .check(CLASSES);
    }

    @Test
    public void itUsesTheSlicingAppThroughItsApiOnly() {
        noClasses().should().dependOnClassesThat().resideInAPackage("org.p4slice.slicing.impl..")
                .check(CLASSES);
    }

    // javac copies constants into the classes that use them: the class files alone cannot show the import
    @Test
    public void itKnowsTheSliceIdsFromTheSlicingApiNotFromThePipeconf() {
        noClasses().should().dependOnClassesThat().resideInAPackage("org.p4slice.pipeconf..").check(CLASSES);
        assertEquals(List.of(), sourceImports("org.p4slice.fairness", "org.p4slice.pipeconf"));
    }
}
