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
package org.p4slice.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.net.config.NetworkConfigService;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantId;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Completes tenants: those of the configuration ({@code tenants} of the p4slice netcfg) and those
 * owning slices, in alphabetical order.
 */
@Service
public class TenantCompleter extends P4SliceCompleter {

    @Override
    protected List<String> candidates() {
        TenantScope scope = services.get(TenantGateService.class).scope(caller());
        if (!scope.isOperator()) {
            return scope.tenant().map(t -> List.of(t.id().id())).orElse(List.of());
        }
        Set<TenantId> tenants = new TreeSet<>(configured());
        services.get(TenantService.class).getTenants().forEach(t -> tenants.add(t.id()));
        services.get(TenantGateService.class).getSlices(caller(), null).stream().map(Slice::tenant)
                .forEach(tenants::add);
        return tenants.stream().map(TenantId::id).collect(Collectors.toList());
    }

    private Set<TenantId> configured() {
        try {
            ApplicationId appId = services.get(CoreService.class).getAppId(SlicingConfig.APP_NAME);
            if (appId == null) {
                return Set.of();
            }
            SlicingConfig config = services.get(NetworkConfigService.class).getConfig(appId, SlicingConfig.class);
            return config == null || !config.isValid() ? Set.of() : config.tenants().orElse(Set.of());
        } catch (ServiceNotFoundException e) {
            return Set.of();
        }
    }
}
