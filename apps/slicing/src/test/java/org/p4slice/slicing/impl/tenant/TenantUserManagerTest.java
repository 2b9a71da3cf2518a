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
package org.p4slice.slicing.impl.tenant;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.TenantUserAdminService;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.testbed.SlicingTestbed;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;

/**
 * The operators' administration of the tenants' users and their authentication: operators only,
 * precise refusals that change nothing, audit entries without passwords, a wrong password and an
 * unknown user answered alike, cached verifications dropped with their user.
 */
public class TenantUserManagerTest {

    private static final TenantId ITB = TenantId.of("itb");
    private static final TenantId UI = TenantId.of("ui");
    private static final Caller ONOS = Caller.of("onos", true);
    private static final String SECRET = "alice-secret-1";

    private SlicingTestbed tb;
    private TenantUserAdminService users;

    @Before
    public void setUp() {
        tb = new SlicingTestbed();
        tb.startAll();
        tb.setTenantsConfig((ObjectNode) SlicingTestbed.json("{'itb': {}, 'ui': {}}"));
        tb.setOperatorsConfig((ObjectNode) SlicingTestbed.json("{'users': ['onos', 'noc']}"));
        users = (TenantUserAdminService) tb.northboundServices().get(TenantUserAdminService.class);
    }

    @After
    public void tearDown() {
        tb.stop();
    }

    private SlicingException refusal(Runnable call, SlicingException.Kind kind, String message) {
        Map<String, TenantId> before = users.getUsers();
        try {
            call.run();
        } catch (SlicingException e) {
            assertThat(e.kind(), is(kind));
            assertThat(e.getMessage(), is(message));
            assertThat("nothing changed", users.getUsers(), is(before));
            return e;
        }
        fail("expected " + kind + ": " + message);
        return null;
    }

    private List<String> audit() {
        return tb.audit().getEntries(100).stream()
                .map(e -> e.user() + " " + e.action() + " " + e.target() + " " + e.tenant().map(t -> t.id())
                        .orElse("-") + " " + e.result())
                .collect(Collectors.toList());
    }

