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

import org.junit.Test;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.SignInThrottledException;
import org.p4slice.slicing.api.tenant.TenantUserService;

import javax.security.auth.login.Configuration;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.hamcrest.Matchers.instanceOf;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThat;

/**
 * p4slice's own HTTP Basic: tenants' users from the tenant-user store, then ONOS users from ONOS's
 * login; the principal tells which; every failure the same 401.
 */
public class BasicAuthenticationFilterTest {

    private static final TenantId ITB = TenantId.of("itb");

    private final List<String> storeLogins = new ArrayList<>();

    // the tenant-user store: alice of itb
    private final TenantUserService store = new TenantUserService() {
        @Override
        public Optional<TenantId> authenticate(String user, char[] password) {
            storeLogins.add(user);
            return "alice".equals(user) && "alice:secret-1".equals(new String(password))
                    ? Optional.of(ITB) : Optional.empty();
        }

        @Override
        public Optional<TenantId> tenantOf(String user) {
            return "alice".equals(user) ? Optional.of(ITB) : Optional.empty();
        }

        @Override
        public SortedSet<String> getUsers(TenantId tenant) {
            return new TreeSet<>();
        }

        @Override
        public SortedMap<String, TenantId> getUsers() {
            return new TreeMap<>();
        }
    };

    // ONOS's login: onos (admin) and an ONOS user also named alice, with another password
    private final List<String> onosLogins = new ArrayList<>();
    private final OnosUserLogin onos = (user, password) -> {
        onosLogins.add(user);
        if ("onos".equals(user) && "rocks".equals(new String(password))) {
            return Optional.of(Set.of("admin", "viewer", "group"));
        }
        if ("alice".equals(user) && "karaf-alice".equals(new String(password))) {
            return Optional.of(Set.of("viewer"));
        }
        return Optional.empty();
    };

    private final BasicAuthenticationFilter filter = new BasicAuthenticationFilter(() -> Optional.of(store), onos);

