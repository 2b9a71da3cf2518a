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
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.slf4j.Logger;

import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The one tenant gate every northbound change goes through (REST, CLI, GUI and portal reach it
 * through the tenant-scoped services): it gives a caller its scope, runs a change for it, writes
 * the outcome to the audit log (done, or refused with the refusal's kind and full message) and
 * tells a caller who is not an operator a refusal's tenant-facing text only
 * ({@link SlicingException#forTenant()}: the slot, never another tenant's slice or booking). Also
 * the scope rules the tenant-scoped services share. A failure to write the log is logged and does
 * not undo or refuse the change.
 */
public final class TenantGate {

    private final Logger log = getLogger(getClass());
    private final Supplier<TenantService> tenants;
    private final Supplier<AuditService> audit;

    /**
     * Creates a gate.
     *
     * @param tenants the tenants
     * @param audit   the audit log (null while it is not bound: nothing is written)
     */
    public TenantGate(Supplier<TenantService> tenants, Supplier<AuditService> audit) {
        this.tenants = checkNotNull(tenants);
        this.audit = checkNotNull(audit);
    }

    /**
     * Returns what a caller may see and change.
     *
     * @param caller caller
     * @return scope
     */
    public TenantScope scope(Caller caller) {
        return tenants.get().scope(caller);
    }

    /**
     * Runs a change.
     *
     * @param scope  who
     * @param action what
     * @param target on what, before the change (e.g. the name of a slice being created)
     * @param tenant tenant concerned
     * @param done   on what, after the change (e.g. the id the slice got)
     * @param change the change
     * @param <T>    result type
     * @return the change's result
     * @throws SlicingException the change's refusal, in its tenant-facing text unless the caller is an operator
     */
    public <T> T run(TenantScope scope, String action, String target, TenantId tenant, Function<T, String> done,
                     Supplier<T> change) {
        T result;
        try {
            result = change.get();
        } catch (SlicingException e) {
            write(scope, action, target, tenant, e.kind() + ": " + e.getMessage());
            throw scope.isOperator() ? e : e.forTenant();
        } catch (RuntimeException e) {
            write(scope, action, target, tenant, "ERROR " + e.getClass().getSimpleName() + ": " + e.getMessage());
            throw e;
        }
        write(scope, action, done.apply(result), tenant, AuditEntry.OK);
        return result;
    }

    private void write(TenantScope scope, String action, String target, TenantId tenant, String result) {
        AuditService service = audit.get();
        if (service == null) {
            return;
        }
        try {
            service.record(scope.user().isEmpty() ? "(anonymous)" : scope.user(), action, target, tenant, result);
        } catch (RuntimeException e) {
            log.warn("Audit entry not written ({} {} {} by {}: {})", action, target, tenant, scope.user(), result, e);
        }
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
     * @param tenant tenant named by the request
     * @throws SlicingException INVALID if tenants are configured and this is not one of them (the
     *                          tenants are listed to operators only)
     */
    public void checkKnown(TenantId tenant) {
        Set<Tenant> all = tenants.get().getTenants();
        if (!all.isEmpty() && all.stream().noneMatch(t -> t.id().equals(tenant))) {
            throw new SlicingException(SlicingException.Kind.INVALID, "unknown tenant " + tenant
                    + "; the tenants are " + all.stream().map(t -> t.id().id()).sorted().collect(Collectors.toList()),
                                       "unknown tenant " + tenant);
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
