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
package org.p4slice.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.console.Session;
import org.junit.Test;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantUserService;
import org.p4slice.testbed.SlicingTestbed;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * {@code p4slice:tenant-user-add}, {@code tenant-user-remove} and {@code tenant-users}: operators
 * only, the password from the terminal (twice, masked) or a file, never printed; and
 * {@code p4slice:capacity} through the tenant gate as REST's capacity.
 */
public class TenantUserCommandsTest extends CliTestBase {

    private static final String NOT_OPERATOR = "Error: only a p4slice operator manages tenants' users";

    private final List<String> prompts = new ArrayList<>();

    @Override
    protected void configure(SlicingTestbed tb) {
        try {
            tb.setTenantsConfig((ObjectNode) new ObjectMapper().readTree("{\"itb\": {}, \"ui\": {}}"));
            tb.setOperatorsConfig((ObjectNode) new ObjectMapper().readTree("{\"users\": [\"onos\", \"noc\"]}"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private TenantUserService users() {
        return (TenantUserService) testbed.northboundServices().get(TenantUserService.class);
    }

    // a terminal that answers the prompts with the given lines, masked
    private Session terminal(String... answers) {
        Deque<String> lines = new ArrayDeque<>(List.of(answers));
        return (Session) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Session.class},
                                                (proxy, method, args) -> {
                if (method.getName().equals("readLine")) {
                    assertThat("masked", args[1], is('*'));
                    prompts.add((String) args[0]);
                    return lines.poll();
                }
                return null;
            });
    }

    private TenantUserAddCommand add(Session session, String... args) throws Exception {
        TenantUserAddCommand command = parse(new TenantUserAddCommand(), args);
        command.session = session;
        command.services = services;
        command.caller = caller;
        command.doExecute();
        return command;
    }

    private Path passwordFile(String content) throws IOException {
        Path file = Files.createTempFile("p4slice-password", ".txt");
        file.toFile().deleteOnExit();
        Files.write(file, content.getBytes(StandardCharsets.UTF_8));
        return file;
    }

    @Test
    public void anOperatorAddsFromAPromptOrAFileListsAndRemoves() throws Exception {
        add(terminal("alice-secret-1", "alice-secret-1"), "itb", "alice");
        assertThat(prompts, is(List.of("Password for alice: ", "Password again: ")));
        add(null, "--password-file", passwordFile("bob-secret-1\nignored\n").toString(), "ui", "bob");
        assertThat(out(), is(List.of("Added user alice of tenant itb", "Added user bob of tenant ui")));
        assertThat(err(), is(List.of()));
        assertThat(users().authenticate("alice", "alice-secret-1".toCharArray()), is(Optional.of(TenantId.of("itb"))));
        assertThat("the file's first line", users().authenticate("bob", "bob-secret-1".toCharArray()),
                   is(Optional.of(TenantId.of("ui"))));

        run(new TenantUsersCommand());
        assertThat(out(), is(List.of("TENANT  USER", "itb     alice", "ui      bob")));
        run(new TenantUsersCommand(), "ui");
        assertThat(out(), is(List.of("TENANT  USER", "ui      bob")));
        run(new TenantUsersCommand(), "-j");
        assertThat(out(), is(List.of("{\"users\":[{\"tenant\":\"itb\",\"name\":\"alice\"},"
                                             + "{\"tenant\":\"ui\",\"name\":\"bob\"}]}")));
        run(new TenantUserRemoveCommand(), "ui", "bob");
        assertThat(out(), is(List.of("Removed user bob of tenant ui")));
        assertThat(users().getUsers().keySet().toString(), is("[alice]"));
        assertThat(users().authenticate("bob", "bob-secret-1".toCharArray()), is(Optional.empty()));
    }

    @Test
    public void refusalsArePreciseAndChangeNothing() throws Exception {
        add(terminal("alice-secret-1", "alice-secret-2"), "itb", "alice");
        add(null, "itb", "alice");
        add(null, "--password-file", "/nonexistent/p4slice-password", "itb", "alice");
        add(null, "--password-file", passwordFile("short\n").toString(), "itb", "alice");
        add(terminal("noc-secret-1", "noc-secret-1"), "itb", "noc");
        add(terminal("eve-secret-1", "eve-secret-1"), "nowhere", "eve");
        run(new TenantUserRemoveCommand(), "itb", "nobody");
        assertThat(err(), is(List.of(
                "Error: the passwords differ; nothing was added",
                "Error: no terminal to ask for the password: give --password-file FILE",
                "Error: cannot read --password-file /nonexistent/p4slice-password: NoSuchFileException",
                "Error: the password must have at least 8 characters",
                "Error: user name \"noc\" is a configured operator's; a tenant's user must be named otherwise",
                "Error: tenant nowhere is not configured (netcfg apps.org.p4slice.tenants)",
                "Error: tenant itb has no user \"nobody\"")));
        assertThat(out(), is(List.of()));
        assertThat(users().getUsers().isEmpty(), is(true));
    }

    @Test
    public void nobodyButAnOperatorIsAskedForAPasswordOrLearnsAnything() throws Exception {
        add(terminal("alice-secret-1", "alice-secret-1"), "itb", "alice");
        out();
        prompts.clear();
        for (Caller c : List.of(Caller.tenantUser("alice"), Caller.of("carol", false), Caller.of("dave", true))) {
            caller = c;
            add(terminal("eve-secret-1", "eve-secret-1"), "itb", "eve");
            run(new TenantUserRemoveCommand(), "itb", "alice");
            run(new TenantUsersCommand(), "itb");
            run(new TenantUsersCommand());
            run(new TenantUsersCommand(), "nowhere");
            assertThat(c.toString(), err(), is(List.of(NOT_OPERATOR, NOT_OPERATOR, NOT_OPERATOR, NOT_OPERATOR,
                                                       NOT_OPERATOR)));
            assertThat(out(), is(List.of()));
        }
        assertThat("no password asked", prompts, is(List.of()));
        assertThat(users().getUsers().keySet().toString(), is("[alice]"));
    }

    @Test
    public void capacityGoesThroughTheTenantGate() throws Exception {
        testbed.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
        caller = Caller.of("carol", false);
        run(new CapacityCommand());
        assertThat(err(), is(List.of("Error: the capacity of the testbed is for operators and tenants' users;"
                                             + " user carol is neither")));
        assertThat(out(), is(List.of()));
        caller = Caller.of("dave", true);
        run(new CapacityCommand(), "-j");
        assertThat(err().size(), is(1));
        caller = Caller.tenantUser("alice");
        run(new CapacityCommand(), "-j");
        assertThat(err(), is(List.of()));
        assertThat(out().size(), is(1));
    }
}
