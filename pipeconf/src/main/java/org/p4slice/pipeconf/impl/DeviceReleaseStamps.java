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
import org.onosproject.net.config.basics.DeviceAnnotationConfig;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Stamps the running p4slice release in the annotations of each device configured with one of its
 * pipeconfs (network configuration {@code devices/<id>/annotations}, key {@value #KEY}).
 * <p>
 * Why: ONOS 2.7's {@code Device} objects bind their driver once. After an in-place upgrade of the
 * {@code .oar}, a connected device keeps the driver ONOS merged from the previous release's pipeconf,
 * and ONOS translates its own flow rules (packet requests among them) with that release's
 * interpreter until the device object is replaced. A changed annotation makes ONOS's device store
 * build a new device object (a DEVICE_UPDATED event), which binds the driver merged from the new
 * pipeconf. On a device not yet known to ONOS the stamp only waits in the configuration; an
 * unchanged stamp is not written again. Operators see it in {@code devices} and {@code netcfg}.
 */
final class DeviceReleaseStamps {

    /** The annotation's key. */
    static final String KEY = "p4sliceRelease";

    private final NetworkConfigService configService;

    DeviceReleaseStamps(NetworkConfigService configService) {
        this.configService = configService;
    }

    /**
     * Writes the stamp where it differs.
     *
     * @param pipeconfs ids of p4slice's registered pipeconfs
     * @param release   the release's stamp
     * @return the devices whose stamp was written
     */
    List<DeviceId> stamp(Set<PiPipeconfId> pipeconfs, String release) {
        List<DeviceId> stamped = new ArrayList<>();
        for (DeviceId device : ConfiguredDevices.using(configService, pipeconfs)) {
            DeviceAnnotationConfig current = configService.getConfig(device, DeviceAnnotationConfig.class);
            if (current != null && release.equals(current.annotations().get(KEY))) {
                continue;
            }
            configService.addConfig(device, DeviceAnnotationConfig.class).annotation(KEY, release).apply();
            stamped.add(device);
        }
        return stamped;
    }

    /**
     * The stamp of the bundle that holds this class: its version and when it was built, so that every
     * new build differs ("1.0.0.SNAPSHOT built 2026-11-27T17:12:00.791Z").
     *
     * @return the stamp, or "unknown" outside an OSGi framework
     */
    static String thisRelease() {
        Bundle bundle = FrameworkUtil.getBundle(DeviceReleaseStamps.class);
        if (bundle == null) {
            return "unknown";
        }
        String built = bundle.getHeaders().get("Bnd-LastModified");
        String when = built == null ? "at an unknown time" : Instant.ofEpochMilli(Long.parseLong(built)).toString();
        return bundle.getVersion() + " built " + when;
    }
}
