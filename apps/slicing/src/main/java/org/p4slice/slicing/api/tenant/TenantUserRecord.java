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

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A tenant's user as stored: its name, its tenant and its password hash in the store's encoding
 * (algorithm, iterations, salt and hash). Its {@link #toString()} never shows the hash.
 */
public final class TenantUserRecord {

    private final String user;
    private final TenantId tenant;
    private final String passwordHash;

    /**
     * Creates a record.
     *
     * @param user         user name
     * @param tenant       its tenant
     * @param passwordHash its password hash, encoded
     */
    public TenantUserRecord(String user, TenantId tenant, String passwordHash) {
        this.user = checkNotNull(user);
        this.tenant = checkNotNull(tenant);
        this.passwordHash = checkNotNull(passwordHash);
    }

    /**
     * Returns the user name.
     *
     * @return name
     */
    public String user() {
        return user;
    }

    /**
     * Returns the tenant.
     *
     * @return tenant
     */
    public TenantId tenant() {
        return tenant;
    }

    /**
     * Returns the password hash, encoded.
     *
     * @return hash
     */
    public String passwordHash() {
        return passwordHash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TenantUserRecord)) {
            return false;
        }
        TenantUserRecord r = (TenantUserRecord) o;
        return user.equals(r.user) && tenant.equals(r.tenant) && passwordHash.equals(r.passwordHash);
    }

    @Override
    public int hashCode() {
        return Objects.hash(user, tenant, passwordHash);
    }

    @Override
    public String toString() {
        return "TenantUserRecord{" + user + " of " + tenant + "}";
    }
}
