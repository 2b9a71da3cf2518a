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

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a caller may see and touch: everything (an operator), one tenant's slices and
 * reservations, or nothing (a user who belongs to no tenant and is not an admin).
 */
public final class TenantScope {

    private final String user;
    private final boolean operator;
    private final Tenant tenant;

    private TenantScope(String user, boolean operator, Tenant tenant) {
        this.user = checkNotNull(user);
        this.operator = operator;
        this.tenant = tenant;
    }

    /**
     * Returns the scope of an operator.
     *
     * @param user user name
     * @return scope
     */
    public static TenantScope operator(String user) {
        return new TenantScope(user, true, null);
    }

    /**
     * Returns the scope of a user acting for a tenant.
     *
     * @param user   user name
     * @param tenant the tenant
     * @return scope
     */
    public static TenantScope of(String user, Tenant tenant) {
        return new TenantScope(user, false, checkNotNull(tenant));
    }

    /**
     * Returns the scope of a user who sees nothing.
     *
     * @param user user name
     * @return scope
     */
    public static TenantScope none(String user) {
        return new TenantScope(user, false, null);
    }

    /**
     * Returns the user name.
     *
     * @return user
     */
    public String user() {
        return user;
    }

    /**
     * Returns whether the caller is an operator (sees and does everything).
     *
     * @return true for an operator
     */
    public boolean isOperator() {
        return operator;
    }

    /**
     * Returns the tenant the caller acts for.
     *
     * @return tenant, or empty for an operator or a user of no tenant
     */
    public Optional<Tenant> tenant() {
        return Optional.ofNullable(tenant);
    }

    /**
     * Returns whether the caller sees the objects of a tenant.
     *
     * @param id tenant id (null: an object of no tenant, which only operators see)
     * @return true if it does
     */
    public boolean sees(TenantId id) {
        return operator || tenant != null && tenant.id().equals(id);
    }

    @Override
    public String toString() {
        return user + (operator ? " (operator)" : tenant != null ? " (tenant " + tenant.id() + ")" : " (no tenant)");
    }
}
