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
package org.p4slice.web;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.p4slice.testbed.PackageRules.appsReachedThroughTheirApi;
import static org.p4slice.testbed.PackageRules.mainClasses;
import static org.p4slice.testbed.PackageRules.noPackageCycles;
import static org.p4slice.testbed.PackageRules.tenantScopedReadsThroughTheGate;

/**
 * The REST and GUI bundle's package map (docs/architecture.md), checked on its compiled classes: no
 * package depends on itself through others; the GUI (web.gui) stands on the API as REST does, not on
 * the REST resources; both reach the slicing and fairness apps through their exported API only (what
 * the bundle can import in ONOS).
 */
public class WebPackagesTest {

    private static final JavaClasses REST_AND_GUI = mainClasses("org.p4slice.web");

    @Test
    public void noPackageOfRestOrGuiDependsOnItselfThroughOthers() {
        noPackageCycles("org.p4slice.(**)").check(REST_AND_GUI);
    }

    @Test
    public void theGuiDoesNotDependOnTheRestResources() {
        noClasses().that().resideInAPackage("org.p4slice.web.gui..")
                .should().dependOnClassesThat().resideInAPackage("org.p4slice.web").check(REST_AND_GUI);
    }

    @Test
    public void restAndGuiReachTheAppsThroughTheirApiOnly() {
        appsReachedThroughTheirApi().check(REST_AND_GUI);
    }

    @Test
    public void tenantScopedReadsGoThroughTheGate() {
        tenantScopedReadsThroughTheGate().check(REST_AND_GUI);
    }
}
