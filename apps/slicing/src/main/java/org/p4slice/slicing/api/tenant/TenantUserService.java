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
package org.p4slice.slicing.api.tenant;

import org.p4slice.slicing.api.TenantId;

import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * The tenants' users: a university's users are p4slice's, not ONOS's. Each has a name, the one
 * tenant it acts for and a password, kept salted and hashed (PBKDF2) in p4slice's distributed store;
 * it has no account in ONOS's Karaf realm and so no access to ONOS's GUI, websocket, CLI or REST
 * API. p4slice's web front end authenticates them ({@link #authenticate}) and passes them on as
 * {@link Caller#tenantUser(String)}. Nothing here returns or logs a password or its hash.
 */
public interface TenantUserService {

    /**
     * Authenticates a tenant's user. A wrong password and an unknown user answer alike (and take
     * about as long: the key derivation runs for an unknown user too).
     *
     * @param user     user name
     * @param password password (not kept; the caller may clear it afterwards)
     * @return the tenant the user acts for if the password is right; otherwise empty
     * @throws SignInThrottledException if the password could not be checked because too many were
     *                                  being checked at once (nothing was decided; HTTP 429)
     */
    Optional<TenantId> authenticate(String user, char[] password);

    /**
     * Returns the tenant a tenant's user acts for.
     *
     * @param user user name
     * @return its tenant, or empty if there is no such tenant's user
     */
    Optional<TenantId> tenantOf(String user);

    /**
     * Returns the names of a tenant's users.
     *
     * @param tenant tenant
     * @return user names, ordered (empty if none)
     */
    SortedSet<String> getUsers(TenantId tenant);

    /**
     * Returns every tenant's user with its tenant.
     *
     * @return tenant of each user, ordered by user name
     */
    SortedMap<String, TenantId> getUsers();
}
