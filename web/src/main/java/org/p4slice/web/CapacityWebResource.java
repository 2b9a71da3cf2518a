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
package org.p4slice.web;

import org.onosproject.rest.AbstractWebResource;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.ws.rs.GET;
import javax.ws.rs.Produces;
import javax.ws.rs.Path;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

/**
 * Capacity: what every port and inter-switch link can carry and how much of it slices hold.
 */
@Path("capacity")
public class CapacityWebResource extends AbstractWebResource {

    @Context
    private SecurityContext security;

    /**
     * Gets the capacity report. For every switch port and inter-switch link: its capacity, the
     * guard band, the quotas allocated on it and what is left
     * (availableBps = floor((1 - guardBand) * capacityBps) - allocatedBps).
     *
     * For operators and tenants' users; anyone else is refused.
     *
     * @return 200 OK with {"ports": [...], "links": [...]}; 403 for a user who is neither an
     *         operator nor a tenant's user
     * @onos.rsModel Capacity
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getCapacity() {
        get(TenantGateService.class).scope(Callers.of(security)).checkSharesTestbed("the capacity of the testbed");
        SliceService service = get(SliceService.class);
        return ok(SlicingCodecs.capacity(service.getPortCapacities(), service.getLinkCapacities(), this)).build();
    }
}
