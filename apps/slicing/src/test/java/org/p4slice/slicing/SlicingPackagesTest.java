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
package org.p4slice.slicing;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.Test;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.SliceDeviceKey;
import org.p4slice.slicing.api.SliceDeviceStore;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.PackageRules.sourceImports;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.p4slice.testbed.PackageRules.mainClasses;
import static org.p4slice.testbed.PackageRules.noPackageCycles;

/**
 * The slicing app's package map (docs/architecture.md), checked on its compiled classes: no package
 * depends on itself through others; the core (API, network configuration, JSON reading and the
 * implementation) never depends on the northbound (the codecs, REST, GUI, CLI); the API depends on
 * no implementation, no network configuration class and no device type of the pipeconf.
 */
public class SlicingPackagesTest {

    private static final JavaClasses CLASSES = mainClasses("org.p4slice.slicing");

    @Test
    public void noPackageDependsOnItselfThroughOthers() {
        noPackageCycles("org.p4slice.slicing.(**)").check(CLASSES);
    }

    @Test
    public void theCoreNeverDependsOnTheNorthbound() {
        noClasses().that().resideInAnyPackage("org.p4slice.slicing.api..", "org.p4slice.slicing.config..",
                                              "org.p4slice.slicing.json..", "org.p4slice.slicing.impl..")
                .should().dependOnClassesThat().resideInAnyPackage("org.p4slice.slicing.codec..", "org.p4slice.web..",
                                                                   "org.p4slice.cli..")
                .check(CLASSES);
    }

    @Test
    public void theApiDependsOnNoImplementationConfigurationOrDeviceType() {
        noClasses().that().resideInAPackage("org.p4slice.slicing.api..")
                .should().dependOnClassesThat().resideInAnyPackage("org.p4slice.slicing.impl..",
                                                                   "org.p4slice.slicing.config..",
                                                                   "org.p4slice.slicing.json..",
                                                                   "org.p4slice.pipeconf..")
                .check(CLASSES);
    }

    @Test
    public void deviceProgrammingDependsOnNoStoreAndNoSliceLife() {
        noClasses().that().resideInAnyPackage("org.p4slice.slicing.impl.programming..",
                                              "org.p4slice.slicing.impl.translator..")
                .should().dependOnClassesThat().resideInAnyPackage("org.p4slice.slicing.impl.store..",
                                                                   "org.p4slice.slicing.impl.slice..",
                                                                   "org.p4slice.slicing.impl.reservation..",
                                                                   "org.p4slice.slicing.impl.tenant..")
                .check(CLASSES);
    }

    @Test
    public void theStoreStandsBelowAdmission() {
        noClasses().that().resideInAPackage("org.p4slice.slicing.impl.store..")
                .should().dependOnClassesThat().resideInAPackage("org.p4slice.slicing.impl.admission..")
                .because("admission reads the store; what both need is the API's or the store's")
                .check(CLASSES);
    }

    // javac copies constants into the classes that use them: the class files cannot show this import
    @Test
    public void theApiOwnsTheSliceIdRange() {
        assertEquals(List.of(), sourceImports("org.p4slice.slicing.api", "org.p4slice.pipeconf"));
    }

    @Test
    public void aBookingStartIsAnExplicitCall() {
        noClasses().should().dependOnClassesThat().areAssignableTo(ThreadLocal.class)
                .because("admission decides on its arguments, never on what a thread carries")
                .check(CLASSES);
    }

    @Test
    public void onlyTheSliceDeviceStoreHoldsTheOutcomesMap() {
        String storeClass = "org.p4slice.slicing.impl.store.DistributedSliceDeviceStore";
        String serializers = "org.p4slice.slicing.impl.store.StoreSerializers";
        noClasses().that().doNotHaveFullyQualifiedName(storeClass).and().doNotHaveFullyQualifiedName(serializers)
                .should().accessField(serializers, "SLICE_DEVICES")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(storeClass)
                .because("the devices' outcomes live in one component, read and written through SliceDeviceStore")
                .check(CLASSES);
    }

    @Test
    public void onlyTheLifeCycleRecordsOutcomes() {
        noClasses().that().resideOutsideOfPackages("org.p4slice.slicing.impl.slice", "org.p4slice.slicing.impl.store")
                .should().callMethod(SliceDeviceStore.class, "put", SliceDeviceKey.class, DeviceOutcome.class)
                .orShould().callMethod(SliceDeviceStore.class, "remove", SliceDeviceKey.class)
                .because("a device's outcome is what its master's life cycle wrote there; the others read it")
                .check(CLASSES);
    }
}
