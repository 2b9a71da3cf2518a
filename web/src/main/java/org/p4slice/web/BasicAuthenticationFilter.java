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

import org.onlab.rest.BaseResource;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.SignInThrottledException;
import org.p4slice.slicing.api.tenant.TenantUserService;
import org.p4slice.slicing.codec.ApiError;
import org.p4slice.slicing.codec.SlicingCodecs;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.FilterConfig;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * p4slice's own HTTP Basic authentication of its web application (the REST API and the tenant
 * portal), in place of ONOS's web container's: ONOS's login (the Karaf realm {@code karaf}) knows
 * the operators and ONOS's other users, p4slice's tenant-user store the tenants' users, who have
 * no ONOS account. A request's credentials are first checked against the tenant-user store
 * ({@link TenantUserService#authenticate}: a tenant's user, {@link TenantUserPrincipal}, no roles),
 * then against ONOS's login ({@link OnosUserLogin}: an ONOS user with its ONOS roles; its successful
 * sign-ins are kept a minute, {@link OnosLoginCache}, so that an operator's requests do not each run
 * the store's key derivation first; the store keeps its own). Anything else
 * (no or malformed credentials, a wrong password, an unknown user) is answered 401 with a Basic
 * challenge of realm {@value #REALM} and one JSON message, the same for every case; a password the
 * store could not check because too many were being checked at once is answered 429 with a JSON
 * message and {@code Retry-After} (nothing was decided). The request
 * goes on wrapped so that {@code getUserPrincipal()}, {@code getRemoteUser()} and
 * {@code isUserInRole()} answer for the authenticated user ({@link Callers}); authorization is
 * {@link TenantAuthorizationFilter}'s. (ONOS 2.7's Pax Web finds a web application's login service
 * by its realm name among the Jetty server's login services, and ONOS's Jetty has only those of
 * realm {@code karaf}; see docs/tenants.md for why p4slice authenticates itself.)
 */
public class BasicAuthenticationFilter implements Filter {

    /** The realm named in the challenge. */
    public static final String REALM = "p4slice";
    /** The one message of every failed authentication. */
    public static final String UNAUTHORIZED = "sign in with a p4slice tenant's user or an ONOS user"
            + " (HTTP Basic): no valid user name and password";

    /** HTTP 429 Too Many Requests (not in the Servlet 3.1 constants). */
    static final int TOO_MANY_REQUESTS = 429;

    private static final String BASIC = "Basic ";

    private final Supplier<Optional<TenantUserService>> tenantUsers;
    private final OnosUserLogin onosLogin;
    private final OnosLoginCache onosSignIns = new OnosLoginCache();

    /**
     * Creates the filter of the web application: the tenant-user store as ONOS offers it (none
     * while the slicing app is not active) and ONOS's login, the JAAS realm {@code karaf}.
     */
    public BasicAuthenticationFilter() {
        this(new BaseResource() { });
    }

    private BasicAuthenticationFilter(BaseResource services) {
        this(() -> {
            try {
                return Optional.ofNullable(services.get(TenantUserService.class));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }, new KarafRealmLogin());
    }

    /**
     * Creates a filter.
     *
     * @param tenantUsers the tenant-user store, if the slicing app runs
     * @param onosLogin   ONOS's login
     */
    public BasicAuthenticationFilter(Supplier<Optional<TenantUserService>> tenantUsers, OnosUserLogin onosLogin) {
        this.tenantUsers = tenantUsers;
        this.onosLogin = onosLogin;
    }

    @Override
    public void init(FilterConfig config) {
    }

    @Override
    public void destroy() {
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse resp, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) resp;
        Optional<HttpServletRequest> authenticated;
        try {
            authenticated = authenticate(request);
        } catch (SignInThrottledException e) {
            tooManyRequests(response, e);
            return;
        }
        if (authenticated.isEmpty()) {
            unauthorized(response);
            return;
        }
        chain.doFilter(authenticated.get(), response);
    }

    /**
     * Returns the request as its authenticated user's.
     *
     * @param request request
     * @return the request wrapped with its user, or empty if it carries no valid credentials
     */
    Optional<HttpServletRequest> authenticate(HttpServletRequest request) {
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, BASIC, 0, BASIC.length())) {
            return Optional.empty();
        }
        char[] decoded;
        try {
            ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(header.substring(BASIC.length()).trim()));
            CharBuffer chars = StandardCharsets.UTF_8.decode(bytes);
            decoded = Arrays.copyOfRange(chars.array(), chars.position(), chars.limit());
            Arrays.fill(chars.array(), '\0');
            Arrays.fill(bytes.array(), (byte) 0);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        try {
            int colon = indexOf(decoded, ':');
            if (colon <= 0) {
                return Optional.empty();
            }
            String user = new String(decoded, 0, colon);
            char[] password = Arrays.copyOfRange(decoded, colon + 1, decoded.length);
            try {
                return authenticate(request, user, password);
            } finally {
                Arrays.fill(password, '\0');
            }
        } finally {
            Arrays.fill(decoded, '\0');
        }
    }

    private Optional<HttpServletRequest> authenticate(HttpServletRequest request, String user, char[] password) {
        Optional<Set<String>> signedIn = onosSignIns.get(user, password);
        if (signedIn.isPresent()) {
            return Optional.of(new Authenticated(request, new OnosUserPrincipal(user), signedIn.get()));
        }
        Optional<TenantUserService> store = tenantUsers.get();
        if (store.isPresent()) {
            Optional<TenantId> tenant = store.get().authenticate(user, password);
            if (tenant.isPresent()) {
                return Optional.of(new Authenticated(request, new TenantUserPrincipal(user), Set.of()));
            }
        }
        Optional<Set<String>> roles = onosLogin.login(user, password);
        if (roles.isPresent()) {
            onosSignIns.put(user, password, roles.get());
            Principal principal = new OnosUserPrincipal(user);
            return Optional.of(new Authenticated(request, principal, Set.copyOf(roles.get())));
        }
        return Optional.empty();
    }

    private static int indexOf(char[] chars, char c) {
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] == c) {
                return i;
            }
        }
        return -1;
    }

    // nothing was decided about the user: 429 with when to try again
    private static void tooManyRequests(HttpServletResponse response, SignInThrottledException e)
            throws IOException {
        byte[] body = SlicingCodecs.API_ERROR.encode(ApiError.of(TOO_MANY_REQUESTS, e.getMessage()),
                                                      SlicingCodecs.context()).toString()
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(TOO_MANY_REQUESTS);
        response.setHeader("Retry-After", Integer.toString(e.retryAfterSeconds()));
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    private static void unauthorized(HttpServletResponse response) throws IOException {
        byte[] body = SlicingCodecs.API_ERROR.encode(ApiError.of(HttpServletResponse.SC_UNAUTHORIZED, UNAUTHORIZED),
                                                      SlicingCodecs.context()).toString()
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** An ONOS user's principal (authenticated by the Karaf realm). */
    static final class OnosUserPrincipal implements Principal {
        private final String name;

        OnosUserPrincipal(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public String toString() {
            return "ONOS user " + name;
        }
    }

    /** A request with its authenticated user. */
    static final class Authenticated extends HttpServletRequestWrapper {
        private final Principal principal;
        private final Set<String> roles;

        Authenticated(HttpServletRequest request, Principal principal, Set<String> roles) {
            super(request);
            this.principal = principal;
            this.roles = roles;
        }

        @Override
        public Principal getUserPrincipal() {
            return principal;
        }

        @Override
        public String getRemoteUser() {
            return principal.getName();
        }

        @Override
        public boolean isUserInRole(String role) {
            return roles.contains(role);
        }

        @Override
        public String getAuthType() {
            return BASIC_AUTH;
        }
    }
}
