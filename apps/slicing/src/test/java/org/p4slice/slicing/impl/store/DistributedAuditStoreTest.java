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
package org.p4slice.slicing.impl.store;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.testbed.SharedStorageService;
import org.p4slice.testbed.TestComponentContext;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES_PER_TENANT;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_RETENTION_HOURS;

/**
 * The audit log: append-only, bounded by size and age (who may read it is the tenant gate's to decide:
 * {@code TenantGateReadsTest}).
 */
public class DistributedAuditStoreTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00Z");
    private static final TenantId UI = TenantId.of("ui");

    private DistributedAuditStore store;
    private Instant now = T0;

    @Before
    public void setUp() {
        store = new DistributedAuditStore();
        store.storageService = new SharedStorageService();
        store.cfgService = new ComponentConfigAdapter();
        store.clock = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now;
            }
        };
        store.activate(new TestComponentContext().with(AUDIT_MAX_ENTRIES, 5).with(AUDIT_MAX_ENTRIES_PER_TENANT, 5)
                               .with(AUDIT_RETENTION_HOURS, 24));
    }

    private List<Long> ids() {
        return store.getEntries(100).stream().map(AuditEntry::id).collect(Collectors.toList());
    }

    @Test
    public void appendsWithIncreasingIdsAndKeepsTheNewestWithinTheBound() {
        for (int i = 1; i <= 8; i++) {
            AuditEntry e = store.record("alice", "slice.create", "slice " + i, TenantId.of("itb"), "OK")
                    .orElseThrow();
            assertThat(e.id(), is((long) i));
            assertThat(e.time(), is(now));
        }
        assertThat(ids(), contains(4L, 5L, 6L, 7L, 8L));
        assertThat(store.getEntries(2).stream().map(AuditEntry::id).collect(Collectors.toList()),
                   contains(7L, 8L));
        AuditEntry last = store.getEntries(1).get(0);
        assertThat(last.user(), is("alice"));
        assertThat(last.action(), is("slice.create"));
        assertThat(last.target(), is("slice 8"));
        assertThat(last.tenant(), is(Optional.of(TenantId.of("itb"))));
        assertThat(last.result(), is("OK"));
    }

    @Test
    public void eachShareDropsOnlyItsOwnOldestEntries() {
        store.modified(new TestComponentContext().with(AUDIT_MAX_ENTRIES, 3).with(AUDIT_MAX_ENTRIES_PER_TENANT, 2)
                               .with(AUDIT_RETENTION_HOURS, 24));
        store.record("onos", true, "slice.create", "slice 1", UI, "OK");
        store.record("onos", true, "slice.remove", "slice 7", UI, "NOT_FOUND: no slice with id 7");
        store.record("bob", "slice.create", "slice 2", UI, "OK");
        store.record("bob", "slice.remove", "slice 9", UI, "NOT_FOUND: no slice with id 9");
        for (int i = 0; i < 50; i++) {
            store.record("alice", "slice.create", "slice " + (10 + i), TenantId.of("itb"), "OK");
            store.record("alice", "slice.remove", "slice 99", TenantId.of("itb"), "NOT_FOUND: no slice with id 99");
        }
        List<String> kept = store.getEntries(1000).stream().map(e -> e.user() + " " + e.target())
                .collect(Collectors.toList());
        assertThat(kept, contains("onos slice 1", "onos slice 7", "bob slice 2", "bob slice 9",
                                  "alice slice 99", "alice slice 99", "alice slice 58", "alice slice 59"));
        for (int i = 0; i < 5; i++) {
            store.record("onos", true, "slice.create", "slice " + (100 + i), UI, "OK");
        }
        assertThat("the operators' actions keep their own bound",
                   store.getEntries(1000).stream().filter(e -> e.user().equals("onos") && e.result().equals("OK"))
                           .map(AuditEntry::target).collect(Collectors.toList()),
                   contains("slice 102", "slice 103", "slice 104"));
    }

    @Test
    public void dropsEntriesOlderThanTheRetention() {
        store.record("onos", "slice.remove", "slice 1", null, "OK");
        now = T0.plus(Duration.ofHours(23));
        store.record("onos", "slice.remove", "slice 2", null, "NOT_FOUND: no slice with id 2");
        now = T0.plus(Duration.ofHours(25));
        assertThat(ids(), contains(2L));
        store.record("onos", "slice.remove", "slice 3", null, "OK");
        assertThat("ids are never reused", ids(), contains(2L, 3L));
    }

    @Test
    public void aUsersRefusalsBeyondTheRateAreCountedNotRecorded() {
        store.modified(new TestComponentContext().with(AUDIT_MAX_ENTRIES, 1000).with(AUDIT_MAX_ENTRIES_PER_TENANT, 1000)
                               .with(AUDIT_RETENTION_HOURS, 24));
        int rate = RefusalThrottle.REFUSALS_PER_MINUTE;
        for (int i = 0; i < rate + 15; i++) {
            now = T0.plusMillis(i);
            Optional<AuditEntry> e = store.record("bob", "slice.create", "slice ui/x" + i, UI,
                                                  "CONFLICT: VLAN 100 is taken by another slice");
            assertThat("refusal " + i, e.isPresent(), is(i < rate));
        }
        // a change that was done is always recorded; another user's refusals are counted apart
        assertThat(store.record("bob", "slice.create", "slice 2 (ui/y)", UI, "OK").isPresent(), is(true));
        assertThat(store.record("carol", "slice.remove", "slice 1", null, "NOT_FOUND: no slice with id 1")
                           .isPresent(), is(true));
        assertThat(store.getEntries(1000).size(), is(rate + 2));
        // after the minute, bob's next entry comes after one that counts what was not recorded
        now = T0.plusSeconds(60);
        store.record("bob", "slice.remove", "slice 2", UI, "NOT_FOUND: no slice with id 2");
        List<AuditEntry> last = store.getEntries(2);
        assertThat(last.get(0).user(), is("bob"));
        assertThat(last.get(0).action(), is(DistributedAuditStore.NOT_LOGGED));
        assertThat(last.get(0).target(), is("15 refused requests from 2026-11-24T09:00:00Z to 2026-11-24T09:01:00Z"
                + " (more than " + rate + " a minute)"));
        assertThat(last.get(1).result(), is("NOT_FOUND: no slice with id 2"));
        assertThat(store.getEntries(1000).size(), is(rate + 4));
    }

    @Test
    public void targetsAndResultsAreCutSayingHowLongTheyWere() {
        String name = "x".repeat(100_000);
        AuditEntry e = store.record("bob", "slice.create", "slice ui/" + name, UI,
                                    "INVALID: unknown tenant \"" + name + "\"").orElseThrow();
        assertThat(e.target(), is("slice ui/" + "x".repeat(AuditEntry.MAX_TARGET_CHARS - 9)
                + "... (100009 characters)"));
        assertThat(e.result(), is("INVALID: unknown tenant \"" + "x".repeat(AuditEntry.MAX_RESULT_CHARS - 25)
                + "... (100026 characters)"));
        assertThat(store.getEntries(1).get(0), is(e));
    }
}