    private static HttpServletRequest request(String authorization) {
        return (HttpServletRequest) Proxy.newProxyInstance(
                BasicAuthenticationFilterTest.class.getClassLoader(), new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getHeader") && "Authorization".equals(args[0])) {
                        return authorization;
                    }
                    if (method.getName().equals("isUserInRole") || method.getName().equals("isSecure")) {
                        return false;
                    }
                    return null;
                });
    }

    private static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }

    private Caller caller(String authorization) {
        Optional<HttpServletRequest> r = filter.authenticate(request(authorization));
        return r.map(req -> Callers.of(req.getUserPrincipal(), req::isUserInRole)).orElse(null);
    }

    @Test
    public void aTenantsUserIsAuthenticatedByTheStoreAndMarkedAsSuch() {
        HttpServletRequest r = filter.authenticate(request(basic("alice:alice:secret-1"))).get();
        assertThat(r.getUserPrincipal(), instanceOf(TenantUserPrincipal.class));
        assertThat(r.getRemoteUser(), is("alice"));
        assertThat(r.isUserInRole("admin"), is(false));
        assertThat(r.isUserInRole("viewer"), is(false));
        assertThat(r.getAuthType(), is(HttpServletRequest.BASIC_AUTH));
        assertThat(Callers.of(r.getUserPrincipal(), r::isUserInRole), is(Caller.tenantUser("alice")));
        assertThat("ONOS's login is not asked", onosLogins, is(List.of()));
    }

    @Test
    public void anOnosUserIsAuthenticatedByOnosLoginWithItsRoles() {
        HttpServletRequest r = filter.authenticate(request(basic("onos:rocks"))).get();
        assertThat(r.getUserPrincipal(), not(instanceOf(TenantUserPrincipal.class)));
        assertThat(r.isUserInRole("admin"), is(true));
        assertThat(Callers.of(r.getUserPrincipal(), r::isUserInRole), is(Caller.of("onos", true)));
    }

    @Test
    public void anOnosUsersSignInIsKeptSoThatTheStoreIsNotAskedEveryRequest() {
        for (int i = 0; i < 3; i++) {
            assertThat(caller(basic("onos:rocks")), is(Caller.of("onos", true)));
        }
        assertThat(storeLogins, is(List.of("onos")));
        assertThat(onosLogins, is(List.of("onos")));
        assertThat("another password is checked again", caller(basic("onos:rocks2")), is((Caller) null));
        assertThat(onosLogins, is(List.of("onos", "onos")));
    }

    @Test
    public void anOnosUserNamedLikeATenantsUserStaysAnOnosUser() {
        assertThat(caller(basic("alice:karaf-alice")), is(Caller.of("alice", false)));
        assertThat(caller(basic("alice:alice:secret-1")), is(Caller.tenantUser("alice")));
    }

    @Test
    public void everyFailureIsTheSame401() throws Exception {
        List<String> answers = new ArrayList<>();
        for (String header : new String[] {null, "", "Bearer x", "Basic", "Basic !!!", basic("alice"),
                basic(":rocks"), basic("alice:wrong"), basic("mallory:alice:secret-1"), basic("onos:rocks2")}) {
            assertThat(header, filter.authenticate(request(header)), is(Optional.empty()));
            answers.add(respond(header));
        }
        String expected = "401 Basic realm=\"p4slice\", charset=\"UTF-8\" {\"code\":401,\"message\":\""
                + BasicAuthenticationFilter.UNAUTHORIZED + "\"}";
        for (String answer : answers) {
            assertThat(answer, is(expected));
        }
    }

    @Test
    public void withoutTheSlicingAppOnlyOnosUsersSignIn() {
        BasicAuthenticationFilter bare = new BasicAuthenticationFilter(Optional::empty, onos);
        assertThat(bare.authenticate(request(basic("alice:alice:secret-1"))), is(Optional.empty()));
        assertThat(bare.authenticate(request(basic("onos:rocks"))).isPresent(), is(true));
    }

    @Test
    public void onosLoginIsTheJaasRealmKaraf() {
        Configuration previous = TestKarafRealm.install(Map.of("onos", Set.of("admin", "viewer")));
        try {
            assertThat(new KarafRealmLogin().login("onos", "onospw".toCharArray()),
                       is(Optional.of(Set.of("admin", "viewer"))));
            assertThat(new KarafRealmLogin().login("onos", "rocks".toCharArray()), is(Optional.empty()));
            assertThat(new KarafRealmLogin().login("alice", "alicepw".toCharArray()), is(Optional.empty()));
        } finally {
            Configuration.setConfiguration(previous);
        }
    }

    @Test
    public void karafRolesAreItsRolePrincipals() {
        assertThat(KarafRealmLogin.roles(Set.of(new RolePrincipal("admin"), new UserPrincipal("onos"),
                                                new RolePrincipal("viewer"))), is(Set.of("admin", "viewer")));
    }

    @Test
    public void aSignInTheStoreCouldNotCheckIs429WithRetryAfterAndNoOtherLogin() throws Exception {
        BasicAuthenticationFilter busy = new BasicAuthenticationFilter(() -> Optional.of(new TenantUserService() {
            @Override
            public Optional<TenantId> authenticate(String user, char[] password) {
                throw new SignInThrottledException(2);
            }

            @Override
            public Optional<TenantId> tenantOf(String user) {
                return Optional.empty();
            }

            @Override
            public SortedSet<String> getUsers(TenantId tenant) {
                return new TreeSet<>();
            }

            @Override
            public SortedMap<String, TenantId> getUsers() {
                return new TreeMap<>();
            }
        }), onos);
        assertThat(respond(busy, basic("alice:alice:secret-1"), "Retry-After"),
                   is("429 2 {\"code\":429,\"message\":\"too many sign-ins are being checked at once;"
                              + " try again in 2 s\"}"));
        assertThat("ONOS's login is not tried instead", onosLogins, is(List.of()));
    }

    // the filter's answer to a request: status, challenge and body
    private String respond(String header) throws Exception {
        return respond(filter, header, "WWW-Authenticate");
    }

    // the filter's answer to a request: status, the header named and body
    private String respond(BasicAuthenticationFilter filter, String header, String shown) throws Exception {
        Map<String, String> headers = new HashMap<>();
        int[] status = new int[1];
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        ServletOutputStream out = new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
            }

            @Override
            public void write(int b) {
                body.write(b);
            }
        };
        HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "setStatus":
                            status[0] = (Integer) args[0];
                            return null;
                        case "setHeader":
                            headers.put((String) args[0], (String) args[1]);
                            return null;
                        case "getOutputStream":
                            return out;
                        default:
                            return null;
                    }
                });
        filter.doFilter(request(header), response, (req, resp) -> {
            throw new AssertionError("the request went on");
        });
        return status[0] + " " + headers.get(shown) + " " + body.toString(StandardCharsets.UTF_8);
    }

    /** As Karaf's role principal (matched by simple name). */
    private static final class RolePrincipal implements Principal {
        private final String name;

        RolePrincipal(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }
    }

    /** As Karaf's user principal. */
    private static final class UserPrincipal implements Principal {
        private final String name;

        UserPrincipal(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }
    }
}
