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

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.ui.RequestHandler;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Collection;
import java.util.Comparator;

/**
 * The slices table: every slice the user may see (tenant, VLAN, quota, endpoints, state and
 * reason, as the REST API encodes them) with its live statistics ({@code stats}: rx/tx rates and
 * drops). Request {@value #REQUEST}, answer {@value #RESPONSE} {@code {"slices": [...]}}.
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
                send(RESPONSE, slices());
            }
        });
    }

    /**
     * Encodes the slices the caller sees, ordered by id, each with its statistics.
     *
     * @return {@code {"slices": [...]}}
     */
    private ObjectNode slices() {
        ObjectNode root = SlicingCodecs.context().mapper().createObjectNode();
        ArrayNode list = root.putArray("slices");
        gate().getSlices(caller(), null).stream().sorted(Comparator.comparingInt(s -> s.id().id())).forEach(s -> {
            ObjectNode n = encode(s);
            n.set("stats", SlicingCodecs.SLICE_STATS.encode(stats(s), SlicingCodecs.context()));
            list.add(n);
        });
        return root;
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
