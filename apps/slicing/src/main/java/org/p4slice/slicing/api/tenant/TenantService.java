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
 * {@code org.p4slice.slicing.config.TenantConfig}) and what a caller may see.
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
     * Returns what a caller sees: the tenant that lists its user name; otherwise everything for an
     * admin (an operator); otherwise nothing.
     *
     * @param caller caller
     * @return scope
     */
    TenantScope scope(Caller caller);
}
