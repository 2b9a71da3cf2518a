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

import org.slf4j.Logger;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import java.security.Principal;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * {@link OnosUserLogin} through JAAS: a login to the Karaf realm {@value #REALM}, the one ONOS's GUI,
 * REST API and shell use ({@code etc/users.properties} unless ONOS was configured otherwise).
 * Karaf's role principals ({@code org.apache.karaf.jaas.boot.principal.RolePrincipal}) are matched
 * by their class's simple name, as the CLI does, so the bundle needs no Karaf API; the login runs
 * with this bundle's class loader as the context class loader, through which JAAS loads Karaf's
 * {@code ProxyLoginModule} (the bundle imports {@code org.apache.karaf.jaas.boot}).
 */
public final class KarafRealmLogin implements OnosUserLogin {

    /** ONOS's Karaf realm. */
    public static final String REALM = "karaf";

    private static final String ROLE_PRINCIPAL = "RolePrincipal";

    private final Logger log = getLogger(getClass());

    @Override
    public Optional<Set<String>> login(String user, char[] password) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(getClass().getClassLoader());
        try {
            Subject subject = new Subject();
            LoginContext context = new LoginContext(REALM, subject, callbacks -> answer(callbacks, user, password));
            context.login();
            Set<String> roles = roles(subject.getPrincipals());
            try {
                context.logout();
            } catch (LoginException e) {
                log.debug("Logout of {} from realm {} failed", user, REALM, e);
            }
            return Optional.of(roles);
        } catch (LoginException e) {
            return Optional.empty();
        } catch (SecurityException e) {
            log.warn("No JAAS realm {}: ONOS users cannot sign in to p4slice ({})", REALM, e.getMessage());
            return Optional.empty();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /**
     * Returns the role names among principals (Karaf's role principals).
     *
     * @param principals principals of a logged-in subject
     * @return role names
     */
    static Set<String> roles(Set<Principal> principals) {
        Set<String> roles = new HashSet<>();
        for (Principal p : principals) {
            if (ROLE_PRINCIPAL.equals(p.getClass().getSimpleName())) {
                roles.add(p.getName());
            }
        }
        return roles;
    }

    private static void answer(Callback[] callbacks, String user, char[] password)
            throws UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (c instanceof NameCallback) {
                ((NameCallback) c).setName(user);
            } else if (c instanceof PasswordCallback) {
                ((PasswordCallback) c).setPassword(password);
            } else {
                throw new UnsupportedCallbackException(c);
            }
        }
    }
}
