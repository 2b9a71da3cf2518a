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
package org.p4slice.pipeconf.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The devices whose network configuration ({@code basic.pipeconf}) names one of p4slice's pipeconfs.
 */
final class ConfiguredDevices {

    private ConfiguredDevices() {
    }

    /**
     * Returns the configured devices that use one of the given pipeconfs.
     *
     * @param configService ONOS's network configuration
     * @param pipeconfs     pipeconf ids
     * @return those devices, in the configuration's order
     */
    static List<DeviceId> using(NetworkConfigService configService, Set<PiPipeconfId> pipeconfs) {
        return configService.getSubjects(DeviceId.class, BasicDeviceConfig.class).stream()
                .filter(device -> {
                    BasicDeviceConfig config = configService.getConfig(device, BasicDeviceConfig.class);
                    return config != null && config.pipeconf() != null
                            && pipeconfs.contains(new PiPipeconfId(config.pipeconf()));
                })
                .collect(Collectors.toList());
    }
}
