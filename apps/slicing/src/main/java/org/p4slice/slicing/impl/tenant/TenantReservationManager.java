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
package org.p4slice.slicing.impl.tenant;

import com.google.common.collect.ImmutableList;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantReservationService;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;

import java.time.Instant;
import java.util.List;

/**
 * The reservations as a caller sees them: the tenant rules in front of the reservation manager
 * (the caps are admission's), and the audit log of every change.
 */
@Component(immediate = true, service = TenantReservationService.class)
public class TenantReservationManager implements TenantReservationService {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ReservationAdminService reservationService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantService tenantService;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile AuditService auditService;

    private final TenantGate gate = new TenantGate(() -> tenantService, () -> auditService);

    @Override
    public List<Reservation> getReservations(Caller caller, TenantId tenant) {
        return TenantGate.visible(gate.scope(caller), tenant, "read the reservations of",
                                   reservationService::getReservations, reservationService::getReservations,
                                   ImmutableList.of());
    }

    @Override
    public Reservation getReservation(Caller caller, ReservationId id) {
        return visible(gate.scope(caller), id);
    }

    private Reservation visible(TenantScope scope, ReservationId id) {
        return reservationService.getReservation(id).filter(r -> scope.sees(r.tenant()))
                .orElseThrow(id::notFound);
    }

    @Override
    public Reservation reserve(Caller caller, ReservationRequest request) {
        TenantScope scope = gate.scope(caller);
        return gate.run(scope, "reservation.create", "reservation of " + request.tenant() + "/"
                + request.slice().name(), request.tenant(), r -> "reservation " + r.id() + " (" + r.start()
                + " to " + r.end() + ")", () -> {
                    TenantGate.checkActsFor(scope, request.tenant(), "book for");
                    gate.checkKnown(request.tenant());
                    // the tenant's caps are checked by admission, under the cluster-wide lock
                    return reservationService.reserve(request);
                });
    }

    @Override
    public Reservation extend(Caller caller, ReservationId id, Instant newEnd) {
        TenantScope scope = gate.scope(caller);
        TenantId tenant = reservationService.getReservation(id).filter(r -> scope.sees(r.tenant()))
                .map(Reservation::tenant).orElse(null);
        return gate.run(scope, "reservation.extend", "reservation " + id + " to " + newEnd, tenant,
                         r -> "reservation " + id + " to " + r.end(), () -> {
                    visible(scope, id);
                    return reservationService.extend(id, newEnd);
                });
    }

    @Override
    public Reservation cancel(Caller caller, ReservationId id) {
        TenantScope scope = gate.scope(caller);
        TenantId tenant = reservationService.getReservation(id).filter(r -> scope.sees(r.tenant()))
                .map(Reservation::tenant).orElse(null);
        return gate.run(scope, "reservation.cancel", "reservation " + id, tenant, r -> "reservation " + id, () -> {
            visible(scope, id);
            return reservationService.cancel(id);
        });
    }
}
