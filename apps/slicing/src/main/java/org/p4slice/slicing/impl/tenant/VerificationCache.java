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
import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.CredentialKeys;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The successful verifications of tenants' users' passwords of the last {@value #TTL_SECONDS}
 * seconds, in this instance's memory only, so that HTTP Basic, which sends the password with
 * every request, does not run the key derivation for every request. At most {@value #MAX_ENTRIES}
 * entries. An entry is keyed by an HMAC-SHA256 of the user name and password under a random key
 * made when the instance starts and kept nowhere else (no password and no plain hash of one is
 * kept); it is dropped when its user is removed or changed anywhere in the cluster.
 */
final class VerificationCache {

    /** How long a verification is trusted, seconds. */
    static final long TTL_SECONDS = 60;
    /** Most verifications kept. */
    static final int MAX_ENTRIES = 1024;

    private final CredentialKeys keys = new CredentialKeys();
    private final Cache<String, Entry> entries;

    /**
     * Creates an empty cache on the system's clock.
     */
    VerificationCache() {
        this(Ticker.systemTicker());
    }

    /**
     * Creates an empty cache on a clock.
     *
     * @param ticker clock
     */
    VerificationCache(Ticker ticker) {
        entries = CacheBuilder.newBuilder().maximumSize(MAX_ENTRIES).expireAfterWrite(TTL_SECONDS, TimeUnit.SECONDS)
                .ticker(ticker).build();
    }

    /**
     * Returns the tenant of a verification kept for this user and password.
     *
     * @param user     user name
     * @param password password
     * @return tenant, or empty if none is kept
     */
    Optional<TenantId> get(String user, char[] password) {
        Entry e = entries.getIfPresent(keys.of(user, password));
        return e == null || !e.user.equals(user) ? Optional.empty() : Optional.of(e.tenant);
    }

    /**
     * Keeps a successful verification.
     *
     * @param user     user name
     * @param password password
     * @param tenant   the user's tenant
     */
    void put(String user, char[] password, TenantId tenant) {
        entries.put(keys.of(user, password), new Entry(user, tenant));
    }

    /**
     * Drops every verification of a user.
     *
     * @param user user name
     */
    void drop(String user) {
        entries.asMap().values().removeIf(e -> e.user.equals(user));
    }

    /**
     * Drops everything.
     */
    void clear() {
        entries.invalidateAll();
    }

    /**
     * Returns the number of verifications kept.
     *
     * @return size
     */
    long size() {
        entries.cleanUp();
        return entries.size();
    }

    private static final class Entry {
        private final String user;
        private final TenantId tenant;

        private Entry(String user, TenantId tenant) {
            this.user = user;
            this.tenant = tenant;
        }
    }
}
