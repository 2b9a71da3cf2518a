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

import org.p4slice.slicing.impl.store.DistributedAuditStore;
import org.p4slice.slicing.impl.tenant.TenantGate;
import org.p4slice.slicing.impl.tenant.TenantManager;
import org.p4slice.slicing.impl.tenant.TenantUserManager;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.slicing.api.tenant.TenantUserStore;
import org.p4slice.slicing.impl.tenant.PasswordHashing;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.tenant.TenantService;

import java.time.Clock;

import static org.p4slice.testbed.Components.activate;
import static org.p4slice.testbed.Components.deactivate;
import static org.p4slice.testbed.Components.set;

/**
 * The tenant-scoped components of the slicing app over a running {@link SlicingTestbed}: the
 * tenants read from its network configuration, the audit log on its storage, and the tenant gate
 * every northbound call goes through, their references set as OSGi would.
 */
final class TenantComponents {

    // one for all testbeds: it hashes a random password when made
    private static final PasswordHashing HASHING = new PasswordHashing();

    private TenantManager tenants;
    private final DistributedAuditStore audit = new DistributedAuditStore();
    private final TenantGate gate = new TenantGate();
    private final TenantUserManager users = new TenantUserManager();
    private TenantUserStore userStore;

    /**
     * Activates the components.
     *
     * @param tb                 running testbed
     * @param reservationService its reservation manager
     * @param clock              clock of the audit log, or null for the system's
     */
    void start(SlicingTestbed tb, ReservationAdminService reservationService, Clock clock) {
        tenants = tb.tenantManager;
        set(audit, "storageService", tb.storage);
        set(audit, "cfgService", new ComponentConfigAdapter());
        if (clock != null) {
            set(audit, "clock", clock);
        }
        activate(audit, (Object) null);

        set(gate, "sliceService", tb.manager);
        set(gate, "reservationService", reservationService);
        set(gate, "tenantService", tenants);
        set(gate, "auditService", audit);

        set(users, "store", tb.tenantUserStore);
        set(users, "tenantService", tenants);
        set(users, "auditService", audit);
        activate(users);
        userStore = tb.tenantUserStore;
    }

    /**
     * Stores a tenant's user as the manager would, without its checks.
     *
     * @param tenant   tenant
     * @param user     user name
     * @param password password
     */
    void addUser(TenantId tenant, String user, String password) {
        userStore.putIfAbsent(new TenantUserRecord(user, tenant, HASHING.hash(password.toCharArray())));
    }

    TenantUserAdminService users() {
        return users;
    }

    /**
     * Deactivates the components.
     */
    void stop() {
        deactivate(users);
        deactivate(audit);
    }

    TenantService tenants() {
        return tenants;
    }

    AuditService audit() {
        return audit;
    }

    TenantGateService gate() {
        return gate;
    }
}
