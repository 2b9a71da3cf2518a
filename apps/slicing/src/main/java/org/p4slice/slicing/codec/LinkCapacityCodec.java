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
import org.p4slice.slicing.api.LinkCapacity;

import static org.p4slice.slicing.codec.PortCapacityCodec.ALLOCATED_BPS;
import static org.p4slice.slicing.codec.PortCapacityCodec.AVAILABLE_BPS;
import static org.p4slice.slicing.codec.PortCapacityCodec.CAPACITY_BPS;
import static org.p4slice.slicing.codec.PortCapacityCodec.GUARD_BAND;

/**
 * JSON codec of a link's capacity (encode only), an entry of {@code GET /capacity}'s
 * {@code links}: {@code {"src": {"device", "port"}, "dst": {"device", "port"}, "capacityBps",
 * "guardBand", "allocatedBps", "availableBps"}}.
 */
public final class LinkCapacityCodec extends JsonCodec<LinkCapacity> {

    @Override
    public ObjectNode encode(LinkCapacity c, CodecContext context) {
        return SliceCodec.link(c.link(), context)
                .put(CAPACITY_BPS, c.capacityBps())
                .put(GUARD_BAND, c.guardBand())
                .put(ALLOCATED_BPS, c.allocatedBps())
                .put(AVAILABLE_BPS, c.availableBps());
    }
}
