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

import javax.annotation.Priority;
import javax.ws.rs.Priorities;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Set;

/**
 * The authentication p4slice's {@link BasicAuthenticationFilter} does, for the in-memory REST tests:
 * the caller is named by the header {@value #HEADER} ({@code NAME}: an ONOS user of role viewer;
 * {@code NAME:admin}: roles admin and viewer, as ONOS's {@code admingroup}; {@code NAME:ROLE}: that
 * role only, {@code NAME:none}: no role; {@code NAME:tenant}: a tenant's user, authenticated by
 * p4slice's tenant-user store ({@link TenantUserPrincipal}, no roles); {@code -} for a request
 * without a principal), by default ONOS's default user {@code onos}, an admin.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION)
public class TestIdentity implements ContainerRequestFilter {

    /** Header naming the test caller. */
    public static final String HEADER = "X-Test-User";
    /** The caller without the header. */
    public static final String DEFAULT = "onos:admin";
    /** The kind of a tenant's user. */
    public static final String TENANT = "tenant";

    @Override
    public void filter(ContainerRequestContext request) {
        String value = request.getHeaderString(HEADER);
        String[] who = (value == null ? DEFAULT : value).split(":", 2);
        boolean anonymous = "-".equals(who[0]);
        String kind = who.length > 1 ? who[1] : Callers.VIEWER_ROLE;
        Set<String> roles = kind.equals(Callers.ADMIN_ROLE) ? Set.of(Callers.ADMIN_ROLE, Callers.VIEWER_ROLE)
                : kind.equals("none") || kind.equals(TENANT) ? Set.of() : Set.of(kind);
        Principal principal = kind.equals(TENANT) ? new TenantUserPrincipal(who[0]) : () -> who[0];
        request.setSecurityContext(new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return anonymous ? null : principal;
            }

            @Override
            public boolean isUserInRole(String role) {
                return !anonymous && roles.contains(role);
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return SecurityContext.BASIC_AUTH;
            }
        });
    }
}
