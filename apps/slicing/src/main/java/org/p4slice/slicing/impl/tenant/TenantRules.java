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
package org.p4slice.slicing.impl.tenant;

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;

import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The checks the tenant-scoped services share.
 */
public final class TenantRules {

    private TenantRules() {
    }

    /**
     * Checks that a caller acts for a tenant (operators act for all).
     *
     * @param scope  the caller's scope
     * @param tenant tenant named by the request
     * @param what   what the caller tries, e.g. "create a slice of"
     * @throws SlicingException FORBIDDEN if it does not
     */
    public static void checkActsFor(TenantScope scope, TenantId tenant, String what) {
        if (scope.sees(tenant)) {
            return;
        }
        String who = scope.user().isEmpty() ? "an anonymous request" : "user " + scope.user();
        throw SlicingException.forbidden(scope.tenant()
                .map(t -> who + " acts for tenant " + t.id() + " and may not " + what + " tenant " + tenant)
                .orElse(who + " acts for no tenant and may not " + what + " tenant " + tenant));
    }

    /**
     * Checks that a tenant is configured, once any is.
     *
     * @param tenants tenant service
     * @param tenant  tenant named by the request
     * @throws SlicingException INVALID if tenants are configured and this is not one of them
     */
    public static void checkKnown(TenantService tenants, TenantId tenant) {
        Set<Tenant> all = tenants.getTenants();
        if (!all.isEmpty() && all.stream().noneMatch(t -> t.id().equals(tenant))) {
            throw SlicingException.invalid("unknown tenant " + tenant + "; the tenants are "
                    + all.stream().map(t -> t.id().id()).collect(Collectors.toList()));
        }
    }

    /**
     * Lists what a caller may read: a named tenant's objects if the caller acts for it, otherwise
     * everything for an operator, its own tenant's for a tenant's user, nothing for anyone else.
     *
     * @param scope    the caller's scope
     * @param tenant   the tenant the request names, or null for none
     * @param what     the objects, for the refusal, e.g. "read the slices of"
     * @param ofTenant a tenant's objects
     * @param all      every object
     * @param none     the empty listing
     * @param <T>      listing type
     * @return the listing
     * @throws SlicingException FORBIDDEN if the request names a tenant the caller does not act for
     */
    public static <T> T visible(TenantScope scope, TenantId tenant, String what, Function<TenantId, T> ofTenant,
                         Supplier<T> all, T none) {
        if (tenant != null) {
            checkActsFor(scope, tenant, what);
            return ofTenant.apply(tenant);
        }
        if (scope.isOperator()) {
            return all.get();
        }
        return scope.tenant().map(t -> ofTenant.apply(t.id())).orElse(none);
    }
}
