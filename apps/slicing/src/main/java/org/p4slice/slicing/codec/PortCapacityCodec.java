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

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.PortCapacity;

/**
 * JSON codec of a port's capacity (encode only), an entry of {@code GET /capacity}'s
 * {@code ports}: {@code {"device", "port", "capacityBps", "guardBand", "allocatedBps",
 * "availableBps"}}.
 */
public final class PortCapacityCodec extends JsonCodec<PortCapacity> {

    /** Capacity field (bits per second). */
    public static final String CAPACITY_BPS = "capacityBps";
    /** Guard band field (fraction). */
    public static final String GUARD_BAND = "guardBand";
    /** Allocated field (bits per second). */
    public static final String ALLOCATED_BPS = "allocatedBps";
    /** Available field (bits per second). */
    public static final String AVAILABLE_BPS = "availableBps";

    @Override
    public ObjectNode encode(PortCapacity c, CodecContext context) {
        return EndpointCodec.port(c.connectPoint(), context)
                .put(CAPACITY_BPS, c.capacityBps())
                .put(GUARD_BAND, c.guardBand())
                .put(ALLOCATED_BPS, c.allocatedBps())
                .put(AVAILABLE_BPS, c.availableBps());
    }
}
