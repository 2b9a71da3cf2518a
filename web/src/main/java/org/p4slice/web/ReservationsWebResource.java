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

import org.p4slice.slicing.api.SlicingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationQuery;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.ReservationCodec;

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
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reservations: booked slots of the testbed. At its start a reservation's slice is created, at
 * its end it is released and the switches are left clean. A tenant's user sees and changes its
 * tenant's reservations only (another tenant's is 404, naming another tenant is 403).
 */
@Path("reservations")
public class ReservationsWebResource extends AbstractWebResource {

    private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]{1,18}");

    @Context
    private UriInfo uriInfo;

    @Context
    private SecurityContext security;

    /**
     * Gets the reservations. Lists one page of the reservations the caller sees (past ones included),
     * ordered by id; with the tenant parameter, only that tenant's; with state, only those in one of the
     * states; with from and to, only those whose slot overlaps [from, to).
     *
     * @param tenant tenant whose reservations to list (optional)
     * @param state  comma-separated states, e.g. SCHEDULED,ACTIVE (optional)
     * @param from   ISO-8601 time: only slots ending after it (optional)
     * @param to     ISO-8601 time: only slots starting before it (optional)
     * @param limit  page size, 1 to 1000 (default 100)
     * @param offset reservations skipped (default 0)
     * @return 200 OK with {"reservations": [reservation...], "total", "offset", "limit", "nextOffset"};
     * 400 if a parameter is malformed, 403 if the caller does not act for that tenant
     * @onos.rsModel Reservations
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getReservations(@QueryParam("tenant") String tenant, @QueryParam("state") String state,
                                    @QueryParam("from") String from, @QueryParam("to") String to,
                                    @QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        ReservationQuery query;
        try {
            query = ReservationQuery.parse(limit, offset, state, from, to);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        List<Reservation> reservations = gate().getReservations(
                caller(), tenant == null ? null : RequestParsing.tenant(tenant));
        return ok(ReservationCodec.page(query.apply(reservations), this)).build();
    }

    /**
     * Books a slot. The slice request is validated as for POST /slices, and admitted at every
     * instant of the half-open interval [start, end) against the existing slices and every other
     * SCHEDULED or ACTIVE reservation: access ports exclusive, quotas within the usable capacity
     * of every port and link. A refused booking changes nothing.
     *
     * @param stream reservation request JSON
     * @return 201 CREATED with the reservation and its Location; 400 for a malformed or invalid
     * request (end not after start, start in the past or too far ahead, longer than the maximum,
     * a time outside 1970..9999, unknown tenant), 403 if the caller does not act for the tenant,
     * 409 if a port, name or VLAN is taken, capacity is short at some instant or a cap of the
     * tenant is reached
     * @onos.rsModel ReservationRequest
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response reserve(InputStream stream) {
        ReservationRequest request = reservationRequest(stream);
        Reservation r = gate().reserve(caller(), request);
        URI location = uriInfo.getBaseUriBuilder().path("reservations").path(String.valueOf(r.id().id())).build();
        return Response.created(location).entity(encode(r)).build();
    }

    /**
     * Gets a reservation.
     *
     * @param id reservation id
     * @return 200 OK with the reservation; 400 if the id is malformed, 404 if there is no such reservation
     * @onos.rsModel Reservation
     */
    @GET
    @Path("{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Response getReservation(@PathParam("id") String id) {
        ReservationId rid = reservationId(id);
        return ok(encode(gate().getReservation(caller(), rid))).build();
    }

    /**
     * Moves the end of a reservation. A SCHEDULED or ACTIVE reservation gets a new end; the new
     * interval is admitted again (its own allocation excluded). A refusal leaves it unchanged.
     *
     * @param id     reservation id
     * @param stream {"end": "ISO-8601"}
     * @return 200 OK with the reservation; 400 (malformed, end not after start or in the past, too
     * long), 404 (none, or another tenant's), or 409 (over already, port or capacity taken, a cap
     * of the tenant) if refused
     * @onos.rsModel ReservationEnd
     */
    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response extend(@PathParam("id") String id, InputStream stream) {
        ReservationId rid = reservationId(id);
        Instant end;
        try {
            end = ReservationCodec.endFromJson(RequestParsing.json(stream, "a new end {\"end\": ...}"));
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        return ok(encode(gate().extend(caller(), rid, end))).build();
    }

    /**
     * Cancels a reservation. A SCHEDULED one will not start; an ACTIVE one releases its slice now.
     * Either becomes CANCELLED and stays listed.
     *
     * @param id reservation id
     * @return 204 NO CONTENT; 400 if the id is malformed, 404 if there is no such reservation (or it
     * is another tenant's), 409
     * if it is already COMPLETED, CANCELLED or FAILED
     */
    @DELETE
    @Path("{id}")
    public Response cancel(@PathParam("id") String id) {
        gate().cancel(caller(), reservationId(id));
        return Response.noContent().build();
    }

    private TenantGateService gate() {
        return get(TenantGateService.class);
    }

    private Caller caller() {
        return Callers.of(security);
    }

    private ObjectNode encode(Reservation r) {
        return codec(Reservation.class).encode(r, this);
    }

    /**
     * Parses a reservation id path parameter.
     *
     * @param text parameter as sent
     * @return reservation id
     * @throws SlicingException INVALID if it is not a positive integer
     */
    static ReservationId reservationId(String text) {
        if (text == null || !INTEGER.matcher(text).matches() || Long.parseLong(text) < ReservationId.MIN) {
            throw SlicingException.invalid("reservation id must be a positive integer, got \"" + text + "\"");
        }
        return ReservationId.of(Long.parseLong(text));
    }

    private static ReservationRequest reservationRequest(InputStream body) {
        try {
            return ReservationCodec.requestFromJson(RequestParsing.json(body, "a reservation"));
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
    }
}
