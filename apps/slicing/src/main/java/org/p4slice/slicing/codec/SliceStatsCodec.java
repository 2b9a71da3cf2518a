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
import com.google.common.collect.ImmutableSet;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.stats.SliceStats;

import java.util.Set;

import static org.p4slice.slicing.json.JsonChecks.integer;
import static org.p4slice.slicing.json.JsonChecks.onlyFields;

/**
 * JSON codec of slice statistics, the body of {@code GET /slices/{id}/stats}:
 * {@code {"rxBytes", "rxPackets", "txBytes", "txPackets", "dropBytes", "dropPackets", "rxBps",
 * "txBps"}}, all integers (the rates over the window; the drop rate and the window's extent are
 * not part of it).
 */
public final class SliceStatsCodec extends JsonCodec<SliceStats> {

    /** Bytes received field. */
    public static final String RX_BYTES = "rxBytes";
    /** Packets received field. */
    public static final String RX_PACKETS = "rxPackets";
    /** Bytes sent field. */
    public static final String TX_BYTES = "txBytes";
    /** Packets sent field. */
    public static final String TX_PACKETS = "txPackets";
    /** Bytes dropped field. */
    public static final String DROP_BYTES = "dropBytes";
    /** Packets dropped field. */
    public static final String DROP_PACKETS = "dropPackets";
    /** Receive rate field (bits per second). */
    public static final String RX_BPS = "rxBps";
    /** Send rate field (bits per second). */
    public static final String TX_BPS = "txBps";

    private static final Set<String> FIELDS = ImmutableSet.of(RX_BYTES, RX_PACKETS, TX_BYTES, TX_PACKETS,
            DROP_BYTES, DROP_PACKETS, RX_BPS, TX_BPS);

    @Override
    public ObjectNode encode(SliceStats s, CodecContext context) {
        return context.mapper().createObjectNode()
                .put(RX_BYTES, s.rxBytes())
                .put(RX_PACKETS, s.rxPackets())
                .put(TX_BYTES, s.txBytes())
                .put(TX_PACKETS, s.txPackets())
                .put(DROP_BYTES, s.dropBytes())
                .put(DROP_PACKETS, s.dropPackets())
                .put(RX_BPS, s.rxBps())
                .put(TX_BPS, s.txBps());
    }

    @Override
    public SliceStats decode(ObjectNode json, CodecContext context) {
        if (json == null) {
            throw new IllegalArgumentException("slice statistics must be a JSON object, got null");
        }
        onlyFields(json, FIELDS, "field");
        return SliceStats.builder()
                .counts(integer(json, RX_PACKETS), integer(json, RX_BYTES), integer(json, DROP_PACKETS),
                        integer(json, DROP_BYTES), integer(json, TX_PACKETS), integer(json, TX_BYTES))
                .rates(integer(json, RX_BPS), 0, integer(json, TX_BPS))
                .build();
    }
}
