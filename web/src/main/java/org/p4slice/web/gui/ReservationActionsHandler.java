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
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.ui.RequestHandler;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.codec.ReservationCodec;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Collection;

/**
 * Booking ({@value #RESERVE} {@code {"request": {...}}}, the REST API's reservation) and cancelling
 * ({@value #CANCEL} {@code {"id"}}) reservations; the answer is an {@link ActionResult}.
 */
public class ReservationActionsHandler extends GuiHandler {

    /** Book a reservation. */
    public static final String RESERVE = "p4sliceReserve";
    /** Cancel a reservation. */
    public static final String CANCEL = "p4sliceCancel";

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(
                new RequestHandler(RESERVE) {
                    @Override
                    public void process(ObjectNode payload) {
                        send(ActionResult.RESULT, ActionResult.run("reserve", payload, () -> {
                            JsonNode request = payload == null ? null : payload.get("request");
                            if (request == null || !request.isObject()) {
                                throw SlicingException.invalid(
                                        "the request is missing: expected a reservation as a JSON object");
                            }
                            Reservation r;
                            try {
                                r = gate().reserve(caller(), ReservationCodec.requestFromJson(request));
                            } catch (IllegalArgumentException e) {
                                throw SlicingException.invalid(e.getMessage());
                            }
                            return ActionResult.Outcome.of(201, "reservation", encode(r));
                        }));
                    }
                },
                new RequestHandler(CANCEL) {
                    @Override
                    public void process(ObjectNode payload) {
                        send(ActionResult.RESULT, ActionResult.run("cancel", payload, () -> {
                            JsonNode id = payload == null ? null : payload.get("id");
                            if (id == null || !id.canConvertToLong() || id.asLong() < ReservationId.MIN) {
                                throw SlicingException.invalid(
                                        "reservation id must be a positive integer, got " + id);
                            }
                            Reservation r = gate().cancel(caller(), ReservationId.of(id.asLong()));
                            return ActionResult.Outcome.of(204, "reservation", encode(r));
                        }));
                    }
                });
    }

    private static ObjectNode encode(Reservation r) {
        return SlicingCodecs.RESERVATION.encode(r, SlicingCodecs.context());
    }
}
