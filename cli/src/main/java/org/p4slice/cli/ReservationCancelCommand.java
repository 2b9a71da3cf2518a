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

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

/**
 * Cancels a reservation; an ACTIVE one releases its slice at once.
 */
@Service
@Command(scope = "p4slice", name = "reservation-cancel",
        description = "Cancels a reservation: a scheduled one will not start, an active one releases its slice now")
public class ReservationCancelCommand extends P4SliceCommand {

    @Argument(index = 0, name = "id", description = "Reservation id", required = true)
    @Completion(ReservationIdCompleter.class)
    String id;

    @Override
    protected void run() {
        Reservation r = service(TenantGateService.class).cancel(caller(), CliParsing.reservationId(id));
        if (outputJson()) {
            printJson(SlicingCodecs.RESERVATION.encode(r, this));
        } else {
            print("Cancelled reservation %s: %s", r.id(), r.reason().orElse(""));
        }
    }
}
