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
package org.p4slice.slicing.api.tenant;

import org.p4slice.slicing.api.TenantId;
import java.util.Optional;
import java.util.Set;

/**
 * The tenants of the testbed (netcfg {@code apps.org.p4slice.tenants}, read by
 * {@code org.p4slice.slicing.config.TenantConfig}), its operators (netcfg
 * {@code apps.org.p4slice.operators}) and what a caller may see.
 */
public interface TenantService {

    /**
     * Returns the configured tenants, ordered by id.
     *
     * @return tenants (empty when none are configured)
     */
    Set<Tenant> getTenants();

    /**
     * Returns a tenant.
     *
     * @param id tenant id
     * @return the tenant, or empty if it is not configured
     */
    Optional<Tenant> getTenant(TenantId id);

    /**
     * Returns what a caller sees: a tenant's user ({@link Caller#isTenantUser()}) the tenant
     * p4slice's tenant-user store gives it, while that tenant is configured; an ONOS user everything
     * if it is an operator (named by netcfg {@code apps.org.p4slice.operators}, or, while neither
     * that block nor a tenants block exists, holding ONOS's admin role as its front end verified);
     * anybody else, and an anonymous caller, nothing.
     *
     * @param caller caller
     * @return scope
     */
    TenantScope scope(Caller caller);

    /**
     * Returns whether the operators block names a user (a tenant's user may not be named so).
     *
     * @param user user name
     * @return true if it is a configured operator's name
     */
    boolean isOperatorName(String user);
}
