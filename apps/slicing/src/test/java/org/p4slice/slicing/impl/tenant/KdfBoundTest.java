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
import org.p4slice.slicing.api.tenant.SignInThrottledException;
import org.p4slice.slicing.api.tenant.TenantUserRecord;
import org.p4slice.slicing.api.tenant.TenantUserStore;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Many sign-ins with wrong passwords at once (which no cache can answer) never run more than
 * {@value KdfGate#PERMITS} key derivations at once: the derivations are counted as they enter and
 * held there; the sign-ins beyond the bound are refused unchecked (429) once their wait ends, and the
 * held ones then finish with their answer.
 */
public class KdfBoundTest {

    private static final int SIGN_INS = 20;
    private static final long WAIT_S = 30;

    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger mostInside = new AtomicInteger();
    private final AtomicInteger derivations = new AtomicInteger();
    private final CountDownLatch entered = new CountDownLatch(KdfGate.PERMITS);
    private final CountDownLatch release = new CountDownLatch(1);
    private final ExecutorService threads = Executors.newFixedThreadPool(SIGN_INS);
    private TenantUserManager users;

    // a derivation that counts itself and holds until the test lets it go
    private boolean derive(char[] password, String encoded) {
        derivations.incrementAndGet();
        mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
        entered.countDown();
        try {
            release.await(WAIT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inside.decrementAndGet();
        }
        return false;
    }

    @Before
    public void setUp() {
        // the permits as in production; a short wait, so that the refusals come soon
        users = new TenantUserManager(new VerificationCache(), new KdfGate(KdfGate.PERMITS, 50), this::derive);
        users.store = new TenantUserStore() {
            @Override
            public Optional<TenantUserRecord> get(String user) {
                return Optional.of(new TenantUserRecord(user, TenantId.of("itb"), "stored-hash"));
            }

            @Override
            public boolean putIfAbsent(TenantUserRecord record) {
                return false;
            }

            @Override
            public boolean remove(TenantUserRecord record) {
                return false;
            }

            @Override
            public Map<String, TenantUserRecord> getAll() {
                return Map.of();
            }

            @Override
            public void setChangeListener(Consumer<String> listener) {
            }
        };
    }

    @After
    public void tearDown() {
        release.countDown();
        threads.shutdownNow();
    }

    @Test
    public void manyWrongPasswordsAtOnceRunAtMostTheBoundOfDerivations() throws Exception {
        CompletionService<String> answers = new ExecutorCompletionService<>(threads);
        for (int i = 0; i < SIGN_INS; i++) {
            String password = "wrong-password-" + i;
            answers.submit(() -> {
                try {
                    return users.authenticate("alice", password.toCharArray()).map(TenantId::id).orElse("refused");
                } catch (SignInThrottledException e) {
                    return "throttled, retry after " + e.retryAfterSeconds() + " s";
                }
            });
        }
        assertTrue("the bound's derivations started", entered.await(WAIT_S, TimeUnit.SECONDS));
        List<String> first = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_S);
        for (int i = 0; i < SIGN_INS - KdfGate.PERMITS; i++) {
            Future<String> done = answers.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            first.add(done == null ? "no answer" : done.get());
        }
        assertEquals("all sign-ins beyond the bound, while it is held",
                     Collections.nCopies(SIGN_INS - KdfGate.PERMITS, "throttled, retry after "
                             + KdfGate.RETRY_AFTER_SECONDS + " s"), first);
        release.countDown();
        for (int i = 0; i < KdfGate.PERMITS; i++) {
            assertEquals("refused", answers.poll(WAIT_S, TimeUnit.SECONDS).get());
        }
        assertEquals(KdfGate.PERMITS, mostInside.get());
        assertEquals("a refused sign-in derives nothing", KdfGate.PERMITS, derivations.get());
    }

    @Test
    public void oneAfterTheOtherEverySignInIsChecked() {
        release.countDown();
        for (int i = 0; i < 5; i++) {
            assertEquals(Optional.empty(), users.authenticate("alice", ("wrong-password-" + i).toCharArray()));
        }
        assertEquals(5, derivations.get());
        assertEquals(1, mostInside.get());
    }
}
