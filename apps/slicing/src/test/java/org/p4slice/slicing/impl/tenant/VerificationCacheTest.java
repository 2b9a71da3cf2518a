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

import com.google.common.base.Ticker;
import org.junit.Test;
import org.p4slice.slicing.api.TenantId;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.junit.Assert.assertThat;

/**
 * The short-lived cache of successful password verifications: keyed by user and password, bounded,
 * expiring, dropped per user.
 */
public class VerificationCacheTest {

    private static final TenantId ITB = TenantId.of("itb");

    private final AtomicLong nanos = new AtomicLong();
    private final VerificationCache cache = new VerificationCache(new Ticker() {
        @Override
        public long read() {
            return nanos.get();
        }
    });

    @Test
    public void onlyTheSameUserAndPasswordHit() {
        cache.put("alice", "secret-one".toCharArray(), ITB);
        assertThat(cache.get("alice", "secret-one".toCharArray()), is(Optional.of(ITB)));
        assertThat(cache.get("alice", "secret-two".toCharArray()), is(Optional.empty()));
        assertThat(cache.get("alicesecret-one", new char[0]), is(Optional.empty()));
        assertThat(cache.get("bob", "secret-one".toCharArray()), is(Optional.empty()));
    }

    @Test
    public void aVerificationExpires() {
        cache.put("alice", "secret-one".toCharArray(), ITB);
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(VerificationCache.TTL_SECONDS - 1));
        assertThat(cache.get("alice", "secret-one".toCharArray()), is(Optional.of(ITB)));
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(2));
        assertThat(cache.get("alice", "secret-one".toCharArray()), is(Optional.empty()));
    }

    @Test
    public void droppingAUserDropsAllItsVerificationsOnly() {
        cache.put("alice", "secret-one".toCharArray(), ITB);
        cache.put("alice", "secret-two".toCharArray(), ITB);
        cache.put("bob", "secret-one".toCharArray(), ITB);
        cache.drop("alice");
        assertThat(cache.get("alice", "secret-one".toCharArray()), is(Optional.empty()));
        assertThat(cache.get("alice", "secret-two".toCharArray()), is(Optional.empty()));
        assertThat(cache.get("bob", "secret-one".toCharArray()), is(Optional.of(ITB)));
    }

    @Test
    public void itIsBounded() {
        for (int i = 0; i < VerificationCache.MAX_ENTRIES + 100; i++) {
            cache.put("user" + i, "secret-one".toCharArray(), ITB);
        }
        assertThat(cache.size(), lessThanOrEqualTo((long) VerificationCache.MAX_ENTRIES));
    }
}
