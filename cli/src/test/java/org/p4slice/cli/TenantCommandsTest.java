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
import org.junit.Test;
import org.p4slice.fairness.api.FairnessService;
import org.p4slice.fairness.testing.FixedFairnessService;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.testbed.SlicingTestbed;

import javax.security.auth.Subject;
import java.security.Principal;
import java.util.List;
import java.util.Set;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;

/**
 * The commands as a tenant's user sees them, the audit command, and who the caller of a Karaf
 * session is.
 */
public class TenantCommandsTest extends CliTestBase {

    // tenants' users have no ONOS account and so no shell session: these callers exercise the gate the
    // commands go through, as the portal's and REST's tenants' users do
    private static final Caller ALICE = Caller.tenantUser("alice");
    private static final Caller BOB = Caller.tenantUser("bob");

    @Override
    protected void configure(SlicingTestbed tb) {
        try {
            tb.setTenantsConfig((ObjectNode) new ObjectMapper().readTree(
                    "{\"itb\": {\"maxSlices\": 1}, \"ui\": {}}"));
            tb.setOperatorsConfig((ObjectNode) new ObjectMapper().readTree("{\"users\": [\"onos\"]}"));
            tb.addTenantUser(TenantId.of("itb"), "alice", "alice-secret-1");
            tb.addTenantUser(TenantId.of("ui"), "bob", "bob-secret-1");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    public void aTenantSeesAndTouchesOnlyItsOwnSlices() throws Exception {
        caller = ALICE;
        run(new SliceAddCommand(), "-t", "itb", "-q", "5M", "lab1", "device:bmv2:s1/1");
        caller = BOB;
        run(new SliceAddCommand(), "-t", "ui", "-q", "5M", "lab1", "device:bmv2:s1/2");
        out();
        run(new SlicesCommand(), "-j");
        assertThat(out().get(0).contains("\"tenant\":\"itb\""), is(false));
        run(new SliceRemoveCommand(), "1");
        assertThat(err(), is(List.of("Error: no slice with id 1")));
        run(new SliceAddCommand(), "-t", "itb", "-q", "5M", "lab2", "device:bmv2:s1/3");
        assertThat(err(), is(List.of("Error: user bob acts for tenant ui and may not create a slice of tenant itb")));
        // alice's access port, refused without naming alice's slice
        run(new SliceAddCommand(), "-t", "ui", "-q", "5M", "lab2", "device:bmv2:s1/1");
        assertThat(err(), is(List.of("Error: port device:bmv2:s1/1 is the access port of another slice; an access "
                                             + "port belongs to one slice only")));
        caller = ALICE;
        run(new SliceAddCommand(), "-t", "itb", "-q", "5M", "lab2", "device:bmv2:s1/3");
        assertThat(err(), is(List.of("Error: tenant itb may hold at most 1 slices at once; it holds 1 (slices and "
                                             + "overlapping bookings), this slice would make 2")));
        run(new AuditCommand());
        assertThat(err(), is(List.of("Error: the audit log is for operators; user alice is not one")));
        caller = Caller.of("onos", true);
        run(new AuditCommand(), "-n", "3");
        List<String> lines = out();
        assertThat(lines.size(), is(5));
        assertThat(lines.get(4).startsWith("(3 of "), is(true));
        assertThat(lines.get(1).contains("bob") && lines.get(1).contains("FORBIDDEN:"), is(true));
        // the operator's log keeps the holder
        assertThat(lines.get(2), lines.get(2).contains("bob") && lines.get(2).contains(
                "CONFLICT: port device:bmv2:s1/1 is the access port of slice 1 (itb/lab1)"), is(true));
        assertThat(lines.get(3).contains("alice") && lines.get(3).contains("CONFLICT:"), is(true));
    }

    @Test
    public void theAuditIsFilteredAndPagedAsOverRest() throws Exception {
        caller = ALICE;
        run(new SliceAddCommand(), "-t", "itb", "-q", "5M", "lab1", "device:bmv2:s1/1");
        caller = BOB;
        run(new SliceAddCommand(), "-t", "ui", "-q", "5M", "lab1", "device:bmv2:s1/2");
        run(new SliceRemoveCommand(), "2");
        out();
        err();
        caller = Caller.of("onos", true);
        run(new AuditCommand(), "-t", "ui");
        List<String> ui = out();
        assertThat(ui.size(), is(3));
        assertThat(ui.get(1).contains("slice.create") && ui.get(2).contains("slice.remove"), is(true));
        run(new AuditCommand(), "-a", "slice.remove");
        assertThat(out().size(), is(2));
        run(new AuditCommand(), "-a", "slice", "-n", "1", "-o", "2");
        List<String> oldest = out();
        assertThat(oldest.get(1).contains("alice"), is(true));
        assertThat(oldest.size(), is(2));
        run(new AuditCommand(), "-j", "--from", "2999-01-01T00:00:00Z");
        assertThat(out(), is(List.of("{\"entries\":[],\"total\":0,\"offset\":0,\"limit\":100,\"nextOffset\":null}")));
        run(new AuditCommand(), "-a", "slice create");
        assertThat(err(), is(List.of("Error: action must be one or more actions such as slice.create or slice, "
                                             + "separated by commas, got \"slice create\"")));
        run(new AuditCommand(), "-n", "0");
        assertThat(err(), is(List.of("Error: limit must be an integer from 1 to 100000, got \"0\"")));
        run(new AuditCommand(), "--to", "soon");
        assertThat(err(), is(List.of("Error: to must be an ISO-8601 time with offset such as 2026-11-21T10:00:00Z, "
                                             + "got \"soon\"")));
        assertThat(out(), is(List.of()));
        assertThat(testbed.slices().getSlices().size(), is(1));
    }

    @Test
    public void theFairnessReportShowsATenantsUserItsTenantsRowsAndAnOperatorAll() throws Exception {
        services.add(FairnessService.class, new FixedFairnessService());
        caller = ALICE;
        run(new FairnessCommand());
        List<String> alice = out();
        assertThat(alice.subList(1, alice.size()), is(List.of(
                "SLICE  TENANT  QUOTA    ALLOCATION  OFFERED  RATE       SHARE   DEVIATION  BACKLOGGED",
                "10     itb     25 Mb/s  25 Mb/s     40 Mb/s  24.5 Mb/s  0.9800  2.00 %     yes")));
        caller = BOB;
        run(new FairnessCommand());
        List<String> bob = out();
        assertThat(bob.subList(1, bob.size()), is(List.of(
                "SLICE  TENANT  QUOTA  ALLOCATION  OFFERED  RATE  SHARE  DEVIATION  BACKLOGGED")));
        caller = Caller.of("onos", true);
        run(new FairnessCommand());
        assertThat(out().size(), is(4));
    }

    @Test
    public void tenantCompletionOffersATenantsUserItsOwnTenantOnly() {
        TenantCompleter completer = new TenantCompleter();
        completer.services = services;
        completer.caller = ALICE;
        assertThat(completer.choices(), is(List.of("itb")));
        completer.caller = Caller.of("carol", false);
        assertThat(completer.choices(), is(List.of()));
        completer.caller = Caller.of("onos", true);
        assertThat(completer.choices(), is(List.of("itb", "ufrgs", "ui")));
    }

    // Karaf's principal classes (org.apache.karaf.jaas.boot.principal) are matched by simple name
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

    private static Subject subject(Principal... principals) {
        return new Subject(true, Set.of(principals), Set.of(), Set.of());
    }

    @Test
    public void theCallerIsTheSessionsSubject() {
        assertThat(CliCaller.of(subject(new UserPrincipal("karaf"), new RolePrincipal("admin"),
                                        new RolePrincipal("viewer"))), is(Caller.of("karaf", true)));
        assertThat(CliCaller.of(subject(new UserPrincipal("alice"), new RolePrincipal("viewer"))),
                   is(Caller.of("alice", false)));
        assertThat(CliCaller.of(subject(new RolePrincipal("admin"))), is(Caller.anonymous()));
        assertThat(CliCaller.of(null), is(Caller.anonymous()));
        assertThat(List.of(CliCaller.current()), contains(Caller.anonymous()));
    }
}