    @Test
    public void anOperatorAddsAUserWhoThenSignsIn() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        assertThat(users.listUsers(ONOS, ITB), contains("alice"));
        assertThat(users.listUsers(ONOS, UI), is(empty()));
        assertThat(users.tenantOf("alice"), is(Optional.of(ITB)));
        assertThat(users.authenticate("alice", SECRET.toCharArray()), is(Optional.of(ITB)));
        assertThat("again, from the cache", users.authenticate("alice", SECRET.toCharArray()),
                   is(Optional.of(ITB)));
        assertThat(tb.tenants().scope(Caller.tenantUser("alice")).tenant().get().id(), is(ITB));
        assertThat(audit(), contains("onos tenant-user.add tenant user alice itb OK"));
    }

    @Test
    public void aWrongPasswordAndAnUnknownUserAnswerAlike() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        Optional<TenantId> wrong = users.authenticate("alice", "alice-secret-2".toCharArray());
        Optional<TenantId> unknown = users.authenticate("mallory", SECRET.toCharArray());
        assertThat(wrong, is(Optional.empty()));
        assertThat(unknown, is(wrong));
        assertThat(users.authenticate("alice", new char[0]), is(Optional.empty()));
        assertThat(users.authenticate(null, SECRET.toCharArray()), is(Optional.empty()));
    }

    @Test
    public void nobodyButAnOperatorManagesUsersNorLearnsAnything() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        for (Caller c : List.of(Caller.tenantUser("alice"), Caller.of("carol", false), Caller.of("dave", true),
                                Caller.tenantUser("onos"), Caller.anonymous())) {
            for (TenantId t : List.of(ITB, TenantId.of("nowhere"))) {
                refusal(() -> users.addUser(c, t, "eve", "eve-secret-1".toCharArray()),
                        SlicingException.Kind.FORBIDDEN, TenantUserAdminService.NOT_OPERATOR);
                refusal(() -> users.removeUser(c, t, "alice"), SlicingException.Kind.FORBIDDEN,
                        TenantUserAdminService.NOT_OPERATOR);
                refusal(() -> users.listUsers(c, t), SlicingException.Kind.FORBIDDEN,
                        TenantUserAdminService.NOT_OPERATOR);
            }
        }
        assertThat(users.authenticate("alice", SECRET.toCharArray()), is(Optional.of(ITB)));
    }

    @Test
    public void badRequestsAreRefusedPreciselyAndChangeNothing() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        refusal(() -> users.addUser(ONOS, TenantId.of("nowhere"), "eve", "eve-secret-1".toCharArray()),
                SlicingException.Kind.NOT_FOUND, "tenant nowhere is not configured (netcfg apps.org.p4slice.tenants)");
        refusal(() -> users.addUser(ONOS, UI, "alice", "other-secret".toCharArray()),
                SlicingException.Kind.CONFLICT, "a tenant's user named \"alice\" exists already");
        refusal(() -> users.addUser(ONOS, ITB, "Eve", "eve-secret-1".toCharArray()), SlicingException.Kind.INVALID,
                "user name \"Eve\" must match [a-z][a-z0-9._-]* (lower-case letters, digits, '.', '_', '-';"
                        + " a letter first)");
        refusal(() -> users.addUser(ONOS, ITB, "", "eve-secret-1".toCharArray()), SlicingException.Kind.INVALID,
                "a tenant's user needs a name");
        refusal(() -> users.addUser(ONOS, ITB, "e".repeat(65), "eve-secret-1".toCharArray()),
                SlicingException.Kind.INVALID, "user name \"" + "e".repeat(65) + "\" is longer than 64 characters");
        refusal(() -> users.addUser(ONOS, ITB, "eve", "short".toCharArray()), SlicingException.Kind.INVALID,
                "the password must have at least 8 characters");
        refusal(() -> users.addUser(ONOS, ITB, "eve", "x".repeat(129).toCharArray()),
                SlicingException.Kind.INVALID, "the password must have at most 128 characters");
        refusal(() -> users.addUser(ONOS, ITB, "eve", "eve\nsecret-1".toCharArray()),
                SlicingException.Kind.INVALID, "the password must not hold control characters");
        refusal(() -> users.addUser(ONOS, ITB, "noc", "noc-secret-1".toCharArray()), SlicingException.Kind.INVALID,
                "user name \"noc\" is a configured operator's; a tenant's user must be named otherwise");
        refusal(() -> users.removeUser(ONOS, UI, "alice"), SlicingException.Kind.NOT_FOUND,
                "tenant ui has no user \"alice\"");
        refusal(() -> users.removeUser(ONOS, ITB, "bob"), SlicingException.Kind.NOT_FOUND,
                "tenant itb has no user \"bob\"");
        refusal(() -> users.listUsers(ONOS, TenantId.of("nowhere")), SlicingException.Kind.NOT_FOUND,
                "tenant nowhere is not configured (netcfg apps.org.p4slice.tenants)");
    }

    @Test
    public void noPasswordOrHashIsAuditedOrShown() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        refusal(() -> users.addUser(ONOS, ITB, "eve", "short".toCharArray()), SlicingException.Kind.INVALID,
                "the password must have at least 8 characters");
        TenantUserRecord record = tb.tenantUserStore.get("alice").get();
        assertThat(record.toString(), is("TenantUserRecord{alice of itb}"));
        String hash = record.passwordHash();
        for (AuditEntry e : tb.audit().getEntries(100)) {
            assertThat(e.toString(), not(containsString(SECRET)));
            assertThat(e.toString(), not(containsString("short")));
            assertThat(e.toString(), not(containsString(hash.split("\\$")[3])));
        }
        assertThat(audit(), contains("onos tenant-user.add tenant user alice itb OK",
                                     "onos tenant-user.add tenant user eve itb INVALID: the password must have at"
                                             + " least 8 characters"));
    }

    @Test
    public void aRemovedUserCannotSignInEvenWhileCached() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        assertThat(users.authenticate("alice", SECRET.toCharArray()), is(Optional.of(ITB)));
        users.removeUser(ONOS, ITB, "alice");
        assertThat(users.authenticate("alice", SECRET.toCharArray()), is(Optional.empty()));
        assertThat(users.getUsers().keySet(), is(Set.of()));
        assertThat(audit(), contains("onos tenant-user.add tenant user alice itb OK",
                                     "onos tenant-user.remove tenant user alice itb OK"));
    }

    @Test
    public void aChangeOnAnotherInstanceDropsTheCachedVerification() {
        users.addUser(ONOS, ITB, "alice", SECRET.toCharArray());
        assertThat(users.authenticate("alice", SECRET.toCharArray()), is(Optional.of(ITB)));
        // another instance removes the user and adds it again with another password: only the map changes here
        TenantUserRecord old = tb.tenantUserStore.get("alice").get();
        assertThat(tb.tenantUserStore.remove(old), is(true));
        assertThat(tb.tenantUserStore.putIfAbsent(
                new TenantUserRecord("alice", ITB, new PasswordHashing().hash("new-secret-1".toCharArray()))),
                   is(true));
        assertThat(users.authenticate("alice", SECRET.toCharArray()), is(Optional.empty()));
        assertThat(users.authenticate("alice", "new-secret-1".toCharArray()), is(Optional.of(ITB)));
    }
}
