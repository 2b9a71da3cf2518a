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

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a caller may see and touch: everything (an operator), one tenant's slices and
 * reservations, or nothing (a user who belongs to no tenant and is not an operator).
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

    /**
     * Returns whether the caller shares the testbed: an operator or a tenant's user, who see the
     * capacity of its ports and links and the history of its fairness figures.
     *
     * @return true for an operator or a tenant's user
     */
    public boolean sharesTestbed() {
        return operator || tenant != null;
    }

    /**
     * Checks that the caller shares the testbed ({@link #sharesTestbed()}).
     *
     * @param what what the caller reads, e.g. "the capacity of the testbed"
     * @throws SlicingException FORBIDDEN if it is neither an operator nor a tenant's user
     */
    public void checkSharesTestbed(String what) {
        if (!sharesTestbed()) {
            throw SlicingException.forbidden(what + " is for operators and tenants' users; "
                    + (user.isEmpty() ? "an anonymous request" : "user " + user) + " is neither");
        }
    }

    /**
     * Checks that the caller acts for a tenant (operators act for all).
     *
     * @param id   tenant named by the request
     * @param what what the caller tries, e.g. "create a slice of"
     * @throws SlicingException FORBIDDEN if it does not
     */
    public void checkActsFor(TenantId id, String what) {
        if (sees(id)) {
            return;
        }
        String who = user.isEmpty() ? "an anonymous request" : "user " + user;
        throw SlicingException.forbidden(tenant != null
                ? who + " acts for tenant " + tenant.id() + " and may not " + what + " tenant " + id
                : who + " acts for no tenant and may not " + what + " tenant " + id);
    }

    /**
     * Lists what the caller may read: a named tenant's objects if the caller acts for it, otherwise
     * everything for an operator, its own tenant's for a tenant's user, nothing for anyone else.
     *
     * @param id       the tenant the request names, or null for none
     * @param what     the objects, for the refusal, e.g. "read the slices of"
     * @param ofTenant a tenant's objects
     * @param all      every object
     * @param none     the empty listing
     * @param <T>      listing type
     * @return the listing
     * @throws SlicingException FORBIDDEN if the request names a tenant the caller does not act for
     */
    public <T> T visible(TenantId id, String what, Function<TenantId, T> ofTenant, Supplier<T> all, T none) {
        if (id != null) {
            checkActsFor(id, what);
            return ofTenant.apply(id);
        }
        if (operator) {
            return all.get();
        }
        return tenant != null ? ofTenant.apply(tenant.id()) : none;
    }

    @Override
    public String toString() {
        return user + (operator ? " (operator)" : tenant != null ? " (tenant " + tenant.id() + ")" : " (no tenant)");
    }
}
