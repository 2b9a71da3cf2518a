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

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.json.SliceRequestJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.ui.RequestHandler;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;

import java.util.Collection;
import java.util.Optional;

/**
 * Creating ({@value #CREATE} {@code {"request": {...}}}), updating ({@value #UPDATE}
 * {@code {"id", "request"}}) and releasing ({@value #RELEASE} {@code {"id"}}) slices: the request
 * is the REST API's slice request; the answer is an {@link ActionResult} with the REST API's status.
 */
public class SliceActionsHandler extends GuiHandler {

    /** Create a slice. */
    public static final String CREATE = "p4sliceCreate";
    /** Update a slice. */
    public static final String UPDATE = "p4sliceUpdate";
    /** Release a slice. */
    public static final String RELEASE = "p4sliceRelease";

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(
                new RequestHandler(CREATE) {
                    @Override
                    public void process(ObjectNode payload) {
                        send(ActionResult.RESULT, ActionResult.run("create", payload, () -> {
                            Slice s = gate().createSlice(caller(), SliceRequestJson.request(request(payload)));
                            return ActionResult.Outcome.of(201, "slice", SlicesTableHandler.encode(s));
                        }));
                    }
                },
                new RequestHandler(UPDATE) {
                    @Override
                    public void process(ObjectNode payload) {
                        send(ActionResult.RESULT, ActionResult.run("update", payload, () -> {
                            SliceId id = sliceId(payload);
                            Slice s = gate().updateSlice(caller(), id, SliceRequestJson.request(request(payload)));
                            return ActionResult.Outcome.of(200, "slice", SlicesTableHandler.encode(s));
                        }));
                    }
                },
                new RequestHandler(RELEASE) {
                    @Override
                    public void process(ObjectNode payload) {
                        send(ActionResult.RESULT, ActionResult.run("release", payload, () -> {
                            Optional<Slice> releasing = gate().removeSlice(caller(), sliceId(payload));
                            return releasing.map(s -> ActionResult.Outcome.of(202, "slice",
                                                                               SlicesTableHandler.encode(s)))
                                    .orElseGet(() -> ActionResult.Outcome.of(204, null, null));
                        }));
                    }
                });
    }

    private static JsonNode request(ObjectNode payload) {
        JsonNode request = payload == null ? null : payload.get("request");
        if (request == null || !request.isObject()) {
            throw SlicingException.invalid("the request is missing: expected a slice request as a JSON object");
        }
        return request;
    }

    /**
     * Reads the slice id of a payload.
     *
     * @param payload payload with {@code id}
     * @return slice id
     */
    static SliceId sliceId(ObjectNode payload) {
        JsonNode id = payload == null ? null : payload.get("id");
        if (id == null || !id.canConvertToInt() || id.asInt() < SliceId.MIN || id.asInt() > SliceId.MAX) {
            throw SlicingException.invalid("slice id must be an integer in " + SliceId.MIN + ".." + SliceId.MAX
                                                    + ", got " + id);
        }
        return SliceId.of(id.asInt());
    }
}
