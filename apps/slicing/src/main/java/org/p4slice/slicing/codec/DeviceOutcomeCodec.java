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

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.SliceId;

import java.util.Map;

/**
 * JSON codec of a device's outcome for a slice: {@code {"state", "reason", "updated", "shape":
 * {"fingerprint", "vlan", "quotaBps", "burstBytes", "accessPorts", "trunkPorts"}}} ({@code reason}
 * null unless FAILED, {@code updated} in ms since the epoch); {@link #sliceDevices} is the body of
 * {@code GET /slices/{id}/devices}, each entry with its {@code device} first. Encoding only.
 */
public final class DeviceOutcomeCodec extends JsonCodec<DeviceOutcome> {

    /** Slice field of the listing. */
    public static final String SLICE = "slice";
    /** Devices array of the listing. */
    public static final String DEVICES = "devices";
    /** Device field of a listing's entry. */
    public static final String DEVICE = "device";
    /** State field. */
    public static final String STATE = "state";
    /** Reason field (null unless FAILED). */
    public static final String REASON = "reason";
    /** Time of the record, ms since the epoch. */
    public static final String UPDATED = "updated";
    /** Shape object. */
    public static final String SHAPE = "shape";

    @Override
    public ObjectNode encode(DeviceOutcome outcome, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode().put(STATE, outcome.state().name());
        if (outcome.reason().isPresent()) {
            node.put(REASON, outcome.reason().get());
        } else {
            node.putNull(REASON);
        }
        node.put(UPDATED, outcome.updated());
        node.set(SHAPE, shape(outcome.shape(), context));
        return node;
    }

    /**
     * Encodes the devices' outcomes of a slice: {@code {"slice": id, "devices": [{"device", "state",
     * "reason", "updated", "shape"}...]}}, in the map's order.
     *
     * @param slice    slice id
     * @param outcomes device to outcome
     * @param context  codec context
     * @return JSON object
     */
    public ObjectNode sliceDevices(SliceId slice, Map<DeviceId, DeviceOutcome> outcomes, CodecContext context) {
        ObjectNode root = context.mapper().createObjectNode().put(SLICE, slice.id());
        ArrayNode devices = root.putArray(DEVICES);
        outcomes.forEach((device, outcome) -> {
            ObjectNode entry = context.mapper().createObjectNode().put(DEVICE, device.toString());
            entry.setAll(encode(outcome, context));
            devices.add(entry);
        });
        return root;
    }

    private static ObjectNode shape(DeviceShape shape, CodecContext context) {
        ObjectNode node = context.mapper().createObjectNode()
                .put("fingerprint", shape.fingerprint())
                .put("vlan", shape.vlan())
                .put("quotaBps", shape.quotaBps())
                .put("burstBytes", shape.burstBytes());
        ArrayNode access = node.putArray("accessPorts");
        shape.accessPorts().forEach(access::add);
        ArrayNode trunks = node.putArray("trunkPorts");
        shape.trunkPorts().forEach(trunks::add);
        return node;
    }
}
