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

/**
 * What the slicing app's distributed stores put on the wire: one Kryo namespace per store, over
 * ONOS's API namespace. A type stored in a map must be registered here; the stores' tests
 * round-trip every stored type.
 */
final class StoreSerializers {

    /** Serializer of every api value type, over ONOS's API namespace. */
    static final Serializer SLICES = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(SliceId.class, TenantId.class, EndpointMode.class, Endpoint.class, SliceState.class, Slice.class,
                      SliceRequest.class, SliceStats.class, PortCapacity.class,
                      LinkCapacity.class)
            .build("p4slice-slicing"));

    /** Serializer of the reservation types, over ONOS's API namespace. */
    static final Serializer RESERVATIONS = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API)
            .register(SliceId.class, TenantId.class, EndpointMode.class, Endpoint.class, SliceRequest.class,
                      ReservationId.class, ReservationState.class, Reservation.class)
            .build("p4slice-reservations"));

    /** Serializer of audit entries, over ONOS's API namespace. */
    static final Serializer AUDIT = Serializer.using(KryoNamespace.newBuilder()
            .register(KryoNamespaces.API).register(AuditEntry.class).build("p4slice-audit"));

    private StoreSerializers() {
    }
}
