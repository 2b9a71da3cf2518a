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

import org.p4slice.slicing.config.SlicingConfig;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSortedSet;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.config.TenantConfig;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.slicing.api.tenant.TenantUserStore;
import org.p4slice.slicing.config.OperatorsConfig;
import org.slf4j.Logger;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The tenants of netcfg {@code apps.org.p4slice.tenants}, the operators of
 * {@code apps.org.p4slice.operators} and the scope of a caller, the one place that states who
 * sees what (REST, CLI, ONOS's GUI and the portal alike):
 * <ul>
 * <li>a tenant's user ({@link Caller#isTenantUser()}, authenticated by p4slice's tenant-user store)
 * acts for the tenant the store gives it while that tenant is configured, and is never an operator;</li>
 * <li>an ONOS user is an operator if the operators block names it; while there is neither an
 * operators block nor a tenants block (a fresh install), an ONOS user whose front end verified
 * ONOS's admin role (REST, CLI) is one too. ONOS's GUI does not tell a user's roles
 * ({@code Caller.of(user, false)}), so there only the operators block makes an operator;</li>
 * <li>everybody else sees nothing.</li>
 * </ul>
 * The user names of netcfg {@code tenants.<id>.users} (the old design's Karaf users) are no longer
 * honoured: a WARN names the migration ({@code docs/tenants.md}). The configuration is read at
 * every call, so a change takes effect at once. Everything fails closed: an invalid tenants block
 * (ONOS normally refuses it) leaves every tenant's user with nothing, an invalid operators block
 * leaves no operator, and a removed tenants block turns no tenant's user into an operator.
 */
@Component(immediate = true, service = TenantService.class)
public class TenantManager implements TenantService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry cfgRegistry;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantUserStore userStore;

    // the netcfg user lists last warned about (one WARN per change, not per call)
    private volatile Set<String> warnedNetcfgUsers = Set.of();

    private ApplicationId appId;

    private final ConfigFactory<ApplicationId, TenantConfig> factory =
            new ConfigFactory<ApplicationId, TenantConfig>(SubjectFactories.APP_SUBJECT_FACTORY,
                                                           TenantConfig.class, TenantConfig.KEY) {
                @Override
                public TenantConfig createConfig() {
                    return new TenantConfig();
                }
            };

    private final ConfigFactory<ApplicationId, OperatorsConfig> operatorsFactory =
            new ConfigFactory<ApplicationId, OperatorsConfig>(SubjectFactories.APP_SUBJECT_FACTORY,
                                                              OperatorsConfig.class, OperatorsConfig.KEY) {
                @Override
                public OperatorsConfig createConfig() {
                    return new OperatorsConfig();
                }
            };

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SlicingConfig.APP_NAME);
        cfgRegistry.registerConfigFactory(factory);
        cfgRegistry.registerConfigFactory(operatorsFactory);
        log.info("Started with {} tenants", getTenants().size());
    }

    @Deactivate
    protected void deactivate() {
        cfgRegistry.unregisterConfigFactory(operatorsFactory);
        cfgRegistry.unregisterConfigFactory(factory);
        log.info("Stopped");
    }

    // the tenants configured; empty if none; null if the configuration is invalid
    private Map<TenantId, Tenant> tenants() {
        TenantConfig config = cfgRegistry.getConfig(appId, TenantConfig.class);
        if (config == null) {
            return ImmutableMap.of();
        }
        Optional<String> error = config.validationError();
        if (error.isPresent()) {
            log.warn("Invalid {}: nobody sees anything until it is fixed", error.get());
            return null;
        }
        Map<TenantId, Tenant> tenants = config.tenants();
        warnAboutNetcfgUsers(tenants);
        return tenants;
    }

    // the old design's user lists: honoured no more (a tenant's users are p4slice's own now)
    private void warnAboutNetcfgUsers(Map<TenantId, Tenant> tenants) {
        Set<String> listed = new TreeSet<>();
        tenants.values().forEach(t -> t.users().forEach(u -> listed.add(t.id() + "/" + u)));
        if (!listed.isEmpty() && !listed.equals(warnedNetcfgUsers)) {
            log.warn("netcfg apps.org.p4slice.tenants.<id>.users is no longer honoured: {} act for no tenant."
                             + " Create each as a tenant's user (p4slice:tenant-user-add TENANT NAME or POST"
                             + " /onos/p4slice/tenants/TENANT/users), then remove it from netcfg and from"
                             + " Karaf's etc/users.properties (docs/tenants.md)", listed);
        }
        warnedNetcfgUsers = Set.copyOf(listed);
    }

    @Override
    public Set<Tenant> getTenants() {
        Map<TenantId, Tenant> tenants = tenants();
        return tenants == null ? ImmutableSortedSet.of()
                : ImmutableSortedSet.copyOf(Comparator.comparing(Tenant::id), tenants.values());
    }

    @Override
    public Optional<Tenant> getTenant(TenantId id) {
        Map<TenantId, Tenant> tenants = tenants();
        return tenants == null ? Optional.empty() : Optional.ofNullable(tenants.get(id));
    }

    @Override
    public TenantScope scope(Caller caller) {
        String user = caller.user();
        if (user.isEmpty()) {
            return TenantScope.none(user);
        }
        if (caller.isTenantUser()) {
            Map<TenantId, Tenant> tenants = tenants();
            Optional<TenantId> id = userStore.get(user).map(TenantUserRecord::tenant);
            Tenant tenant = tenants == null || id.isEmpty() ? null : tenants.get(id.get());
            return tenant == null ? TenantScope.none(user) : TenantScope.of(user, tenant);
        }
        return isOperator(caller) ? TenantScope.operator(user) : TenantScope.none(user);
    }

    @Override
    public boolean isOperatorName(String user) {
        OperatorsConfig operators = cfgRegistry.getConfig(appId, OperatorsConfig.class);
        return operators != null && operators.validationError().isEmpty() && operators.users().contains(user);
    }

    // listed by the operators block; without one, an admin while no tenants block exists (a fresh install)
    private boolean isOperator(Caller caller) {
        OperatorsConfig operators = cfgRegistry.getConfig(appId, OperatorsConfig.class);
        if (operators == null) {
            return caller.isAdmin() && cfgRegistry.getConfig(appId, TenantConfig.class) == null;
        }
        Optional<String> error = operators.validationError();
        if (error.isPresent()) {
            log.warn("Invalid {}: nobody is an operator until it is fixed", error.get());
            return false;
        }
        return operators.users().contains(caller.user());
    }
}
