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
package org.p4slice.web.testbed;

import org.onlab.junit.TestUtils;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.onosproject.store.service.StorageService;
import org.p4slice.slicing.api.AuditService;
import org.p4slice.slicing.api.ReservationAdminService;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.TenantReservationService;
import org.p4slice.slicing.api.TenantService;
import org.p4slice.slicing.api.TenantSliceService;
import org.p4slice.slicing.impl.DistributedAuditStore;
import org.p4slice.slicing.impl.TenantManager;
import org.p4slice.slicing.impl.TenantReservationManager;
import org.p4slice.slicing.impl.TenantSliceManager;

import java.time.Clock;

/**
 * The tenant components of a testbed (tenants from its netcfg, the audit log on its storage, the
 * tenant-scoped slice and reservation services), their references set as OSGi would.
 */
final class TenantComponents {

    private final Tenants tenants = new Tenants();
    private final Audit audit = new Audit();
    private final Slices slices = new Slices();
    private final Reservations reservations = new Reservations();

    void start(TestbedNetworkConfig netcfg, StorageService storage, SliceAdminService sliceService,
               ReservationAdminService reservationService, Clock clock) {
        tenants.start(netcfg);
        audit.start(storage, tenants, clock);
        slices.start(sliceService, reservationService, tenants, audit, clock);
        reservations.start(sliceService, reservationService, tenants, audit, clock);
    }

    void stop() {
        audit.stop();
        tenants.stop();
    }

    TenantService tenants() {
        return tenants;
    }

    AuditService audit() {
        return audit;
    }

    TenantSliceService slices() {
        return slices;
    }

    TenantReservationService reservations() {
        return reservations;
    }

    private static void setClock(Object component, Clock clock) {
        if (clock == null) {
            return;
        }
        try {
            TestUtils.setField(component, "clock", clock);
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException(component.getClass().getSuperclass().getSimpleName()
                    + " has no clock field", e);
        }
    }

    private static final class Tenants extends TenantManager {
        void start(TestbedNetworkConfig netcfg) {
            coreService = new CoreServiceAdapter() {
                @Override
                public ApplicationId registerApplication(String name) {
                    return SlicingTestbed.APP_ID;
                }
            };
            cfgRegistry = netcfg;
            activate();
        }

        void stop() {
            deactivate();
        }
    }

    private static final class Audit extends DistributedAuditStore {
        void start(StorageService storage, TenantService tenants, Clock clock) {
            storageService = storage;
            tenantService = tenants;
            cfgService = new ComponentConfigAdapter();
            setClock(this, clock);
            activate(null);
        }

        void stop() {
            deactivate();
        }
    }

    private static final class Slices extends TenantSliceManager {
        void start(SliceAdminService sliceAdmin, ReservationAdminService reservationAdmin, TenantService tenants,
                   AuditService audit, Clock clock) {
            sliceService = sliceAdmin;
            reservationService = reservationAdmin;
            tenantService = tenants;
            auditService = audit;
            setClock(this, clock);
        }
    }

    private static final class Reservations extends TenantReservationManager {
        void start(SliceAdminService sliceAdmin, ReservationAdminService reservationAdmin, TenantService tenants,
                   AuditService audit, Clock clock) {
            sliceService = sliceAdmin;
            reservationService = reservationAdmin;
            tenantService = tenants;
            auditService = audit;
            setClock(this, clock);
        }
    }
}
