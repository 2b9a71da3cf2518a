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

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;
import java.io.IOException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * ONOS's Karaf realm {@code karaf} for tests: a JAAS login module over a map of users (password:
 * the name followed by {@code pw}) that gives Karaf's kinds of principals (matched by the simple
 * names {@code UserPrincipal}, {@code RolePrincipal}), installed as the JVM's JAAS configuration
 * while a test runs.
 */
public final class TestKarafRealm implements LoginModule {

    private static final String USERS = "users";

    private Subject subject;
    private CallbackHandler handler;
    private Map<String, Set<String>> users;
    private final List<Principal> principals = new ArrayList<>();

    /**
     * Installs the realm with these users and roles; returns the configuration it replaced.
     *
     * @param users roles by user name
     * @return the previous configuration, or null
     */
    public static Configuration install(Map<String, Set<String>> users) {
        Configuration previous;
        try {
            previous = Configuration.getConfiguration();
        } catch (SecurityException e) {
            previous = null;
        }
        AppConfigurationEntry entry = new AppConfigurationEntry(TestKarafRealm.class.getName(),
                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of(USERS, Map.copyOf(users)));
        Configuration.setConfiguration(new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                return KarafRealmLogin.REALM.equals(name) ? new AppConfigurationEntry[] {entry} : null;
            }
        });
        return previous;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void initialize(Subject subject, CallbackHandler handler, Map<String, ?> state, Map<String, ?> options) {
        this.subject = subject;
        this.handler = handler;
        this.users = (Map<String, Set<String>>) options.get(USERS);
    }

    @Override
    public boolean login() throws LoginException {
        NameCallback name = new NameCallback("user");
        PasswordCallback password = new PasswordCallback("password", false);
        try {
            handler.handle(new Callback[] {name, password});
        } catch (IOException | UnsupportedCallbackException e) {
            throw new LoginException(e.getMessage());
        }
        Set<String> roles = users.get(name.getName());
        if (roles == null || password.getPassword() == null
                || !(name.getName() + "pw").equals(new String(password.getPassword()))) {
            throw new FailedLoginException("wrong user name or password");
        }
        principals.add(new UserPrincipal(name.getName()));
        roles.forEach(r -> principals.add(new RolePrincipal(r)));
        return true;
    }

    @Override
    public boolean commit() {
        subject.getPrincipals().addAll(principals);
        return true;
    }

    @Override
    public boolean abort() {
        principals.clear();
        return true;
    }

    @Override
    public boolean logout() {
        subject.getPrincipals().removeAll(principals);
        return true;
    }

    /** As Karaf's user principal. */
    public static final class UserPrincipal implements Principal {
        private final String name;

        UserPrincipal(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }
    }

    /** As Karaf's role principal. */
    public static final class RolePrincipal implements Principal {
        private final String name;

        RolePrincipal(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }
    }
}
