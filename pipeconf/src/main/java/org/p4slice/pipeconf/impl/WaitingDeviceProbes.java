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
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.pi.model.PiPipeconfId;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * Asks the device providers to probe, now, the devices whose network configuration names a
 * pipeconf that was just registered and that are not available.
 * <p>
 * When ONOS starts with devices configured, its device provider tries to connect them as soon as
 * it is active. A device whose pipeconf is not registered yet fails ("Driver not found") and is
 * tried again only at the provider's next periodic checkup (ONOS 2.7's {@code checkupInterval},
 * 10 s by default). p4slice's pipeconfs register about a second after the provider starts, so
 * without this every restart left its switches unconnected for up to that long. The probe is
 * what ONOS's device manager itself asks of a provider when a role changes
 * ({@link DeviceProvider#triggerProbe}); for a configured device that is not connected, ONOS's
 * general device provider answers it by connecting.
 */
final class WaitingDeviceProbes {

    private final NetworkConfigService configService;
    private final DeviceService deviceService;

    WaitingDeviceProbes(NetworkConfigService configService, DeviceService deviceService) {
        this.configService = configService;
        this.deviceService = deviceService;
    }

    /**
     * Probes each configured, unavailable device that uses one of the given pipeconfs, through the
     * (primary) provider of its URI scheme.
     *
     * @param pipeconfs ids of the pipeconfs just registered
     * @param providers the device providers ONOS has
     * @return the devices probed
     */
    List<DeviceId> probe(Set<PiPipeconfId> pipeconfs, Collection<DeviceProvider> providers) {
        List<DeviceId> probed = new ArrayList<>();
        for (DeviceId device : ConfiguredDevices.using(configService, pipeconfs)) {
            if (deviceService.isAvailable(device)) {
                continue;
            }
            String scheme = device.uri().getScheme();
            for (DeviceProvider provider : providers) {
                if (!provider.id().isAncillary() && provider.id().scheme().equals(scheme)) {
                    provider.triggerProbe(device);
                    probed.add(device);
                    break;
                }
            }
        }
        return probed;
    }
}
