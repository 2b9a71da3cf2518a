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
import java.util.List;
import java.util.function.Predicate;

/**
 * The caller of a web request (REST or the tenant portal), from what p4slice's authentication
 * ({@link BasicAuthenticationFilter}) found: a tenant's user ({@link TenantUserPrincipal}, from
 * p4slice's tenant-user store), or an ONOS user of the Karaf realm {@code karaf} with its roles
 * ({@code admin}: Karaf group {@code admingroup}). A request without a principal is anonymous: it
 * sees nothing.
 */
public final class Callers {

    /** ONOS's admin role. */
    public static final String ADMIN_ROLE = "admin";
    /** ONOS's viewer role. */
    public static final String VIEWER_ROLE = "viewer";
    /** The roles that let an ONOS user use p4slice's web API at all (a tenant's user needs none). */
    public static final List<String> WEB_ROLES = List.of(VIEWER_ROLE, ADMIN_ROLE);

    private Callers() {
    }

    /**
     * Returns the caller of a request.
     *
     * @param context the request's security context (may be null)
     * @return caller
     */
    static Caller of(SecurityContext context) {
        return context == null ? Caller.anonymous() : of(context.getUserPrincipal(), context::isUserInRole);
    }

    /**
     * Returns the caller of a request.
     *
     * @param principal the authenticated user (null if none): a {@link TenantUserPrincipal} for a
     *                  tenant's user, any other for an ONOS user
     * @param inRole    whether the user holds an ONOS role
     * @return caller
     */
    public static Caller of(Principal principal, Predicate<String> inRole) {
        if (principal == null || principal.getName() == null || principal.getName().isEmpty()) {
            return Caller.anonymous();
        }
        if (principal instanceof TenantUserPrincipal) {
            return Caller.tenantUser(principal.getName());
        }
        return Caller.of(principal.getName(), inRole.test(ADMIN_ROLE));
    }
}
