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

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceQuery;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceRequest;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.DeviceOutcome;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;
import java.util.Set;

/**
 * Slices: create, list, update and release them, and read their traffic statistics. A tenant's
 * user sees and changes its tenant's slices only (another tenant's slice is 404, naming another
 * tenant is 403); an operator (an admin of no tenant) all of them.
 */
@Path("slices")
public class SlicesWebResource extends AbstractWebResource {

    @Context
    private UriInfo uriInfo;

    @Context
    private SecurityContext security;

    /**
     * Gets the slices. Lists one page of the slices the caller sees, ordered by id; with the tenant
     * parameter, only that tenant's; with state, only those in one of the states; with device, only those
     * that cross the device (an endpoint or a trunk link there).
     *
     * @param tenant tenant whose slices to list (optional)
     * @param state  comma-separated states, e.g. ACTIVE,FAILED (optional)
     * @param device device id, e.g. device:bmv2:s1 (optional)
     * @param limit  page size, 1 to 1000 (default 100)
     * @param offset slices skipped (default 0)
     * @return 200 OK with {"slices": [slice...], "total", "offset", "limit", "nextOffset"}; 400 if a
     * parameter is malformed, 403 if the caller does not act for that tenant
     * @onos.rsModel Slices
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getSlices(@QueryParam("tenant") String tenant, @QueryParam("state") String state,
                              @QueryParam("device") String device, @QueryParam("limit") String limit,
                              @QueryParam("offset") String offset) {
        SliceQuery query;
        try {
            query = SliceQuery.parse(limit, offset, state, device);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        Set<Slice> slices = gate().getSlices(caller(), tenant == null ? null : RequestParsing.tenant(tenant));
        return ok(SlicingCodecs.slices(query.apply(slices), this)).build();
    }

    /**
     * Creates a slice. Admits the slice (VLAN, ports, quota within the capacity left after the
     * guard band on every port and link it crosses), stores it and returns it; id and VLAN are
     * allocated unless given. Its switches are programmed in the background: the slice is
     * PROVISIONING until they confirmed it (ACTIVE) or failed (FAILED, with the reason). A refused
     * request changes nothing.
     *
     * @param stream slice request JSON
     * @return 201 CREATED with the slice and its Location; 400 for a malformed or invalid request,
     * 403 if the caller does not act for the request's tenant, 409 if a VLAN, port or name is
     * taken, admission is refused or a cap of the tenant is reached
     * @onos.rsModel SliceRequest
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response createSlice(InputStream stream) {
        SliceRequest request = RequestParsing.sliceRequest(stream);
        Slice slice = gate().createSlice(caller(), request);
        URI location = uriInfo.getBaseUriBuilder().path("slices").path(String.valueOf(slice.id().id())).build();
        return Response.created(location).entity(encode(slice)).build();
    }

    /**
     * Gets a slice.
     *
     * @param id slice id
     * @return 200 OK with the slice; 400 if the id is malformed, 404 if there is no such slice
     * @onos.rsModel Slice
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getSlice(@PathParam("id") String id) {
        return ok(encode(gate().getSlice(caller(), RequestParsing.sliceId(id)))).build();
    }

    /**
     * Updates a slice. Changes the quota, burst or endpoints of a slice: the new shape is admitted
     * again and stored (PROVISIONING), then the switches are reprogrammed in the background; a
     * refused update leaves the slice unchanged. The body
     * is a full slice request of the slice's tenant; its VLAN cannot change.
     *
     * @param id     slice id
     * @param stream slice request JSON
     * @return 200 OK with the updated slice; 400, 403 (the body names another tenant), 404 (no such
     * slice, or another tenant's) or 409 (taken, admission or a cap of the tenant) if refused
     * @onos.rsModel SliceRequest
     */
    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response updateSlice(@PathParam("id") String id, InputStream stream) {
        SliceId sliceId = RequestParsing.sliceId(id);
        SliceRequest request = RequestParsing.sliceRequest(stream);
        return ok(encode(gate().updateSlice(caller(), sliceId, request))).build();
    }

    /**
     * Releases a slice. Removes its table entries, meter cells and groups from the switches and
     * frees its VLAN, ports and capacity. The switches are changed in the background: until they
     * are, the slice is listed as RELEASING (and holds its resources); then GET answers 404.
     *
     * @param id slice id
     * @return 204 NO CONTENT once the slice is gone, 202 ACCEPTED with the slice (RELEASING) while
     * its switches are being cleared; 400 if the id is malformed, 404 if there is no such slice (or
     * it is another tenant's)
     */
    @DELETE
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response removeSlice(@PathParam("id") String id) {
        SliceId sliceId = RequestParsing.sliceId(id);
        return gate().removeSlice(caller(), sliceId)
                .map(releasing -> Response.accepted(encode(releasing)).build())
                .orElseGet(() -> Response.noContent().build());
    }

    /**
     * Gets the traffic statistics of a slice. Counters summed over the slice's switches and rates
     * over the statistics' window; all zero until the slice's counters were read.
     *
     * @param id slice id
     * @return 200 OK with the statistics; 400 if the id is malformed, 404 if there is no such slice
     * @onos.rsModel SliceStats
     */
    @GET
    @Path("{id}/stats")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getSliceStats(@PathParam("id") String id) {
        Slice slice = gate().getSlice(caller(), RequestParsing.sliceId(id));
        SliceStats stats = get(SliceStatsService.class).getStatsOrZero(slice.id());
        return ok(codec(SliceStats.class).encode(stats, this)).build();
    }

    /**
     * Gets what each switch holds of a slice: one entry per device (the slice's, and any that still
     * holds an earlier version of it) with the outcome its master last recorded (ACTIVE, FAILED with
     * the reason, RELEASING), when, and the shape it was asked to hold (the slice version's
     * fingerprint, VLAN, quota, burst, access and trunk ports on that switch).
     *
     * @param id slice id
     * @return 200 OK with {@code {"slice", "devices": [...]}}; 400 if the id is malformed, 404 if there
     * is no such slice (or it is another tenant's)
     * @onos.rsModel SliceDevices
     */
    @GET
    @Path("{id}/devices")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getSliceDevices(@PathParam("id") String id) {
        SliceId sliceId = RequestParsing.sliceId(id);
        Map<DeviceId, DeviceOutcome> outcomes = gate().getSliceDevices(caller(), sliceId);
        return ok(SlicingCodecs.DEVICE_OUTCOME.sliceDevices(sliceId, outcomes, this)).build();
    }

    private TenantGateService gate() {
        return get(TenantGateService.class);
    }

    private Caller caller() {
        return Callers.of(security);
    }

    private ObjectNode encode(Slice slice) {
        return codec(Slice.class).encode(slice, this);
    }
}
