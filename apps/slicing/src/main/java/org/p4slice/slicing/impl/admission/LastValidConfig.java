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
package org.p4slice.slicing.impl.admission;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.NetworkConfigListener;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.p4slice.slicing.config.SlicingConfig;

/**
 * The {@code p4slice} netcfg as admission decides on it: the configuration as it is while it is
 * valid, and while it is invalid the last valid one (an invalid configuration leaves the settings in
 * effect); none once it is removed. Every change is looked at as it arrives, so a valid configuration
 * replaced at once by an invalid one still counts.
 */
final class LastValidConfig {

    private final NetworkConfigRegistry cfgRegistry;
    private final ApplicationId appId;
    private volatile SlicingConfig lastValid;

    private final NetworkConfigListener listener = new NetworkConfigListener() {
        @Override
        public boolean isRelevant(NetworkConfigEvent event) {
            return event.configClass() == SlicingConfig.class;
        }

        @Override
        public void event(NetworkConfigEvent event) {
            get();
        }
    };

    /**
     * Follows the configuration of an application.
     *
     * @param cfgRegistry the network configuration
     * @param appId       the application whose {@link SlicingConfig} is read
     */
    LastValidConfig(NetworkConfigRegistry cfgRegistry, ApplicationId appId) {
        this.cfgRegistry = cfgRegistry;
        this.appId = appId;
    }

    /**
     * Starts looking at every change of the configuration.
     */
    void start() {
        cfgRegistry.addListener(listener);
    }

    /**
     * Stops looking at its changes.
     */
    void stop() {
        cfgRegistry.removeListener(listener);
    }

    /**
     * Returns the configuration in effect, read now.
     *
     * @return the configuration if valid, else the last valid one; null if there is none
     */
    SlicingConfig get() {
        SlicingConfig config = cfgRegistry.getConfig(appId, SlicingConfig.class);
        if (config == null) {
            lastValid = null;
        } else if (config.validationError().isEmpty()) {
            lastValid = config;
        }
        return lastValid;
    }
}
