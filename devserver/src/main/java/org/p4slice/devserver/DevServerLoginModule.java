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
package org.p4slice.devserver;

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
import java.util.Objects;

/**
 * The dev server's stand-in for ONOS's Karaf realm {@code karaf}: a JAAS login module over the
 * users of {@code --user}, giving the principals Karaf's {@code PropertiesLoginModule} gives (a user
 * principal and one role principal per role, matched by their classes' simple names
 * {@code UserPrincipal} and {@code RolePrincipal}).
 */
public final class DevServerLoginModule implements LoginModule {

    /** The realm's name. */
    public static final String REALM = "karaf";

    private static final String ACCOUNTS = "accounts";

    private Subject subject;
    private CallbackHandler handler;
    private Map<String, String[]> accounts;
    private final List<Principal> principals = new ArrayList<>();

    /**
     * Returns a JAAS configuration with this module as realm {@value #REALM}.
     *
     * @param accounts password and comma-separated roles by user name
     * @return configuration
     */
    static Configuration configuration(Map<String, String[]> accounts) {
        AppConfigurationEntry entry = new AppConfigurationEntry(DevServerLoginModule.class.getName(),
                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of(ACCOUNTS, Map.copyOf(accounts)));
        return new Configuration() {
            @Override
            public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
                return REALM.equals(name) ? new AppConfigurationEntry[] {entry} : null;
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public void initialize(Subject subject, CallbackHandler handler, Map<String, ?> sharedState,
                           Map<String, ?> options) {
        this.subject = subject;
        this.handler = handler;
        this.accounts = (Map<String, String[]>) options.get(ACCOUNTS);
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
        String[] account = accounts.get(name.getName());
        char[] given = password.getPassword();
        if (account == null || given == null || !account[0].equals(new String(given))) {
            throw new FailedLoginException("wrong user name or password");
        }
        principals.add(new UserPrincipal(name.getName()));
        for (String role : account[1].split(",")) {
            principals.add(new RolePrincipal(role));
        }
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
        principals.clear();
        return true;
    }

    /** As Karaf's user principal. */
    static final class UserPrincipal extends Named {
        UserPrincipal(String name) {
            super(name);
        }
    }

    /** As Karaf's role principal. */
    static final class RolePrincipal extends Named {
        RolePrincipal(String name) {
            super(name);
        }
    }

    private abstract static class Named implements Principal {
        private final String name;

        Named(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public boolean equals(Object o) {
            return o != null && o.getClass() == getClass() && name.equals(((Named) o).name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(getClass(), name);
        }
    }
}
