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
package org.p4slice.slicing.impl;

import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreServiceAdapter;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.tenant.TenantReservationService;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantSliceService;

import java.time.Clock;

/**
 * The tenant-scoped components of the slicing app over a running {@link SlicingTestbed}: the
 * tenants read from its network configuration, the audit log on its storage, and the tenant-scoped
 * slice and reservation services, their references set as OSGi would.
 */
final class TenantComponents {

    private final TenantManager tenants = new TenantManager();
    private final DistributedAuditStore audit = new DistributedAuditStore();
    private final TenantSliceManager slices = new TenantSliceManager();
    private final TenantReservationManager reservations = new TenantReservationManager();

    /**
     * Activates the components.
     *
     * @param tb                 running testbed
     * @param reservationService its reservation manager
     * @param clock              clock of the audit log and the tenant services, or null for the system's
     */
    void start(SlicingTestbed tb, ReservationAdminService reservationService, Clock clock) {
        tenants.coreService = new CoreServiceAdapter() {
            @Override
            public ApplicationId registerApplication(String name) {
                return SlicingTestbed.APP_ID;
            }
        };
        tenants.cfgRegistry = tb.netcfg;
        tenants.activate();

        audit.storageService = tb.storage;
        audit.tenantService = tenants;
        audit.cfgService = new ComponentConfigAdapter();
        if (clock != null) {
            audit.clock = clock;
        }
        audit.activate(null);

        slices.sliceService = tb.manager;
        slices.reservationService = reservationService;
        slices.tenantService = tenants;
        slices.auditService = audit;
        reservations.sliceService = tb.manager;
        reservations.reservationService = reservationService;
        reservations.tenantService = tenants;
        reservations.auditService = audit;
        if (clock != null) {
            slices.clock = clock;
            reservations.clock = clock;
        }
    }

    /**
     * Deactivates the components.
     */
    void stop() {
        audit.deactivate();
        tenants.deactivate();
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
}
