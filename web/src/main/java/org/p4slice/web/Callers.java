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

import org.p4slice.slicing.api.tenant.Caller;

import javax.ws.rs.core.SecurityContext;
import java.security.Principal;

/**
 * The caller of a REST request, from its security context: ONOS's REST authentication (the Karaf
 * realm, JAAS) gives the user principal, and the Karaf group {@code admingroup} the role
 * {@code admin}. A request without a principal is anonymous: it sees nothing.
 */
final class Callers {

    /** ONOS's admin role. */
    static final String ADMIN_ROLE = "admin";

    private Callers() {
    }

    /**
     * Returns the caller of a request.
     *
     * @param context the request's security context (may be null)
     * @return caller
     */
    static Caller of(SecurityContext context) {
        Principal p = context == null ? null : context.getUserPrincipal();
        if (p == null || p.getName() == null || p.getName().isEmpty()) {
            return Caller.anonymous();
        }
        return Caller.of(p.getName(), context.isUserInRole(ADMIN_ROLE));
    }
}
