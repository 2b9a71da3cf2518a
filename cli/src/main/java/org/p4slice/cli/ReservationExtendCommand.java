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

import com.google.common.collect.ImmutableList;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

/**
 * Moves the end of a reservation; the new slot is admitted again.
 */
@Service
@Command(scope = "p4slice", name = "reservation-extend",
        description = "Moves the end of a scheduled or active reservation (admitted again; refused: unchanged)")
public class ReservationExtendCommand extends P4SliceCommand {

    @Argument(index = 0, name = "id", description = "Reservation id", required = true)
    @Completion(ReservationIdCompleter.class)
    String id;

    @Argument(index = 1, name = "end", required = true,
            description = "New first instant after the slot, ISO-8601 with offset, e.g. 2026-11-21T13:00:00Z")
    String end;

    @Override
    protected void run() {
        Reservation r = service(TenantGateService.class).extend(caller(), CliParsing.reservationId(id),
                                                                       ReservationRequest.parseTime(end, "end"));
        if (outputJson()) {
            printJson(SlicingCodecs.RESERVATION.encode(r, this));
        } else {
            ReservationOutput.lines(ImmutableList.of(r)).forEach(l -> print("%s", l));
        }
    }
}
