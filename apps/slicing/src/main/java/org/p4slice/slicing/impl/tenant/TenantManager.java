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
import org.slf4j.Logger;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The tenants of netcfg {@code apps.org.p4slice.tenants} and the scope of a caller. The
 * configuration is read at every call, so a change takes effect at once. An invalid
 * configuration (ONOS normally refuses it) fails closed: nobody sees anything until it is fixed.
 */
@Component(immediate = true, service = TenantService.class)
public class TenantManager implements TenantService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry cfgRegistry;

    private ApplicationId appId;

    private final ConfigFactory<ApplicationId, TenantConfig> factory =
            new ConfigFactory<ApplicationId, TenantConfig>(SubjectFactories.APP_SUBJECT_FACTORY,
                                                           TenantConfig.class, TenantConfig.KEY) {
                @Override
                public TenantConfig createConfig() {
                    return new TenantConfig();
                }
            };

    @Activate
    protected void activate() {
        appId = coreService.registerApplication(SlicingConfig.APP_NAME);
        cfgRegistry.registerConfigFactory(factory);
        log.info("Started with {} tenants", getTenants().size());
    }

    @Deactivate
    protected void deactivate() {
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
        return config.tenants();
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
        Map<TenantId, Tenant> tenants = tenants();
        if (user.isEmpty() || tenants == null) {
            return TenantScope.none(user);
        }
        for (Tenant t : tenants.values()) {
            if (t.users().contains(user)) {
                return TenantScope.of(user, t);
            }
        }
        return caller.isAdmin() ? TenantScope.operator(user) : TenantScope.none(user);
    }
}
