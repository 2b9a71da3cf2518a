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
package org.p4slice.testbed;

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineModel;

import java.io.InputStream;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pipeconf each device runs (by id; the slicing app checks only the id).
 */
public class FakePipeconfService extends PiPipeconfServiceAdapter {

    private final Map<DeviceId, PiPipeconf> bound = new ConcurrentHashMap<>();

    /**
     * Binds a device to a pipeconf id.
     *
     * @param device device
     * @param id     pipeconf id
     */
    public void bind(DeviceId device, PiPipeconfId id) {
        bound.put(device, new IdOnlyPipeconf(id));
    }

    @Override
    public Optional<PiPipeconf> getPipeconf(DeviceId deviceId) {
        return Optional.ofNullable(bound.get(deviceId));
    }

    @Override
    public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
        return getPipeconf(deviceId).map(PiPipeconf::id);
    }

    /**
     * A pipeconf known by its id only.
     */
    private static final class IdOnlyPipeconf implements PiPipeconf {
        private final PiPipeconfId id;

        IdOnlyPipeconf(PiPipeconfId id) {
            this.id = id;
        }

        @Override
        public PiPipeconfId id() {
            return id;
        }

        @Override
        public PiPipelineModel pipelineModel() {
            throw new UnsupportedOperationException("a test pipeconf has no pipeline model");
        }

        @Override
        public long fingerprint() {
            return id.hashCode();
        }

        @Override
        public Collection<Class<? extends Behaviour>> behaviours() {
            return List.of();
        }

        @Override
        public Optional<Class<? extends Behaviour>> implementation(Class<? extends Behaviour> behaviour) {
            return Optional.empty();
        }

        @Override
        public boolean hasBehaviour(Class<? extends Behaviour> behaviourClass) {
            return false;
        }

        @Override
        public Optional<InputStream> extension(ExtensionType type) {
            return Optional.empty();
        }
    }
}
