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

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.tenant.TenantGateService;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Completes the ids of the reservations that can still be cancelled or extended (SCHEDULED or
 * ACTIVE), in id order.
 */
@Service
public class ReservationIdCompleter extends P4SliceCompleter {

    @Override
    protected List<String> candidates() {
        return services.get(TenantGateService.class).getReservations(caller(), null).stream()
                .filter(r -> r.state().isLive())
                .map(Reservation::id).sorted().map(id -> String.valueOf(id.id()))
                .collect(Collectors.toList());
    }
}
