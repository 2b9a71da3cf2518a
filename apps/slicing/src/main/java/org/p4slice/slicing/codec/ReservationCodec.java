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

import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.TenantId;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static org.p4slice.slicing.json.JsonChecks.onlyFields;
import static org.p4slice.slicing.json.JsonChecks.present;
import static org.p4slice.slicing.json.JsonChecks.text;

/**
 * JSON of reservations: {@code {"id", "tenant", "start", "end", "state", "reason", "sliceId",
 * "slice": <slice request>}} with ISO-8601 UTC times; {@code reason} and {@code sliceId} are null
 * when unknown. A booking is {@code {"tenant", "slice", "start", "end"}} ({@link #requestFromJson});
 * an extension is {@code {"end"}} ({@link #endFromJson}). The slice request inside is the
 * {@link SliceRequestCodec}'s; its {@code tenant} may be left out (it is the reservation's).
 */
public final class ReservationCodec extends JsonCodec<Reservation> {

    /** Id field. */
    public static final String ID = "id";
    /** Tenant field. */
    public static final String TENANT = "tenant";
    /** Slice request field. */
    public static final String SLICE = "slice";
    /** Start field (ISO-8601, inclusive). */
    public static final String START = "start";
    /** End field (ISO-8601, exclusive). */
    public static final String END = "end";
    /** State field. */
    public static final String STATE = "state";
    /** Reason field. */
    public static final String REASON = "reason";
    /** Field of the slice created at the start. */
    public static final String SLICE_ID = "sliceId";
    /** Field of the reservation list. */
    public static final String RESERVATIONS = "reservations";

    private static final Set<String> REQUEST_FIELDS = ImmutableSet.of(TENANT, SLICE, START, END);
    private static final Set<String> EXTENSION_FIELDS = ImmutableSet.of(END);

    private static final SliceRequestCodec SLICE_REQUEST_CODEC = new SliceRequestCodec();

    @Override
    public ObjectNode encode(Reservation r, CodecContext context) {
        ObjectNode n = context.mapper().createObjectNode();
        n.put(ID, r.id().id());
        n.put(TENANT, r.tenant().id());
        n.put(START, r.start().toString());
        n.put(END, r.end().toString());
        n.put(STATE, r.state().name());
        if (r.reason().isPresent()) {
            n.put(REASON, r.reason().get());
        } else {
            n.putNull(REASON);
        }
        if (r.sliceId().isPresent()) {
            n.put(SLICE_ID, r.sliceId().get().id());
        } else {
            n.putNull(SLICE_ID);
        }
        n.set(SLICE, SLICE_REQUEST_CODEC.encode(r.request(), context));
        return n;
    }

    /**
     * Encodes a reservation list, ordered by id: {@code {"reservations": [reservation...]}}.
     *
     * @param reservations reservations
     * @param context      codec context
     * @return JSON object
     */
    public static ObjectNode reservations(Collection<Reservation> reservations, CodecContext context) {
        List<Reservation> sorted = new ArrayList<>(reservations);
        sorted.sort(Comparator.comparing(Reservation::id));
        ObjectNode root = context.mapper().createObjectNode();
        ArrayNode array = root.putArray(RESERVATIONS);
        ReservationCodec codec = new ReservationCodec();
        sorted.forEach(r -> array.add(codec.encode(r, context)));
        return root;
    }

    /**
     * Encodes a page of a listing: {@code {"reservations": [...], "total", "offset", "limit", "nextOffset"}}
     * ({@code nextOffset} null on the last page).
     *
     * @param page    page
     * @param context codec context
     * @return JSON
     */
    public static ObjectNode page(Page<Reservation> page, CodecContext context) {
        return SlicingCodecs.page(RESERVATIONS, page, new ReservationCodec(), context);
    }

    /**
     * Parses a booking. The JSON shape is checked here (fields, types); times and the slice request
     * are read by the API's value types ({@link ReservationRequest#parseTime}, the slice request
     * codec's builder), as for the CLI; the reservation manager says whether it can be granted.
     *
     * @param node JSON object
     * @return request
     * @throws IllegalArgumentException naming the field if the shape is wrong
     */
    public static ReservationRequest requestFromJson(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("a reservation must be a JSON object, got " + node);
        }
        onlyFields(node, REQUEST_FIELDS, "field");
        TenantId tenant = TenantId.of(text(node, TENANT));
        JsonNode slice = node.get(SLICE);
        if (slice == null || slice.isNull()) {
            throw new IllegalArgumentException("\"" + SLICE + "\" is missing");
        }
        if (!slice.isObject()) {
            throw new IllegalArgumentException("\"" + SLICE + "\" must be a slice request object, got " + slice);
        }
        ObjectNode withTenant = ((ObjectNode) slice).deepCopy();
        if (!present(withTenant, SliceRequestJson.TENANT)) {
            withTenant.put(SliceRequestJson.TENANT, tenant.id());
        }
        return ReservationRequest.of(tenant, SliceRequestJson.request(withTenant), instant(node, START),
                                     instant(node, END));
    }

    /**
     * Parses an extension, {@code {"end": "<ISO-8601>"}}.
     *
     * @param node JSON object
     * @return the new end
     * @throws IllegalArgumentException if the shape is wrong
     */
    public static Instant endFromJson(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("an extension must be a JSON object {\"end\": ...}, got " + node);
        }
        onlyFields(node, EXTENSION_FIELDS, "field");
        return instant(node, END);
    }

    private static Instant instant(JsonNode node, String field) {
        return ReservationRequest.parseTime(text(node, field), "\"" + field + "\"");
    }
}
