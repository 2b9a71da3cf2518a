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
package org.p4slice.slicing.impl.store;

import org.onlab.util.KryoNamespace;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.Serializer;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.SliceDeviceKey;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationState;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.TenantId;

import java.util.Set;

/**
 * What the slicing app's distributed stores put on the wire: one {@link VersionedSerializer} per
 * store. Its stored values (slices, reservations, audit entries) are written in the versioned,
 * compatible format, each type at a registration id that never changes ({@code ID_*}: a type is only
 * ever added at the end, never moved or removed); keys and ids keep the first release's encoding
 * ({@code LEGACY_*}, frozen: never change those namespaces). The stores' tests round-trip every
 * stored type, and read what the first release wrote.
 */
final class StoreSerializers {

    /** Registration id of the first p4slice type in the versioned namespaces. */
    static final int FIRST_ID = KryoNamespaces.BEGIN_USER_CUSTOM_ID;

    // The first release's namespaces, as it wrote them: frozen.
    static final Serializer LEGACY_SLICES = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(SliceId.class, TenantId.class, EndpointMode.class, Endpoint.class, SliceState.class, Slice.class,
                      SliceRequest.class, SliceStats.class, PortCapacity.class,
                      LinkCapacity.class)
            .build("p4slice-slicing"));

    static final Serializer LEGACY_RESERVATIONS = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(SliceId.class, TenantId.class, EndpointMode.class, Endpoint.class, SliceRequest.class,
                      ReservationId.class, ReservationState.class, Reservation.class)
            .build("p4slice-reservations"));

    static final Serializer LEGACY_AUDIT = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API).register(AuditEntry.class).build("p4slice-audit"));

    // The versioned namespace: every p4slice type at a fixed id from FIRST_ID, in this order
    // (append only), with Kryo's compatible field serializer (fields may be added or removed).
    private static final KryoNamespace VERSIONED = KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .nextId(FIRST_ID)
            .register(SliceId.class, TenantId.class, EndpointMode.class, Endpoint.class, SliceState.class, Slice.class,
                      SliceRequest.class, ReservationId.class, ReservationState.class, Reservation.class,
                      AuditEntry.class)
            .setCompatible(true)
            .build("p4slice-versioned");

    // The devices' outcomes (DistributedSliceDeviceStore): a namespace of its own, keys and values, at
    // fixed ids from FIRST_ID in this order (append only), compatible (fields may be added or removed;
    // SliceDeviceKey's never change, the map is keyed by its encoding).
    private static final KryoNamespace SLICE_DEVICE_TYPES = KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .nextId(FIRST_ID)
            .register(SliceId.class, SliceState.class, SliceDeviceKey.class, DeviceShape.class, DeviceOutcome.class)
            .setCompatible(true)
            .build("p4slice-slice-devices");

    /** Serializer of the devices' outcomes map. */
    static final Serializer SLICE_DEVICES = Serializer.using(SLICE_DEVICE_TYPES);

    /** Serializer of the slice store's maps. */
    static final Serializer SLICES = new VersionedSerializer(LEGACY_SLICES, Serializer.using(VERSIONED),
                                                             Set.of(Slice.class));

    /** Serializer of the reservation store's map. */
    static final Serializer RESERVATIONS = new VersionedSerializer(LEGACY_RESERVATIONS, Serializer.using(VERSIONED),
                                                                   Set.of(Reservation.class));

    /** Serializer of the audit store's map. */
    static final Serializer AUDIT = new VersionedSerializer(LEGACY_AUDIT, Serializer.using(VERSIONED),
                                                            Set.of(AuditEntry.class));

    private StoreSerializers() {
    }
}
