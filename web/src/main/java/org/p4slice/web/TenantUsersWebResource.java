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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.net.URI;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Set;

/**
 * The tenants' users (p4slice's own; they have no ONOS account), managed by operators only. Anyone
 * else is refused 403 before anything about the tenant or its users is looked at.
 */
@Path("tenants/{tenant}/users")
public class TenantUsersWebResource extends AbstractWebResource {

    private static final String NAME = "name";
    private static final String PASSWORD = "password";
    private static final Set<String> FIELDS = Set.of(NAME, PASSWORD);

    @Context
    private SecurityContext security;

    @Context
    private UriInfo uriInfo;

    /**
     * Gets the names of a tenant's users (never a password).
     *
     * @param tenant tenant id
     * @return 200 OK with {"users": ["name", ...]}; 403 unless the caller is an operator, 400 if the
     *         tenant id is malformed, 404 if the tenant is not configured
     * @onos.rsModel TenantUsers
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getUsers(@PathParam("tenant") String tenant) {
        Caller caller = operator();
        ObjectNode root = mapper().createObjectNode();
        ArrayNode users = root.putArray("users");
        service().listUsers(caller, RequestParsing.tenant(tenant)).forEach(users::add);
        return ok(root).build();
    }

    /**
     * Adds a tenant's user.
     *
     * @param tenant tenant id
     * @param stream {"name": "...", "password": "..."}
     * @return 201 Created with {"name", "tenant"}; 403 unless the caller is an operator, 400 for a
     *         malformed body, name or password, 404 if the tenant is not configured, 409 if the name is
     *         taken
     * @onos.rsModel TenantUserRequest
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response addUser(@PathParam("tenant") String tenant, InputStream stream) {
        Caller caller = operator();
        TenantId id = RequestParsing.tenant(tenant);
        JsonNode body = RequestParsing.json(stream, "a tenant's user {\"name\", \"password\"}");
        if (!body.isObject()) {
            throw SlicingException.invalid("expected a tenant's user {\"name\": \"...\", \"password\": \"...\"}");
        }
        for (Iterator<String> it = body.fieldNames(); it.hasNext();) {
            String field = it.next();
            if (!FIELDS.contains(field)) {
                throw SlicingException.invalid("unknown field \"" + field + "\" (allowed: name, password)");
            }
        }
        JsonNode name = body.get(NAME);
        JsonNode password = body.get(PASSWORD);
        if (name == null || !name.isTextual()) {
            throw SlicingException.invalid("\"name\" must be a string");
        }
        if (password == null || !password.isTextual()) {
            throw SlicingException.invalid("\"password\" must be a string");
        }
        char[] secret = password.asText().toCharArray();
        try {
            service().addUser(caller, id, name.asText(), secret);
        } finally {
            Arrays.fill(secret, '\0');
        }
        URI location = uriInfo.getBaseUriBuilder().path("tenants").path(id.toString()).path("users")
                .path(name.asText()).build();
        ObjectNode created = mapper().createObjectNode();
        created.put(NAME, name.asText());
        created.put("tenant", id.toString());
        return Response.created(location).entity(created).build();
    }

    /**
     * Removes a tenant's user.
     *
     * @param tenant tenant id
     * @param name   user name
     * @return 204 No Content; 403 unless the caller is an operator, 400 if the tenant id is
     *         malformed, 404 if the tenant is not configured or has no such user
     */
    @DELETE
    @Path("{name}")
    public Response removeUser(@PathParam("tenant") String tenant, @PathParam("name") String name) {
        Caller caller = operator();
        service().removeUser(caller, RequestParsing.tenant(tenant), name);
        return Response.noContent().build();
    }

    // operators only; anyone else learns nothing, whatever the tenant and body
    private Caller operator() {
        Caller caller = Callers.of(security);
        if (!get(TenantGateService.class).scope(caller).isOperator()) {
            throw SlicingException.forbidden(TenantUserAdminService.NOT_OPERATOR);
        }
        return caller;
    }

    private TenantUserAdminService service() {
        return get(TenantUserAdminService.class);
    }
}
