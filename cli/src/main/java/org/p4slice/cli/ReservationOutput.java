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
package org.p4slice.cli;

import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.ConnectPoints;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The reservation table of the CLI.
 */
final class ReservationOutput {

    private ReservationOutput() {
    }

    /**
     * Returns the lines of the reservation table, ordered by id; a reservation with a reason is
     * followed by it.
     *
     * @param reservations reservations
     * @return lines
     */
    static List<String> lines(Collection<Reservation> reservations) {
        List<Reservation> sorted = new ArrayList<>(reservations);
        sorted.sort(Comparator.comparing(Reservation::id));
        TextTable table = new TextTable("ID", "TENANT", "NAME", "START", "END", "STATE", "SLICE", "QUOTA",
                                        "PORTS");
        for (Reservation r : sorted) {
            table.row(r.id(), r.tenant(), r.request().name(), r.start(), r.end(), r.state(),
                      r.sliceId().map(Object::toString).orElse("-"), Rates.format(r.request().quotaBps()),
                      endpoints(r));
            r.reason().ifPresent(reason -> table.note("reason: " + reason));
        }
        return table.lines();
    }

    private static String endpoints(Reservation r) {
        return r.request().endpoints().stream()
                .sorted(Comparator.comparing(Endpoint::connectPoint, ConnectPoints.ORDER))
                .map(e -> e.connectPoint() + (e.mode() == EndpointMode.TRUNK ? "(trunk)" : ""))
                .collect(Collectors.joining(","));
    }
}
