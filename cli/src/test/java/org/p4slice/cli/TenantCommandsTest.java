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

    private static final Caller ALICE = Caller.of("alice", true);
    private static final Caller BOB = Caller.of("bob", true);

    @Override
    protected void configure(SlicingTestbed tb) {
        try {
            tb.setTenantsConfig((ObjectNode) new ObjectMapper().readTree(
                    "{\"itb\": {\"users\": [\"alice\"], \"maxSlices\": 1}, \"ui\": {\"users\": [\"bob\"]}}"));
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
        caller = ALICE;
        run(new SliceAddCommand(), "-t", "itb", "-q", "5M", "lab2", "device:bmv2:s1/3");
        assertThat(err(), is(List.of("Error: tenant itb may hold at most 1 slices at once; it holds 1 (slices and "
                                             + "overlapping bookings), this slice would make 2")));
        run(new AuditCommand());
        assertThat(err(), is(List.of("Error: the audit log is for operators; user alice is not one")));
        caller = Caller.of("onos", true);
        run(new AuditCommand(), "-n", "2");
        List<String> lines = out();
        assertThat(lines.size(), is(3));
        assertThat(lines.get(1).contains("bob") && lines.get(1).contains("403 FORBIDDEN"), is(true));
        assertThat(lines.get(2).contains("alice") && lines.get(2).contains("409 CONFLICT"), is(true));
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
