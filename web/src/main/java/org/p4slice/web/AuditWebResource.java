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
import org.onosproject.rest.AbstractWebResource;
import org.p4slice.slicing.api.Page;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.AuditQuery;
import org.p4slice.slicing.api.tenant.TenantGateService;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

/**
 * The audit log: who changed which slice or reservation, when, and the result (refusals
 * included). For operators only.
 */
@Path("audit")
public class AuditWebResource extends AbstractWebResource {

    @Context
    private SecurityContext security;

    /**
     * Gets the audit entries, one page counted from the newest entry (offset 0: the newest limit
     * entries), each page oldest first; with tenant, action, from and to, only the entries of that
     * tenant, of those actions, in that time window.
     *
     * @param tenant only the entries concerning this tenant (optional)
     * @param action comma-separated actions, an entry's action equal to one or under it: slice
     *               matches slice.create (optional)
     * @param from   ISO-8601 time: only entries at or after it (optional)
     * @param to     ISO-8601 time: only entries before it (optional)
     * @param limit  page size, 1..100000 (default 100)
     * @param offset newest entries skipped (default 0)
     * @return 200 OK with {"entries": [{"id", "time", "user", "action", "target", "tenant",
     * "result"}...], "total", "offset", "limit", "nextOffset"}; 400 if a parameter is malformed, 403
     * unless the caller is an operator
     * @onos.rsModel Audit
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAudit(@QueryParam("tenant") String tenant, @QueryParam("action") String action,
                             @QueryParam("from") String from, @QueryParam("to") String to,
                             @QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        AuditQuery query;
        try {
            query = AuditQuery.parse(limit, offset, tenant, action, from, to);
        } catch (IllegalArgumentException e) {
            throw SlicingException.invalid(e.getMessage());
        }
        Page<AuditEntry> page = get(TenantGateService.class).getAuditEntries(Callers.of(security), query);
        return ok(SlicingCodecs.page("entries", page, codec(AuditEntry.class), this)).build();
    }
}
