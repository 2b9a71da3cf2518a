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

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.onosproject.ui.RequestHandler;
import org.p4slice.slicing.codec.ReservationCodec;
import org.p4slice.slicing.codec.SlicingCodecs;

import java.util.Collection;

/**
 * The reservations list, as {@code GET /reservations} reports it. Request {@value #REQUEST},
 * answer {@value #RESPONSE} {@code {"reservations": [...]}}.
 */
public class ReservationsHandler extends GuiHandler {

    /** The browser's request. */
    public static final String REQUEST = "p4sliceReservationsRequest";
    /** The answer. */
    public static final String RESPONSE = "p4sliceReservationsResponse";

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(new RequestHandler(REQUEST) {
            @Override
            public void process(ObjectNode payload) {
                send(RESPONSE, ReservationCodec.reservations(gate().getReservations(caller(), null),
                                                            SlicingCodecs.context()));
            }
        });
    }
}
