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
package org.p4slice.web.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.ui.RequestHandler;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceQuery;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Collection;

/**
 * The slices table: one page of the slices the user may see (tenant, VLAN, quota, endpoints, state and
 * reason, as the REST API encodes them) with their live statistics ({@code stats}: rx/tx rates and
 * drops). Request {@value #REQUEST} with optional filters {@code {"tenant", "state", "limit", "offset"}}
 * (as {@code GET /slices} takes them), answer {@value #RESPONSE}
 * {@code {"slices": [...], "total", "offset", "limit", "nextOffset"}}, or for a filter refused
 * {@code {"slices": [], "error": "<why>"}}.
 */
public class SlicesTableHandler extends GuiHandler {

    /** The browser's request. */
    public static final String REQUEST = "p4sliceSlicesRequest";
    /** The answer. */
    public static final String RESPONSE = "p4sliceSlicesResponse";

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(new RequestHandler(REQUEST) {
            @Override
            public void process(ObjectNode payload) {
                send(RESPONSE, slices(payload));
            }
        });
    }

    /**
     * Encodes the page of the slices the caller sees that the request's filters want, ordered by id,
     * each with its statistics and what each switch holds of it ("devices", as GET /slices/{id}/devices).
     *
     * @param payload request: tenant, state, limit, offset (each optional)
     * @return the page, or the refusal of a filter
     */
    private ObjectNode slices(ObjectNode payload) {
        Page<Slice> page;
        try {
            SliceQuery query = SliceQuery.parse(text(payload, "limit"), text(payload, "offset"),
                                                text(payload, "state"), null);
            String tenant = text(payload, "tenant");
            page = query.apply(gate().getSlices(caller(), tenant == null || tenant.isEmpty()
                    ? null : TenantId.of(tenant)));
        } catch (IllegalArgumentException | SlicingException e) {
            ObjectNode refused = SlicingCodecs.context().mapper().createObjectNode();
            refused.putArray("slices");
            refused.put("error", e.getMessage());
            return refused;
        }
        ObjectNode root = SlicingCodecs.slices(page, SlicingCodecs.context());
        ArrayNode list = (ArrayNode) root.get("slices");
        for (int i = 0; i < list.size(); i++) {
            Slice slice = page.items().get(i);
            ((ObjectNode) list.get(i)).set("stats", SlicingCodecs.SLICE_STATS.encode(
                    stats(slice), SlicingCodecs.context()));
            ((ObjectNode) list.get(i)).set("devices", devices(slice));
        }
        return root;
    }

    // what each switch holds of the slice, as GET /slices/{id}/devices lists it (empty if it was released since)
    private JsonNode devices(Slice slice) {
        try {
            return SlicingCodecs.DEVICE_OUTCOME.sliceDevices(slice.id(), gate().getSliceDevices(caller(), slice.id()),
                                                             SlicingCodecs.context()).get("devices");
        } catch (SlicingException e) {
            return SlicingCodecs.context().mapper().createArrayNode();
        }
    }

    private static String text(ObjectNode payload, String field) {
        JsonNode n = payload == null ? null : payload.get(field);
        if (n == null || n.isNull()) {
            return null;
        }
        if (!n.isValueNode()) {
            throw new IllegalArgumentException(field + " must be a string or a number, got " + n);
        }
        return n.asText();
    }

    /**
     * Encodes a slice as the REST API does.
     *
     * @param slice slice
     * @return JSON
     */
    static ObjectNode encode(Slice slice) {
        return SlicingCodecs.SLICE.encode(slice, SlicingCodecs.context());
    }
}
