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

import org.junit.Test;
import org.p4slice.slicing.impl.reservation.ReservationManager;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.slice.SliceManager;
import org.p4slice.slicing.impl.stats.SliceStatsManager;
import org.p4slice.slicing.impl.store.DistributedAuditStore;
import org.p4slice.testbed.ComponentConfigDefinitions;

import java.io.IOException;
import java.net.URISyntaxException;
import java.util.List;

/**
 * Every component property of the slicing app has its generated {@code .cfgdef} description, without
 * which ONOS would not activate the component ({@link ComponentConfigDefinitions}): admission's,
 * the reservation manager's, the audit log's, the statistics' and the slice manager's.
 */
public class ComponentConfigDefinitionsTest {

    @Test
    public void everyPropertyHasAGeneratedDefinition() throws IOException, URISyntaxException, ClassNotFoundException {
        for (Class<?> component : List.of(AdmissionManager.class, ReservationManager.class, DistributedAuditStore.class,
                                          SliceStatsManager.class, SliceManager.class)) {
            ComponentConfigDefinitions.assertEveryPropertyHasAGeneratedDefinition(
                    Class.forName(component.getPackageName() + ".OsgiPropertyConstants"));
        }
    }
}
