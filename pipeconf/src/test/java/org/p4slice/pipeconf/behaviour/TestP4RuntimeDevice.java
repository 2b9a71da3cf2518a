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
package org.p4slice.pipeconf.behaviour;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.onlab.packet.ChassisId;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.NetworkConfigServiceAdapter;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.net.provider.ProviderId;
import org.onosproject.p4runtime.api.P4RuntimeController;

import java.util.Optional;
import org.p4slice.pipeconf.impl.P4SlicePipeconfs;


/**
 * A device wired for behaviours that talk P4Runtime: a driver handler with a fake P4Runtime
 * controller and client, a pipeconf, and a management address in netcfg (or as annotation).
 */
final class TestP4RuntimeDevice {

    static final DeviceId DEVICE_ID = DeviceId.deviceId("device:bmv2:s1");
    static final long P4_DEVICE_ID = 7;
    static final String MANAGEMENT_ADDRESS = "grpc://127.0.0.1:50001?device_id=" + P4_DEVICE_ID;

    final FakeP4Runtime controller = new FakeP4Runtime();
    final FakeP4Runtime.Client client = controller.addClient(DEVICE_ID);
    final PiPipeconf pipeconf;
    final TestDriverHandler handler = new TestDriverHandler(DEVICE_ID);

    /** Management address in netcfg; null for none. */
    String netcfgAddress = MANAGEMENT_ADDRESS;
    /** Management address annotation of the device; null for none. */
    String annotatedAddress;
    /** Whether a pipeconf is bound to the device. */
    boolean pipeconfBound = true;

    /** A bmv2 device. */
    TestP4RuntimeDevice() {
        this(P4SlicePipeconfs.bmv2());
    }

    /**
     * A device running the given pipeconf.
     *
     * @param pipeconf its pipeconf
     */
    TestP4RuntimeDevice(PiPipeconf pipeconf) {
        this.pipeconf = pipeconf;
        handler.with(P4RuntimeController.class, controller)
                .with(PiPipeconfService.class, new PiPipeconfServiceAdapter() {
                    @Override
                    public Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
                        return pipeconfBound && DEVICE_ID.equals(deviceId) ? Optional.of(pipeconf) : Optional.empty();
                    }
                })
                .with(NetworkConfigService.class, new NetworkConfigServiceAdapter() {
                    @Override
                    @SuppressWarnings("unchecked")
                    public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
                        if (netcfgAddress == null || !DEVICE_ID.equals(subject)
                                || !configClass.equals(BasicDeviceConfig.class)) {
                            return null;
                        }
                        BasicDeviceConfig cfg = new BasicDeviceConfig();
                        cfg.init(DEVICE_ID, "basic", JsonNodeFactory.instance.objectNode(), new ObjectMapper(),
                                 config -> { });
                        cfg.managementAddress(netcfgAddress);
                        return (C) cfg;
                    }
                })
                .with(DeviceService.class, new DeviceServiceAdapter() {
                    @Override
                    public Device getDevice(DeviceId deviceId) {
                        DefaultAnnotations.Builder annotations = DefaultAnnotations.builder();
                        if (annotatedAddress != null) {
                            annotations.set(AnnotationKeys.MANAGEMENT_ADDRESS, annotatedAddress);
                        }
                        return new DefaultDevice(ProviderId.NONE, deviceId, Device.Type.SWITCH, "p4lang", "bmv2",
                                                 "1", "1", new ChassisId(1), annotations.build());
                    }
                });
    }
}
