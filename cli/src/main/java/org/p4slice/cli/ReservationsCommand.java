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

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationQuery;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.codec.ReservationCodec;

import java.util.List;

/**
 * Lists the reservations.
 */
@Service
@Command(scope = "p4slice", name = "reservations",
        description = "Lists the reservations: slot, state, slice and ports of each")
public class ReservationsCommand extends P4SliceCommand {

    @Option(name = "-t", aliases = "--tenant", description = "Only the reservations of this tenant")
    @Completion(TenantCompleter.class)
    String tenant;

    @Option(name = "-s", aliases = "--state",
            description = "Only the reservations in these states, comma-separated (e.g. SCHEDULED,ACTIVE)")
    String state;

    @Option(name = "--from", description = "Only the slots ending after this ISO-8601 time")
    String from;

    @Option(name = "--to", description = "Only the slots starting before this ISO-8601 time")
    String to;

    @Option(name = "-l", aliases = "--limit", description = "At most this many (1 to 1000, default 100)")
    String limit;

    @Option(name = "-o", aliases = "--offset", description = "Skip this many first (default 0)")
    String offset;

    @Override
    protected void run() {
        ReservationQuery query;
        try {
            query = ReservationQuery.parse(limit, offset, state, from, to);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        List<Reservation> reservations = service(TenantGateService.class).getReservations(
                caller(), tenant == null ? null : TenantId.of(tenant));
        Page<Reservation> page = query.apply(reservations);
        if (outputJson()) {
            printJson(ReservationCodec.page(page, this));
        } else {
            ReservationOutput.lines(page.items()).forEach(l -> print("%s", l));
            CliParsing.nextPage(page).ifPresent(l -> print("%s", l));
        }
    }
}
