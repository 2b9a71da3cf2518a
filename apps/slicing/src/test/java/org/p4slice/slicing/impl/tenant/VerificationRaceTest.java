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

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.slicing.api.tenant.TenantUserStore;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A verification in flight while its user is removed, or its password changed, anywhere in the cluster
 * (the store's change listener) is never kept in the cache: afterwards the old password is refused. The
 * interleaving is forced: the verifying thread is held in the store read that comes right before the
 * cache would be filled (after its password was checked), while the user changes.
 */
public class VerificationRaceTest {

    private static final TenantId ITB = TenantId.of("itb");
    private static final String OLD = "alice-secret-1";
    private static final String NEW = "alice-secret-2";
    private static final long WAIT_S = 30;

    /** A store whose n-th read waits, once its answer is taken, until the test lets it go. */
    private static final class GatedStore implements TenantUserStore {
        private final Map<String, TenantUserRecord> records = new ConcurrentHashMap<>();
        private final AtomicInteger reads = new AtomicInteger();
        private volatile Consumer<String> listener;
        private volatile int gatedRead = -1;
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch go = new CountDownLatch(1);

        @Override
        public Optional<TenantUserRecord> get(String user) {
            Optional<TenantUserRecord> answer = Optional.ofNullable(records.get(user));
            if (reads.incrementAndGet() == gatedRead) {
                reached.countDown();
                try {
                    go.await(WAIT_S, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return answer;
        }

        @Override
        public boolean putIfAbsent(TenantUserRecord record) {
            boolean done = records.putIfAbsent(record.user(), record) == null;
            changed(done, record.user());
            return done;
        }

        @Override
        public boolean remove(TenantUserRecord record) {
            boolean done = records.remove(record.user(), record);
            changed(done, record.user());
            return done;
        }

        private void changed(boolean done, String user) {
            Consumer<String> l = listener;
            if (done && l != null) {
                l.accept(user);
            }
        }

        @Override
        public Map<String, TenantUserRecord> getAll() {
            return Map.copyOf(records);
        }

        @Override
        public void setChangeListener(Consumer<String> l) {
            listener = l;
        }
    }

    private final PasswordHashing hashing = new PasswordHashing();
    private final GatedStore store = new GatedStore();
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private TenantUserManager users;
    private TenantUserRecord alice;

    @Before
    public void setUp() {
        users = new TenantUserManager();
        users.store = store;
        users.activate();
        alice = new TenantUserRecord("alice", ITB, hashing.hash(OLD.toCharArray()));
        store.putIfAbsent(alice);
    }

    @After
    public void tearDown() {
        store.go.countDown();
        thread.shutdownNow();
        users.deactivate();
    }

    // starts a sign-in with the old password, held after its password check, before the cache is filled;
    // the store's reads: 1 the record to check, 2 the record still stored (held)
    private Future<Optional<TenantId>> signInHeldBeforeCaching() throws InterruptedException {
        store.gatedRead = store.reads.get() + 2;
        Future<Optional<TenantId>> inFlight = thread.submit(() -> users.authenticate("alice", OLD.toCharArray()));
        assertTrue("the sign-in reached the held read", store.reached.await(WAIT_S, TimeUnit.SECONDS));
        return inFlight;
    }

    @Test
    public void aUserRemovedWhileItsSignInIsInFlightIsNotAcceptedAfterwards() throws Exception {
        Future<Optional<TenantId>> inFlight = signInHeldBeforeCaching();
        assertTrue(store.remove(alice));
        store.go.countDown();
        inFlight.get(WAIT_S, TimeUnit.SECONDS);
        assertEquals("removed: refused, not answered from the cache", Optional.empty(),
                     users.authenticate("alice", OLD.toCharArray()));
    }

    @Test
    public void anOldPasswordChangedWhileItsSignInIsInFlightIsNotAcceptedAfterwards() throws Exception {
        Future<Optional<TenantId>> inFlight = signInHeldBeforeCaching();
        assertTrue(store.remove(alice));
        assertTrue(store.putIfAbsent(new TenantUserRecord("alice", ITB, hashing.hash(NEW.toCharArray()))));
        store.go.countDown();
        inFlight.get(WAIT_S, TimeUnit.SECONDS);
        assertEquals("the old password is refused", Optional.empty(), users.authenticate("alice", OLD.toCharArray()));
        assertEquals("the new one taken", Optional.of(ITB), users.authenticate("alice", NEW.toCharArray()));
    }

    @Test
    public void withoutAChangeTheVerificationIsKept() throws Exception {
        Future<Optional<TenantId>> inFlight = signInHeldBeforeCaching();
        store.go.countDown();
        assertEquals(Optional.of(ITB), inFlight.get(WAIT_S, TimeUnit.SECONDS));
        int reads = store.reads.get();
        assertEquals(Optional.of(ITB), users.authenticate("alice", OLD.toCharArray()));
        assertEquals("answered from the cache: no store read", reads, store.reads.get());
    }
}
