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

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.slicing.api.tenant.TenantUserService;
import org.p4slice.slicing.api.tenant.TenantUserStore;
import org.slf4j.Logger;

import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The tenants' users: their administration by operators (checked, audited) and their
 * authentication (PBKDF2, {@link PasswordHashing}, with the short-lived {@link VerificationCache}
 * in front, emptied of a user on every change of it in the cluster; at most {@value KdfGate#PERMITS}
 * derivations at once, {@link KdfGate}). Neither a password nor its hash
 * is ever logged, audited or returned.
 */
@Component(immediate = true, service = {TenantUserService.class, TenantUserAdminService.class})
public class TenantUserManager implements TenantUserAdminService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantUserStore store;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantService tenantService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected AuditService auditService;

    private final PasswordHashing hashing = new PasswordHashing();
    private final VerificationCache cache;
    private final KdfGate kdfGate;
    private final BiPredicate<char[], String> verifier;

    /**
     * Creates the manager (the component).
     */
    public TenantUserManager() {
        this(new VerificationCache());
    }

    TenantUserManager(VerificationCache cache) {
        this(cache, new KdfGate(), null);
    }

    /**
     * Creates a manager.
     *
     * @param cache    the verification cache
     * @param kdfGate  the bound of key derivations at once
     * @param verifier what checks a password against an encoded hash (null: PBKDF2, {@link PasswordHashing})
     */
    TenantUserManager(VerificationCache cache, KdfGate kdfGate, BiPredicate<char[], String> verifier) {
        this.cache = cache;
        this.kdfGate = kdfGate;
        this.verifier = verifier != null ? verifier : hashing::verify;
    }

    @Activate
    protected void activate() {
        store.setChangeListener(cache::drop);
        log.info("Started with {} tenants' users", store.getAll().size());
    }

    @Deactivate
    protected void deactivate() {
        store.setChangeListener(null);
        cache.clear();
        log.info("Stopped");
    }

    @Override
    public Optional<TenantId> authenticate(String user, char[] password) {
        if (user == null || password == null) {
            return Optional.empty();
        }
        Optional<TenantId> cached = cache.get(user, password);
        if (cached.isPresent()) {
            return cached;
        }
        // read before the record: a change of any user from here on keeps this verification out of
        // the cache (VerificationCache.put), however late its news comes during the check
        long generation = cache.generation();
        Optional<TenantUserRecord> record = store.get(user);
        String encoded = record.map(TenantUserRecord::passwordHash).orElse(null);
        boolean ok = kdfGate.run(() -> verifier.test(password, encoded));
        if (!ok || record.isEmpty()) {
            return Optional.empty();
        }
        // the user may have been removed or changed while its password was checked: answer yes only
        // for the record still stored
        if (!record.equals(store.get(user))) {
            return Optional.empty();
        }
        cache.put(user, password, record.get().tenant(), generation);
        return Optional.of(record.get().tenant());
    }

    @Override
    public Optional<TenantId> tenantOf(String user) {
        return user == null ? Optional.empty() : store.get(user).map(TenantUserRecord::tenant);
    }

    @Override
    public SortedSet<String> getUsers(TenantId tenant) {
        SortedSet<String> names = new TreeSet<>();
        store.getAll().values().stream().filter(r -> r.tenant().equals(tenant)).forEach(r -> names.add(r.user()));
        return names;
    }

    @Override
    public SortedMap<String, TenantId> getUsers() {
        SortedMap<String, TenantId> users = new TreeMap<>();
        for (Map.Entry<String, TenantUserRecord> e : store.getAll().entrySet()) {
            users.put(e.getKey(), e.getValue().tenant());
        }
        return users;
    }

    @Override
    public void addUser(Caller caller, TenantId tenant, String user, char[] password) {
        String target = "tenant user " + TenantUserChecks.printable(user);
        audited(caller, "tenant-user.add", target, tenant, () -> {
            operatorAndTenant(caller, tenant);
            TenantUserChecks.checkName(user);
            if (tenantService.isOperatorName(user)) {
                throw SlicingException.invalid("user name \"" + user + "\" is a configured operator's;"
                        + " a tenant's user must be named otherwise");
            }
            TenantUserChecks.checkPassword(password);
            if (store.get(user).isPresent()) {
                throw SlicingException.conflict("a tenant's user named \"" + user + "\" exists already");
            }
            TenantUserRecord record = new TenantUserRecord(user, tenant, hashing.hash(password));
            if (!store.putIfAbsent(record)) {
                throw SlicingException.conflict("a tenant's user named \"" + user + "\" exists already");
            }
            cache.drop(user);
        });
    }

    @Override
    public void removeUser(Caller caller, TenantId tenant, String user) {
        String target = "tenant user " + TenantUserChecks.printable(user);
        audited(caller, "tenant-user.remove", target, tenant, () -> {
            operatorAndTenant(caller, tenant);
            Optional<TenantUserRecord> record = user == null ? Optional.empty() : store.get(user);
            if (record.isEmpty() || !record.get().tenant().equals(tenant)) {
                throw SlicingException.notFound("tenant " + tenant + " has no user \""
                                                        + TenantUserChecks.printable(user) + "\"");
            }
            if (!store.remove(record.get())) {
                throw SlicingException.conflict("tenant user \"" + user + "\" changed meanwhile; try again");
            }
            cache.drop(user);
        });
    }

    @Override
    public SortedSet<String> listUsers(Caller caller, TenantId tenant) {
        operatorAndTenant(caller, tenant);
        return getUsers(tenant);
    }

    // an operator's only: anyone else learns nothing, not even whether the tenant exists
    private void operatorAndTenant(Caller caller, TenantId tenant) {
        if (caller == null || !tenantService.scope(caller).isOperator()) {
            throw SlicingException.forbidden(NOT_OPERATOR);
        }
        if (tenant == null || tenantService.getTenant(tenant).isEmpty()) {
            throw SlicingException.notFound("tenant " + tenant + " is not configured (netcfg apps."
                                                    + "org.p4slice.tenants)");
        }
    }

    private void audited(Caller caller, String action, String target, TenantId tenant, Runnable change) {
        try {
            change.run();
        } catch (SlicingException e) {
            audit(caller, action, target, tenant, e.kind() + ": " + e.getMessage());
            throw e;
        }
        audit(caller, action, target, tenant, AuditEntry.OK);
    }

    private void audit(Caller caller, String action, String target, TenantId tenant, String result) {
        String who = caller == null || caller.user().isEmpty() ? "(anonymous)" : caller.user();
        try {
            auditService.record(who, action, target, tenant, result);
        } catch (RuntimeException e) {
            log.warn("Audit entry not written ({} {} {} by {}: {})", action, target, tenant, who, result, e);
        }
    }
}
