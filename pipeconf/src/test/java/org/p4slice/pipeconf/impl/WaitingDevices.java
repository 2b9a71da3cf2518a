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

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigApplyDelegate;
import org.onosproject.net.config.NetworkConfigServiceAdapter;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.DeviceAnnotationConfig;
import org.onosproject.net.device.DeviceProvider;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.provider.AbstractProvider;
import org.onosproject.net.provider.ProviderId;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A network as ONOS's services show it to the pipeconf loader: devices in the network
 * configuration (with the pipeconf each names), which of them are available, and device
 * providers that record the probes they are asked for.
 */
final class WaitingDevices {

    final Map<DeviceId, BasicDeviceConfig> configs = new LinkedHashMap<>();
    final Map<DeviceId, DeviceAnnotationConfig> annotations = new LinkedHashMap<>();
    /** "device key=value" for every annotation config applied, as ONOS's store would receive it. */
    final List<String> applied = new ArrayList<>();
    final Set<DeviceId> available = new HashSet<>();

    final NetworkConfigServiceAdapter configService = new NetworkConfigServiceAdapter() {
        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> Set<S> getSubjects(Class<S> subjectClass, Class<C> configClass) {
            return configClass == BasicDeviceConfig.class ? (Set<S>) Set.copyOf(configs.keySet()) : Set.of();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> C getConfig(S subject, Class<C> configClass) {
            if (configClass == DeviceAnnotationConfig.class) {
                return (C) annotations.get(subject);
            }
            return configClass == BasicDeviceConfig.class ? (C) configs.get(subject) : null;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <S, C extends Config<S>> C addConfig(S subject, Class<C> configClass) {
            if (configClass != DeviceAnnotationConfig.class) {
                throw new AssertionError("only device annotations are added");
            }
            DeviceId device = (DeviceId) subject;
            return (C) annotations.computeIfAbsent(device, d -> {
                DeviceAnnotationConfig config = new DeviceAnnotationConfig();
                config.init(d, DeviceAnnotationConfig.CONFIG_KEY, new ObjectMapper().createObjectNode(),
                            new ObjectMapper(), c -> ((DeviceAnnotationConfig) c).annotations()
                                    .forEach((k, v) -> applied.add(d + " " + k + "=" + v)));
                return config;
            });
        }
    };

    final DeviceServiceAdapter deviceService = new DeviceServiceAdapter() {
        @Override
        public boolean isAvailable(DeviceId deviceId) {
            return available.contains(deviceId);
        }
    };

    /** Adds a device to the network configuration, as an operator's netcfg "basic" block would. */
    DeviceId configure(String id, String pipeconf) {
        DeviceId device = DeviceId.deviceId(id);
        ObjectNode node = new ObjectMapper().createObjectNode().put("driver", "bmv2");
        if (pipeconf != null) {
            node.put("pipeconf", pipeconf);
        }
        BasicDeviceConfig config = new BasicDeviceConfig();
        ConfigApplyDelegate delegate = c -> { };
        config.init(device, "basic", node, new ObjectMapper(), delegate);
        configs.put(device, config);
        return device;
    }

    /** A device provider that records the devices it is asked to probe, and what held when it was. */
    static final class RecordingProvider extends AbstractProvider implements DeviceProvider {
        final List<DeviceId> probed = new ArrayList<>();
        final List<String> seen = new ArrayList<>();
        private final Supplier<String> state;

        RecordingProvider(ProviderId id, Supplier<String> state) {
            super(id);
            this.state = state;
        }

        @Override
        public void triggerProbe(DeviceId deviceId) {
            probed.add(deviceId);
            seen.add(state.get());
        }

        @Override
        public void roleChanged(DeviceId deviceId, MastershipRole newRole) {
            throw new AssertionError("no role is changed");
        }

        @Override
        public boolean isReachable(DeviceId deviceId) {
            return false;
        }

        @Override
        public void changePortState(DeviceId deviceId, PortNumber portNumber, boolean enable) {
            throw new AssertionError("no port is changed");
        }

        @Override
        public void triggerDisconnect(DeviceId deviceId) {
            throw new AssertionError("no device is disconnected");
        }
    }
}
