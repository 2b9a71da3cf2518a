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

import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a slice holds alone (its id, its VLAN, its access ports) and the words of a refusal that meets
 * another slice's hold: the same for the store, which claims them, and for admission, which hands them
 * out. A refusal shown to a tenant's user names no holder ({@link #ANOTHER_SLICE}).
 */
public final class SliceHoldings {

    /** How a refusal shown to a tenant's user names the holder of a resource: not at all. */
    public static final String ANOTHER_SLICE = "another slice";

    private SliceHoldings() {
    }

    /**
     * What a tenant's user is told of an explicit slice id it cannot have, whether a slice or a booking
     * holds it: the same words, so the answer tells nothing of others' slices and bookings.
     *
     * @param id slice id
     * @return message
     */
    public static String idUnavailable(SliceId id) {
        return "slice id " + id + " is not available";
    }

    /**
     * What a tenant's user is told of an explicit VLAN it cannot have, whether a slice or a booking holds
     * it or it is outside the operator's VLAN pool: the same words and the same status (CONFLICT).
     *
     * @param vlan VLAN
     * @return message
     */
    public static String vlanUnavailable(VlanId vlan) {
        return "VLAN " + vlan + " is not available";
    }

    /**
     * The refusal of a port that is another slice's access port.
     *
     * @param p      port
     * @param holder its holder, or {@link #ANOTHER_SLICE}
     * @return message
     */
    public static String accessPortTaken(ConnectPoint p, String holder) {
        return "port " + p + " is the access port of " + holder + "; an access port belongs to one slice only";
    }

    /**
     * Describes a slice for messages, e.g. {@code "slice 7 (itb/lab1)"}.
     *
     * @param s slice
     * @return description
     */
    public static String describe(Slice s) {
        return "slice " + s.id() + " (" + s.tenant() + "/" + s.name() + ")";
    }

    /**
     * Returns the access endpoints of a slice.
     *
     * @param s slice
     * @return access ports
     */
    public static Set<ConnectPoint> accessPorts(Slice s) {
        return s.endpoints().stream().filter(e -> e.mode() == EndpointMode.ACCESS)
                .map(Endpoint::connectPoint).collect(Collectors.toSet());
    }
}
