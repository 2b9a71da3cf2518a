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
package org.p4slice.slicing.codec;

import org.junit.Test;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.stats.SliceStats;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.Assert.assertThat;

/**
 * Tests of the codec registry.
 */
public class SlicingCodecsTest {

    /** A codec service that keeps what is registered. */
    private static final class MapCodecService implements CodecService {
        private final Map<Class<?>, JsonCodec<?>> codecs = new HashMap<>();

        @Override
        public Set<Class<?>> getCodecs() {
            return codecs.keySet();
        }

        @SuppressWarnings("unchecked")
        @Override
        public <T> JsonCodec<T> getCodec(Class<T> entityClass) {
            return (JsonCodec<T>) codecs.get(entityClass);
        }

        @Override
        public <T> void registerCodec(Class<T> entityClass, JsonCodec<T> codec) {
            codecs.put(entityClass, codec);
        }

        @Override
        public void unregisterCodec(Class<?> entityClass) {
            codecs.remove(entityClass);
        }
    }

    @Test
    public void registersAndUnregistersEveryCodec() {
        MapCodecService service = new MapCodecService();
        SlicingCodecs.registerAll(service);
        assertThat(service.getCodecs(), containsInAnyOrder(Slice.class, SliceRequest.class, Endpoint.class,
                SliceStats.class, PortCapacity.class, LinkCapacity.class, Reservation.class, ApiError.class,
                AuditEntry.class, DeviceOutcome.class));
        assertThat(service.getCodec(Slice.class), sameInstance(SlicingCodecs.SLICE));
        assertThat(service.getCodec(SliceRequest.class), sameInstance(SlicingCodecs.SLICE_REQUEST));
        assertThat(service.getCodec(ApiError.class), sameInstance(SlicingCodecs.API_ERROR));
        assertThat(service.getCodec(Reservation.class), sameInstance(SlicingCodecs.RESERVATION));
        assertThat(service.getCodec(DeviceOutcome.class), sameInstance(SlicingCodecs.DEVICE_OUTCOME));
        SlicingCodecs.unregisterAll(service);
        assertThat(service.getCodecs().isEmpty(), is(true));
    }

    @Test
    public void knowsOnlySlicingEntities() {
        assertThat(SlicingCodecs.codec(SliceStats.class), sameInstance(SlicingCodecs.SLICE_STATS));
        assertThat(SlicingCodecs.codec(String.class), nullValue());
        assertThat(SlicingCodecs.entityClasses().size(), is(10));
    }
}
