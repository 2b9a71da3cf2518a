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
package org.p4slice.web.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.NetworkConfigRegistryAdapter;
import org.p4slice.slicing.config.SlicingConfig;
import org.p4slice.slicing.api.TenantConfig;

/**
 * The network configuration: the {@code p4slice} configuration of the app, if one was given.
 */
public class TestbedNetworkConfig extends NetworkConfigRegistryAdapter {

    private final ObjectMapper mapper = new ObjectMapper();
    private volatile ObjectNode slicing;
    private volatile ObjectNode tenants;

    /**
     * Sets the tenants block (netcfg {@code apps.org.p4slice.tenants}), or null for none.
     *
     * @param json {"&lt;tenant id&gt;": {"name", "users", "maxSlices", ...}, ...}
     */
    public void setTenantsConfig(ObjectNode json) {
        this.tenants = json;
    }

    /**
     * Sets the {@code p4slice} configuration (before the app starts).
     *
     * @param json configuration object, or null for none
     */
    public void setSlicingConfig(ObjectNode json) {
        this.slicing = json;
    }

    /**
     * Returns the {@code p4slice} configuration as JSON, creating an empty one if there is none.
     *
     * @return configuration object
     */
    public ObjectNode slicingJson() {
        if (slicing == null) {
            slicing = mapper.createObjectNode();
        }
        return slicing;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
        if (configClass == TenantConfig.class) {
            ObjectNode t = tenants;
            if (t == null) {
                return null;
            }
            TenantConfig config = new TenantConfig();
            config.init((ApplicationId) subject, TenantConfig.KEY, t.deepCopy(), mapper, null);
            return (C) config;
        }
        if (configClass != SlicingConfig.class || slicing == null) {
            return null;
        }
        SlicingConfig config = new SlicingConfig();
        JsonNode node = slicing.deepCopy();
        config.init((ApplicationId) subject, SlicingConfig.KEY, node, mapper, null);
        return (C) config;
    }
}
