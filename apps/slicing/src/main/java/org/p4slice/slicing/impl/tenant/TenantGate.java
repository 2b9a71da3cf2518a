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
import com.google.common.collect.ImmutableSet;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationAdminService;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditQuery;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.slf4j.Logger;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The one tenant gate every northbound call goes through (REST, CLI, GUI and portal): it gives
 * the caller its scope ({@link TenantService#scope}; the only caller of it), reads through the scope's rules
 * ({@link TenantScope}), runs a change for it, writes the outcome to the audit log (done, or
 * refused with the refusal's kind and full message) and tells a caller who is not an operator a
 * refusal's tenant-facing text only. The tenant's caps are admission's, checked under the
 * cluster-wide lock. A failure to write the log is logged and does not undo or refuse the change.
 */
@Component(immediate = true, service = TenantGateService.class)
public class TenantGate implements TenantGateService {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceAdminService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ReservationAdminService reservationService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantService tenantService;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile AuditService auditService;

    @Override
    public Set<Slice> getSlices(Caller caller, TenantId tenant) {
        return scope(caller).visible(tenant, "read the slices of", sliceService::getSlices, sliceService::getSlices,
                                     ImmutableSet.of());
    }

    @Override
    public Slice getSlice(Caller caller, SliceId id) {
        return visible(scope(caller), id).orElseThrow(id::notFound);
    }

    @Override
    public Map<DeviceId, DeviceOutcome> getSliceDevices(Caller caller, SliceId id) {
        return sliceService.getDeviceOutcomes(getSlice(caller, id).id());
    }

    @Override
    public boolean sees(Caller caller, SliceId id) {
        return visible(scope(caller), id).isPresent();
    }

    @Override
    public Slice createSlice(Caller caller, SliceRequest request) {
        TenantScope scope = scope(caller);
        return run(scope, "slice.create", "slice " + request.tenant() + "/" + request.name(), request.tenant(),
                   s -> "slice " + s.id() + " (" + s.tenant() + "/" + s.name() + ")",
                   creating(scope, request.tenant(), "create a slice of", () -> sliceService.createSlice(request)));
    }

    @Override
    public Slice updateSlice(Caller caller, SliceId id, SliceRequest request) {
        TenantScope scope = scope(caller);
        TenantId tenant = visible(scope, id).map(Slice::tenant).orElse(request.tenant());
        return run(scope, "slice.update", "slice " + id, tenant, s -> "slice " + s.id(), () -> {
            // the owner seen here is checked again on the stored slice under the admission lock
            Slice seen = visible(scope, id).orElseThrow(id::notFound);
            scope.checkActsFor(request.tenant(), "move a slice to");
            return sliceService.updateSlice(id, request, seen.tenant());
        });
    }

    @Override
    public Optional<Slice> removeSlice(Caller caller, SliceId id) {
        TenantScope scope = scope(caller);
        TenantId tenant = visible(scope, id).map(Slice::tenant).orElse(null);
        return run(scope, "slice.remove", "slice " + id, tenant, s -> "slice " + id, () -> {
            // the owner seen here is checked again on the stored slice as it is marked RELEASING
            Slice seen = visible(scope, id).orElseThrow(id::notFound);
            sliceService.removeSlice(id, seen.tenant());
            return sliceService.getSlice(id);
        });
    }

    @Override
    public List<Reservation> getReservations(Caller caller, TenantId tenant) {
        return scope(caller).visible(tenant, "read the reservations of", reservationService::getReservations,
                                     reservationService::getReservations, ImmutableList.of());
    }

    @Override
    public Reservation getReservation(Caller caller, ReservationId id) {
        return visible(scope(caller), id).orElseThrow(id::notFound);
    }

    @Override
    public Reservation reserve(Caller caller, ReservationRequest request) {
        TenantScope scope = scope(caller);
        return run(scope, "reservation.create", "reservation of " + request.tenant() + "/" + request.slice().name(),
                   request.tenant(), r -> "reservation " + r.id() + " (" + r.start() + " to " + r.end() + ")",
                   creating(scope, request.tenant(), "book for", () -> reservationService.reserve(request)));
    }

    @Override
    public Reservation extend(Caller caller, ReservationId id, Instant newEnd) {
        TenantScope scope = scope(caller);
        TenantId tenant = visible(scope, id).map(Reservation::tenant).orElse(null);
        return run(scope, "reservation.extend", "reservation " + id + " to " + newEnd, tenant,
                   r -> "reservation " + id + " to " + r.end(), () -> {
                    checkSees(scope, id);
                    return reservationService.extend(id, newEnd);
                });
    }

    @Override
    public Reservation cancel(Caller caller, ReservationId id) {
        TenantScope scope = scope(caller);
        TenantId tenant = visible(scope, id).map(Reservation::tenant).orElse(null);
        return run(scope, "reservation.cancel", "reservation " + id, tenant, r -> "reservation " + id, () -> {
            checkSees(scope, id);
            return reservationService.cancel(id);
        });
    }

    @Override
    public Page<AuditEntry> getAuditEntries(Caller caller, AuditQuery query) {
        if (!scope(caller).isOperator()) {
            throw SlicingException.forbidden("the audit log is for operators; " + (caller.user().isEmpty()
                    ? "an anonymous request" : "user " + caller.user()) + " is not one");
        }
        AuditService service = auditService;
        if (service == null) {
            throw new IllegalStateException("the audit log is not running");
        }
        return query.apply(service.getEntries(Integer.MAX_VALUE));
    }

    @Override
    public TenantScope scope(Caller caller) {
        return tenantService.scope(caller);
    }

    // a slice the caller sees (another tenant's is as absent as a slice that does not exist)
    private Optional<Slice> visible(TenantScope scope, SliceId id) {
        return sliceService.getSlice(id).filter(s -> scope.sees(s.tenant()));
    }

    private Optional<Reservation> visible(TenantScope scope, ReservationId id) {
        return reservationService.getReservation(id).filter(r -> scope.sees(r.tenant()));
    }

    private void checkSees(TenantScope scope, SliceId id) {
        if (visible(scope, id).isEmpty()) {
            throw id.notFound();
        }
    }

    private void checkSees(TenantScope scope, ReservationId id) {
        if (visible(scope, id).isEmpty()) {
            throw id.notFound();
        }
    }

    // a change that makes something for the tenant its request names: the caller acts for that
    // tenant, and once tenants are configured it is one of them (they are listed to operators only)
    private <T> Supplier<T> creating(TenantScope scope, TenantId tenant, String what, Supplier<T> change) {
        return () -> {
            scope.checkActsFor(tenant, what);
            checkKnown(tenant);
            return change.get();
        };
    }

    private void checkKnown(TenantId tenant) {
        Set<Tenant> all = tenantService.getTenants();
        if (!all.isEmpty() && all.stream().noneMatch(t -> t.id().equals(tenant))) {
            throw new SlicingException(SlicingException.Kind.INVALID, "unknown tenant " + tenant
                    + "; the tenants are " + all.stream().map(t -> t.id().id()).sorted().collect(Collectors.toList()),
                                       "unknown tenant " + tenant);
        }
    }

    /*
     * Runs a change for a caller: target names what the change is on before it runs (e.g. the name
     * of a slice being created), done what it is on after (e.g. the id the slice got).
     */
    private <T> T run(TenantScope scope, String action, String target, TenantId tenant, Function<T, String> done,
                      Supplier<T> change) {
        T result;
        try {
            result = change.get();
        } catch (SlicingException e) {
            audit(scope, action, target, tenant, e.kind() + ": " + e.getMessage());
            throw scope.isOperator() ? e : e.forTenant();
        } catch (RuntimeException e) {
            audit(scope, action, target, tenant, "ERROR " + e.getClass().getSimpleName() + ": " + e.getMessage());
            throw e;
        }
        audit(scope, action, done.apply(result), tenant, AuditEntry.OK);
        return result;
    }

    private void audit(TenantScope scope, String action, String target, TenantId tenant, String result) {
        AuditService service = auditService;
        if (service == null) {
            return;
        }
        try {
            service.record(scope.user().isEmpty() ? "(anonymous)" : scope.user(), scope.isOperator(), action,
                           target, tenant, result);
        } catch (RuntimeException e) {
            log.warn("Audit entry not written ({} {} {} by {}: {})", action, target, tenant, scope.user(), result, e);
        }
    }
}
