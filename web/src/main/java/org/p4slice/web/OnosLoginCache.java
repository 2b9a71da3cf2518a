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
package org.p4slice.web;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import org.p4slice.slicing.api.tenant.CredentialKeys;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The ONOS users' successful sign-ins of the last {@value #TTL_SECONDS} seconds, at most
 * {@value #MAX_ENTRIES}, in this web application's memory only: HTTP Basic sends the password with
 * every request, and without them every request of an operator would first run the tenant-user
 * store's key derivation (an unknown name is checked against a dummy hash, so that it takes as long
 * as a tenant's user's wrong password). Keyed by an HMAC-SHA256 of user name and password under a
 * random key made when the application starts; no password is kept. A change of an ONOS user's
 * password or roles in Karaf takes effect within {@value #TTL_SECONDS} seconds.
 */
final class OnosLoginCache {

    /** How long a sign-in is trusted, seconds. */
    static final long TTL_SECONDS = 60;
    /** Most sign-ins kept. */
    static final int MAX_ENTRIES = 256;

    private final CredentialKeys keys = new CredentialKeys();
    private final Cache<String, Set<String>> roles = CacheBuilder.newBuilder().maximumSize(MAX_ENTRIES)
            .expireAfterWrite(TTL_SECONDS, TimeUnit.SECONDS).build();

    OnosLoginCache() {
    }

    /**
     * Returns the roles of a sign-in kept for this user and password.
     *
     * @param user     user name
     * @param password password
     * @return roles, or empty if none is kept
     */
    Optional<Set<String>> get(String user, char[] password) {
        return Optional.ofNullable(roles.getIfPresent(keys.of(user, password)));
    }

    /**
     * Keeps a successful sign-in.
     *
     * @param user     user name
     * @param password password
     * @param granted  its roles
     */
    void put(String user, char[] password, Set<String> granted) {
        roles.put(keys.of(user, password), Set.copyOf(granted));
    }
}
