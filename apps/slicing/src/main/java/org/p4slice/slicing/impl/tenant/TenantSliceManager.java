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

import com.google.common.collect.ImmutableSet;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.p4slice.slicing.api.tenant.AuditService;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceAdminService;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.slicing.api.tenant.TenantSliceService;

import java.util.Optional;
import java.util.Set;

/**
 * The slices as a caller sees them: the tenant rules in front of the slice manager (the caps are
 * admission's), and the audit log of every change.
 */
@Component(immediate = true, service = TenantSliceService.class)
public class TenantSliceManager implements TenantSliceService {

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected SliceAdminService sliceService;

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected TenantService tenantService;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    protected volatile AuditService auditService;

    private final TenantGate gate = new TenantGate(() -> tenantService, () -> auditService);

    @Override
    public Set<Slice> getSlices(Caller caller, TenantId tenant) {
        return TenantGate.visible(gate.scope(caller), tenant, "read the slices of", sliceService::getSlices,
                                   sliceService::getSlices, ImmutableSet.of());
    }

    @Override
    public Slice getSlice(Caller caller, SliceId id) {
        return visible(gate.scope(caller), id);
    }

    @Override
    public boolean sees(Caller caller, SliceId id) {
        TenantScope scope = gate.scope(caller);
        return sliceService.getSlice(id).filter(s -> scope.sees(s.tenant())).isPresent();
    }

    private Slice visible(TenantScope scope, SliceId id) {
        return sliceService.getSlice(id).filter(s -> scope.sees(s.tenant()))
                .orElseThrow(id::notFound);
    }

    @Override
    public Slice createSlice(Caller caller, SliceRequest request) {
        TenantScope scope = gate.scope(caller);
        return gate.run(scope, "slice.create", "slice " + request.tenant() + "/" + request.name(), request.tenant(),
                         s -> "slice " + s.id() + " (" + s.tenant() + "/" + s.name() + ")", () -> {
                    TenantGate.checkActsFor(scope, request.tenant(), "create a slice of");
                    gate.checkKnown(request.tenant());
                    // the tenant's caps are checked by admission, under the cluster-wide lock
                    return sliceService.createSlice(request);
                });
    }

    @Override
    public Slice updateSlice(Caller caller, SliceId id, SliceRequest request) {
        TenantScope scope = gate.scope(caller);
        TenantId tenant = sliceService.getSlice(id).filter(s -> scope.sees(s.tenant())).map(Slice::tenant)
                .orElse(request.tenant());
        return gate.run(scope, "slice.update", "slice " + id, tenant, s -> "slice " + s.id(), () -> {
            visible(scope, id);
            TenantGate.checkActsFor(scope, request.tenant(), "move a slice to");
            return sliceService.updateSlice(id, request);
        });
    }

    @Override
    public Optional<Slice> removeSlice(Caller caller, SliceId id) {
        TenantScope scope = gate.scope(caller);
        Optional<Slice> before = sliceService.getSlice(id).filter(s -> scope.sees(s.tenant()));
        return gate.run(scope, "slice.remove", "slice " + id, before.map(Slice::tenant).orElse(null),
                         s -> "slice " + id, () -> {
                    visible(scope, id);
                    sliceService.removeSlice(id);
                    return sliceService.getSlice(id);
                });
    }
}
