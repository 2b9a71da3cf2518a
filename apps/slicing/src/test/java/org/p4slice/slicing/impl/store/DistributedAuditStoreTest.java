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

import org.p4slice.slicing.api.SlicingException.Kind;
import org.p4slice.slicing.api.SlicingException;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.p4slice.slicing.api.tenant.AuditEntry;
import org.p4slice.slicing.api.tenant.Caller;
import org.p4slice.slicing.api.tenant.Tenant;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantScope;
import org.p4slice.slicing.api.tenant.TenantService;
import org.p4slice.testbed.SharedStorageService;
import org.p4slice.testbed.TestComponentContext;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.is;
import static org.junit.Assert.assertThat;
import static org.junit.Assert.fail;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_MAX_ENTRIES;
import static org.p4slice.slicing.impl.store.OsgiPropertyConstants.AUDIT_RETENTION_HOURS;

/**
 * The audit log: append-only, bounded by size and age, readable by operators only.
 */
public class DistributedAuditStoreTest {

    private static final Caller OPERATOR = Caller.of("onos", true);
    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00Z");

    private DistributedAuditStore store;
    private Instant now = T0;

    @Before
    public void setUp() {
        store = new DistributedAuditStore();
        store.storageService = new SharedStorageService();
        store.cfgService = new ComponentConfigAdapter();
        Tenant itb = Tenant.builder(TenantId.of("itb")).users(Set.of("alice")).build();
        store.tenantService = new TenantService() {
            @Override
            public Set<Tenant> getTenants() {
                return Set.of(itb);
            }

            @Override
            public Optional<Tenant> getTenant(TenantId id) {
                return Optional.of(itb).filter(t -> t.id().equals(id));
            }

            @Override
            public TenantScope scope(Caller caller) {
                return caller.user().equals("alice") ? TenantScope.of("alice", itb)
                        : caller.isAdmin() ? TenantScope.operator(caller.user()) : TenantScope.none(caller.user());
            }
        };
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
        store.activate(new TestComponentContext().with(AUDIT_MAX_ENTRIES, 5).with(AUDIT_RETENTION_HOURS, 24));
    }

    private List<Long> ids() {
        return store.getEntries(OPERATOR, 100).stream().map(AuditEntry::id).collect(Collectors.toList());
    }

    @Test
    public void appendsWithIncreasingIdsAndKeepsTheNewestWithinTheBound() {
        for (int i = 1; i <= 8; i++) {
            AuditEntry e = store.record("alice", "slice.create", "slice " + i, TenantId.of("itb"), "OK");
            assertThat(e.id(), is((long) i));
            assertThat(e.time(), is(now));
        }
        assertThat(ids(), contains(4L, 5L, 6L, 7L, 8L));
        assertThat(store.getEntries(OPERATOR, 2).stream().map(AuditEntry::id).collect(Collectors.toList()),
                   contains(7L, 8L));
        AuditEntry last = store.getEntries(OPERATOR, 1).get(0);
        assertThat(last.user(), is("alice"));
        assertThat(last.action(), is("slice.create"));
        assertThat(last.target(), is("slice 8"));
        assertThat(last.tenant(), is(Optional.of(TenantId.of("itb"))));
        assertThat(last.result(), is("OK"));
    }

    @Test
    public void dropsEntriesOlderThanTheRetention() {
        store.record("onos", "slice.remove", "slice 1", null, "OK");
        now = T0.plus(Duration.ofHours(23));
        store.record("onos", "slice.remove", "slice 2", null, "404 NOT_FOUND: no slice with id 2");
        now = T0.plus(Duration.ofHours(25));
        assertThat(ids(), contains(2L));
        store.record("onos", "slice.remove", "slice 3", null, "OK");
        assertThat("ids are never reused", ids(), contains(2L, 3L));
    }

    @Test
    public void isForOperatorsOnly() {
        store.record("alice", "slice.create", "slice 1", TenantId.of("itb"), "OK");
        for (Caller c : List.of(Caller.of("alice", true), Caller.of("carol", false), Caller.anonymous())) {
            try {
                store.getEntries(c, 10);
                fail("the audit log was read by " + c);
            } catch (SlicingException e) {
                assertEquals(Kind.FORBIDDEN, e.kind());
                assertThat(e.getMessage().startsWith("the audit log is for operators"), is(true));
            }
        }
    }
}
