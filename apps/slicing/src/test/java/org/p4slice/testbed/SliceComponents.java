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

import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.net.driver.DriverServiceAdapter;
import org.osgi.service.component.ComponentContext;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.impl.admission.AdmissionManager;
import org.p4slice.slicing.impl.slice.SliceManager;
import org.p4slice.slicing.impl.store.DistributedReservationStore;
import org.p4slice.slicing.impl.store.DistributedSliceDeviceStore;
import org.p4slice.slicing.impl.store.DistributedSliceStore;

import java.time.Clock;

import static org.onosproject.net.NetTestTools.injectEventDispatcher;
import static org.p4slice.testbed.Components.activate;
import static org.p4slice.testbed.Components.deactivate;
import static org.p4slice.testbed.Components.set;

/**
 * The slice components of the slicing app over a {@link SlicingTestbed}, their references set as OSGi
 * would: the slice and reservation stores on its storage, the tenants of its netcfg, admission and the
 * slice manager on its devices, links, paths and recording services (the whole stack adds the
 * reservation manager and {@link TenantComponents}).
 */
final class SliceComponents {

    private SliceComponents() {
    }

    /**
     * Activates the stores, tenants, admission and the slice manager, in the order OSGi would, into the
     * testbed's fields ({@code store}, {@code reservationStore}, {@code tenantManager}, {@code admission},
     * {@code manager}).
     *
     * @param tb       testbed
     * @param clock    admission's clock, or null for the system's
     * @param recorder listener of the slice manager, added before it activates
     * @param context  component properties, or null
     */
    static void start(SlicingTestbed tb, Clock clock, SliceListener recorder, ComponentContext context) {
        tb.store = new DistributedSliceStore();
        set(tb.store, "storageService", tb.storage);
        activate(tb.store);
        tb.deviceStore = new DistributedSliceDeviceStore();
        set(tb.deviceStore, "storageService", tb.storage);
        activate(tb.deviceStore);
        tb.reservationStore = new DistributedReservationStore();
        set(tb.reservationStore, "storageService", tb.storage);
        activate(tb.reservationStore);
        CoreServiceAdapter core = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return SlicingTestbed.APP_ID;
            }

            @Override
            public ApplicationId getAppId(String name) {
                return SlicingConfig.APP_NAME.equals(name) ? SlicingTestbed.APP_ID : null;
            }
        };
        set(tb.tenantManager, "coreService", core);
        set(tb.tenantManager, "cfgRegistry", tb.netcfg);
        set(tb.tenantUserStore, "storageService", tb.storage);
        activate(tb.tenantUserStore);
        set(tb.tenantManager, "userStore", tb.tenantUserStore);
        activate(tb.tenantManager);
        startAdmission(tb, core, clock, context);
        SliceManager manager = new SliceManager();
        set(manager, "coreService", core);
        set(manager, "store", tb.store);
        set(manager, "deviceStore", tb.deviceStore);
        set(manager, "storageService", tb.storage);
        set(manager, "deviceService", tb.devices);
        set(manager, "driverService", new DriverServiceAdapter());
        set(manager, "mastershipService", tb.mastership);
        set(manager, "cfgRegistry", tb.netcfg);
        set(manager, "flowRuleService", tb.flows);
        set(manager, "meterCells", tb.meters);
        set(manager, "admission", tb.admission);
        set(manager, "metrics", tb.metrics);
        set(manager, "multicastGroups", tb.groups);
        set(manager, "hostService", tb.hosts);
        set(manager, "cfgService", new ComponentConfigAdapter());
        set(manager, "executor", tb.executor);
        if (tb.translator != null) {
            set(manager, "translator", tb.translator);
        }
        injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.addListener(recorder);
        tb.manager = manager;
        activate(manager, context);
    }

    private static void startAdmission(SlicingTestbed tb, CoreServiceAdapter core, Clock clock,
                                       ComponentContext context) {
        AdmissionManager admission = tb.admission;
        set(admission, "deviceService", tb.devices);
        set(admission, "linkService", tb.links);
        set(admission, "pathService", tb.paths);
        set(admission, "pipeconfService", tb.pipeconfs);
        set(admission, "storageService", tb.storage);
        set(admission, "storedSlices", tb.store);
        set(admission, "reservationStore", tb.reservationStore);
        set(admission, "tenantService", tb.tenantManager);
        set(admission, "coreService", core);
        set(admission, "cfgRegistry", tb.netcfg);
        set(admission, "cfgService", new ComponentConfigAdapter());
        set(admission, "metrics", tb.metrics);
        set(admission, "lockWait", tb.admissionWait);
        if (clock != null) {
            set(admission, "clock", clock);
        }
        activate(admission, context);
    }

    /**
     * Deactivates what {@link #start} activated, the slice manager first.
     *
     * @param tb       testbed
     * @param recorder the listener {@link #start} added
     */
    static void stop(SlicingTestbed tb, SliceListener recorder) {
        tb.manager.removeListener(recorder);
        deactivate(tb.manager);
        deactivate(tb.admission);
        deactivate(tb.tenantManager);
        deactivate(tb.tenantUserStore);
        deactivate(tb.reservationStore);
        deactivate(tb.deviceStore);
        deactivate(tb.store);
    }
}
