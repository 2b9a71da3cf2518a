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
package org.p4slice.pipeconf;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The pipeconf's package map (docs/architecture.md), checked on its compiled classes, as ONOS's fabric
 * pipeconf has it: the exported package ({@code org.p4slice.pipeconf}: the pipeconf ids, the P4Info
 * constants, the slice behaviours' interfaces) depends on nothing else of the bundle; the behaviours and
 * the targets' device configurations use it; the builder of the pipeconfs and their loader
 * ({@code impl}) sit on top, and nothing reaches back into them.
 */
public class PipeconfPackagesTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.p4slice.pipeconf");

    @Test
    public void noPackageDependsOnItselfThroughOthers() {
        slices().matching("org.p4slice.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    public void theExportedPackageDependsOnNothingElseOfTheBundle() {
        noClasses().that().resideInAPackage("org.p4slice.pipeconf")
                .should().dependOnClassesThat().resideInAnyPackage("org.p4slice.pipeconf.behaviour..",
                                                                   "org.p4slice.pipeconf.impl..",
                                                                   "org.p4slice.pipeconf.tofino..")
                .check(CLASSES);
    }

    @Test
    public void nothingReachesBackIntoTheBuilder() {
        noClasses().that().resideOutsideOfPackage("org.p4slice.pipeconf.impl..")
                .should().dependOnClassesThat().resideInAPackage("org.p4slice.pipeconf.impl..")
                .check(CLASSES);
    }
}
