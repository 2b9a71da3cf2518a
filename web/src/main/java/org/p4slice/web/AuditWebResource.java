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
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.rest.AbstractWebResource;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.TenantGateService;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.util.regex.Pattern;

/**
 * The audit log: who changed which slice or reservation, when, and the result (refusals
 * included). For operators only.
 */
@Path("audit")
public class AuditWebResource extends AbstractWebResource {

    /** Entries returned without a limit parameter. */
    static final int DEFAULT_LIMIT = 100;
    /** Most entries one request returns. */
    static final int MAX_LIMIT = 100_000;

    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,9}");

    @Context
    private SecurityContext security;

    /**
     * Gets the newest audit entries, oldest first.
     *
     * @param limit most entries to return, 1..100000 (default 100)
     * @return 200 OK with {"entries": [{"id", "time", "user", "action", "target", "tenant",
     * "result"}...]}; 400 if the limit is malformed, 403 unless the caller is an operator
     * @onos.rsModel Audit
     */
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response getAudit(@QueryParam("limit") String limit) {
        int n = limit(limit);
        ObjectNode root = mapper().createObjectNode();
        ArrayNode entries = root.putArray("entries");
        for (AuditEntry e : get(TenantGateService.class).getAuditEntries(Callers.of(security), n)) {
            entries.add(codec(AuditEntry.class).encode(e, this));
        }
        return ok(root).build();
    }

    private static int limit(String text) {
        if (text == null) {
            return DEFAULT_LIMIT;
        }
        if (!DIGITS.matcher(text).matches() || Integer.parseInt(text) < 1 || Integer.parseInt(text) > MAX_LIMIT) {
            throw SlicingException.invalid("limit must be an integer in 1.." + MAX_LIMIT + ", got \"" + text + "\"");
        }
        return Integer.parseInt(text);
    }
}
