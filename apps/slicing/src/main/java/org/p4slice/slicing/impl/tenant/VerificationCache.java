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
 * <p>
 * A verification that was in flight while a user was dropped is not kept: every drop advances a
 * generation, a verification reads the generation before it reads the user's record
 * ({@link #generation()}), and {@link #put(String, char[], TenantId, long)} keeps it only if no drop
 * came since (drops and puts are mutually exclusive). So a removed user, or an old password, is never
 * answered from the cache after the change reached this instance.
 */
final class VerificationCache {

    /** How long a verification is trusted, seconds. */
    static final long TTL_SECONDS = 60;
    /** Most verifications kept. */
    static final int MAX_ENTRIES = 1024;

    private final CredentialKeys keys = new CredentialKeys();
    private final Cache<String, Entry> entries;
    // advanced by every drop; guarded by this
    private long generation;

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
     * Returns the generation now: read it before reading the record a verification checks.
     *
     * @return generation
     */
    synchronized long generation() {
        return generation;
    }

    /**
     * Keeps a successful verification, unless a user was dropped since the generation read.
     *
     * @param user     user name
     * @param password password
     * @param tenant   the user's tenant
     * @param seen     the generation read before the user's record was read
     * @return true if kept
     */
    synchronized boolean put(String user, char[] password, TenantId tenant, long seen) {
        if (seen != generation) {
            return false;
        }
        entries.put(keys.of(user, password), new Entry(user, tenant));
        return true;
    }

    /**
     * Keeps a successful verification (whatever was dropped before).
     *
     * @param user     user name
     * @param password password
     * @param tenant   the user's tenant
     */
    void put(String user, char[] password, TenantId tenant) {
        put(user, password, tenant, generation());
    }

    /**
     * Drops every verification of a user, and any in flight.
     *
     * @param user user name
     */
    synchronized void drop(String user) {
        generation++;
        entries.asMap().values().removeIf(e -> e.user.equals(user));
    }

    /**
     * Drops everything, and any verification in flight.
     */
    synchronized void clear() {
        generation++;
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
