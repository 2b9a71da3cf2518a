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

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
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

    private static final String MAC = "HmacSHA256";

    private final SecretKeySpec key;
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
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        key = new SecretKeySpec(secret, MAC);
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
        Entry e = entries.getIfPresent(keyOf(user, password));
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
        entries.put(keyOf(user, password), new Entry(user, tenant));
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

    private String keyOf(String user, char[] password) {
        ByteBuffer pw = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] pwBytes = new byte[pw.remaining()];
        pw.get(pwBytes);
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(key);
            byte[] name = user.getBytes(StandardCharsets.UTF_8);
            mac.update(ByteBuffer.allocate(4).putInt(name.length).array());
            mac.update(name);
            mac.update(pwBytes);
            return Base64.getEncoder().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks " + MAC, e);
        } finally {
            Arrays.fill(pwBytes, (byte) 0);
            if (pw.hasArray()) {
                Arrays.fill(pw.array(), (byte) 0);
            }
        }
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
