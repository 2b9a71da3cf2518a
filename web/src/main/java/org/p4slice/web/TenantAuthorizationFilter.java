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

import com.google.common.collect.ImmutableSet;
import org.onlab.rest.BaseResource;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantGateService;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Who may send a request to p4slice's web application (the REST API and the tenant portal), in
 * place of ONOS's {@code org.onlab.rest.AuthorizationFilter}, which lets only ONOS admins POST, PUT
 * or DELETE. Every request needs a tenant's user (p4slice's own, {@link TenantUserPrincipal}) or an
 * ONOS user holding ONOS's {@code viewer} or {@code admin} role (as ONOS's filter asks); a change
 * (POST, PUT, DELETE, PATCH) needs a p4slice operator or a tenant's user acting for a configured
 * tenant ({@link TenantGateService#scope}); what the change may touch is then the tenant gate's to
 * decide. Anyone else gets 403 with the API's JSON error body. A tenant's user has no account in
 * ONOS at all, so ONOS's own REST API, GUI and CLI refuse it everything.
 */
public class TenantAuthorizationFilter implements ContainerRequestFilter {

    /** The methods that change something. */
    static final Set<String> CHANGES = ImmutableSet.of("POST", "PUT", "DELETE", "PATCH");

    private final BaseResource services = new BaseResource() { };

    @Override
    public void filter(ContainerRequestContext request) {
        SecurityContext security = request.getSecurityContext();
        refusal(security.getUserPrincipal(), security::isUserInRole, request.getMethod(),
                () -> services.get(TenantGateService.class))
                .ifPresent(message -> request.abortWith(ErrorResponses.of(403, message)));
    }

    /**
     * Returns why a request may not go on.
     *
     * @param principal the authenticated user (null if none)
     * @param inRole    whether the user holds an ONOS role
     * @param method    the HTTP method
     * @param gate      the tenant gate (asked for changes only)
     * @return the refusal's message, or empty if the request may go on
     */
    public static Optional<String> refusal(Principal principal, Predicate<String> inRole, String method,
                                           Supplier<TenantGateService> gate) {
        Caller caller = Callers.of(principal, inRole);
        if (caller.user().isEmpty()) {
            return Optional.of("the request carries no user: sign in");
        }
        if (!caller.isTenantUser() && Callers.WEB_ROLES.stream().noneMatch(inRole)) {
            return Optional.of("user " + caller.user() + " holds none of the roles " + Callers.WEB_ROLES);
        }
        if (!CHANGES.contains(method)) {
            return Optional.empty();
        }
        TenantScope scope = gate.get().scope(caller);
        if (scope.isOperator() || scope.tenant().isPresent()) {
            return Optional.empty();
        }
        return Optional.of("user " + caller.user() + " is neither a p4slice operator nor a tenant's user"
                                   + " and may not change anything");
    }
}
