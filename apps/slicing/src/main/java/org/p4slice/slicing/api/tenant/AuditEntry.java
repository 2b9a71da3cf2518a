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
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One entry of the audit log: its sequence number, when, who, what, on what, for which tenant
 * and the result. Immutable.
 */
public final class AuditEntry {

    private final long id;
    private final long timeMillis;
    private final String user;
    private final String action;
    private final String target;
    private final String tenant;
    private final String result;

    /**
     * Creates an entry.
     *
     * @param id         sequence number (increasing)
     * @param timeMillis when, in milliseconds since the epoch
     * @param user       who
     * @param action     what
     * @param target     on what
     * @param tenant     tenant concerned, or null
     * @param result     {@code OK} or the refusal
     */
    public AuditEntry(long id, long timeMillis, String user, String action, String target, TenantId tenant,
                      String result) {
        this.id = id;
        this.timeMillis = timeMillis;
        this.user = checkNotNull(user);
        this.action = checkNotNull(action);
        this.target = checkNotNull(target);
        this.tenant = tenant == null ? null : tenant.id();
        this.result = checkNotNull(result);
    }

    // for serialization
    private AuditEntry() {
        this(0, 0, "", "", "", null, "");
    }

    /**
     * Returns the sequence number.
     *
     * @return id
     */
    public long id() {
        return id;
    }

    /**
     * Returns when it happened.
     *
     * @return time
     */
    public Instant time() {
        return Instant.ofEpochMilli(timeMillis);
    }

    /**
     * Returns who.
     *
     * @return user name
     */
    public String user() {
        return user;
    }

    /**
     * Returns what, e.g. {@code slice.create}.
     *
     * @return action
     */
    public String action() {
        return action;
    }

    /**
     * Returns on what, e.g. {@code slice 7}.
     *
     * @return target
     */
    public String target() {
        return target;
    }

    /**
     * Returns the tenant concerned.
     *
     * @return tenant, or empty
     */
    public Optional<TenantId> tenant() {
        return Optional.ofNullable(tenant).map(TenantId::of);
    }

    /**
     * Returns the result: {@code OK} or the refusal.
     *
     * @return result
     */
    public String result() {
        return result;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AuditEntry)) {
            return false;
        }
        AuditEntry e = (AuditEntry) o;
        return id == e.id && timeMillis == e.timeMillis && user.equals(e.user) && action.equals(e.action)
                && target.equals(e.target) && Objects.equals(tenant, e.tenant) && result.equals(e.result);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, timeMillis, user, action, target, tenant, result);
    }

    @Override
    public String toString() {
        return id + " " + time() + " " + user + " " + action + " " + target
                + (tenant == null ? "" : " [" + tenant + "]") + ": " + result;
    }
}
