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

import org.junit.Test;
import org.p4slice.testbed.SlicingTestbed;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.login.Configuration;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;
import java.io.IOException;
import java.security.Principal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * The dev server's users ({@code --user}) and netcfg ({@code --netcfg}).
 */
public class DevServerAccessTest {

    private static String names(List<DevServerAccess.User> users) {
        return users.stream().map(Object::toString).collect(Collectors.joining(", "));
    }

    @Test
    public void usersKeepOnosAsAdminUnlessReplaced() {
        DevServerOptions o = DevServerOptions.parse("--user", "alice:pw:admin", "--user", "carol:pw", "--port", "0");
        assertThat(names(DevServerAccess.users(o.users)), is("onos (admin), alice (admin), carol"));
        assertThat(names(DevServerAccess.users(List.of(DevServerAccess.User.parse("onos:other")))), is("onos"));
        for (String bad : new String[]{"alice", "alice:", ":pw", "alice:pw:root", "a:b:admin:x"}) {
            try {
                DevServerAccess.User.parse(bad);
                fail("accepted --user " + bad);
            } catch (IllegalArgumentException e) {
                assertThat(e.getMessage().startsWith("--user needs NAME:PASSWORD"), is(true));
            }
        }
    }

    @Test
    public void tenantUsersAreTenantNameAndPassword() {
        DevServerOptions o = DevServerOptions.parse("--tenant-user", "itb:alice:pw:with:colons");
        assertThat(List.of(o.tenantUsers.get(0)), is(List.of("itb", "alice", "pw:with:colons")));
        for (String bad : new String[]{"itb", "itb:alice", "itb::pw", ":alice:pw", "itb:alice:"}) {
            try {
                DevServerAccess.tenantUser(bad);
                fail("accepted --tenant-user " + bad);
            } catch (IllegalArgumentException e) {
                assertThat(e.getMessage(), is("--tenant-user needs TENANT:NAME:PASSWORD, got \"" + bad + "\""));
            }
        }
    }

    @Test
    public void theUsersAreTheJaasRealmKarafWithOnosRoles() throws LoginException {
        Configuration previous = Configuration.getConfiguration();
        try {
            DevServerAccess.installOnosLogin(DevServerAccess.users(List.of(DevServerAccess.User.parse("carol:pw"))));
            assertThat(roles("onos", "rocks"), is(Set.of("admin", "viewer")));
            assertThat(roles("carol", "pw"), is(Set.of("viewer")));
            for (String[] bad : new String[][]{{"carol", "rocks"}, {"mallory", "pw"}}) {
                try {
                    roles(bad[0], bad[1]);
                    fail("signed in " + bad[0]);
                } catch (LoginException e) {
                    assertThat(e.getMessage(), is("wrong user name or password"));
                }
            }
        } finally {
            Configuration.setConfiguration(previous);
        }
    }

    private static Set<String> roles(String user, String password) throws LoginException {
        Subject subject = new Subject();
        new LoginContext(DevServerLoginModule.REALM, subject, callbacks -> {
            for (Callback c : callbacks) {
                if (c instanceof NameCallback) {
                    ((NameCallback) c).setName(user);
                } else {
                    ((PasswordCallback) c).setPassword(password.toCharArray());
                }
            }
        }).login();
        return subject.getPrincipals().stream().filter(p -> p.getClass().getSimpleName().equals("RolePrincipal"))
                .map(Principal::getName).collect(Collectors.toSet());
    }

    @Test
    public void netcfgGivesTheTenantsAndIsValidatedAsOnosWould() throws IOException {
        SlicingTestbed testbed = new SlicingTestbed();
        assertThat(DevServerAccess.readNetcfg(Path.of("../examples/two-tenants.netcfg.json"), testbed), is(2));
        Path bad = Files.createTempFile("netcfg", ".json");
        try {
            Files.writeString(bad, "{\"apps\": {\"org.p4slice\": {\"tenants\": {\"itb\": {\"users\": [\"alice\"]},"
                    + " \"ui\": {\"users\": [\"alice\"]}}}}}");
            DevServerAccess.readNetcfg(bad, testbed);
            fail("a user in two tenants was accepted");
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage(), is("tenants config: user \"alice\" is listed by tenants itb and ui; "
                    + "a user acts for one tenant"));
        } finally {
            Files.delete(bad);
        }
    }
}
