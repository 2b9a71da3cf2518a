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
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The append-only audit log: who changed what, when, and the result (every change through the
 * tenant gate, {@link TenantGateService}, refused ones included). Bounded by a number of entries and an age
 * (component properties of its store). Unscoped: callers read it through the tenant gate
 * ({@link TenantGateService#getAuditEntries}), which lets operators only.
 */
public interface AuditService {

    /**
     * Appends an entry of a user who did not act as an operator; its id and time are given by the log.
     *
     * @param user    who (user name)
     * @param action  what, e.g. {@code slice.create}
     * @param target  on what, e.g. {@code slice 7}
     * @param tenant  the tenant concerned, or null
     * @param result  {@link AuditEntry#OK} or the refusal: its kind and message ({@code CONFLICT: ...})
     * @return the entry as appended; empty for a refusal beyond the user's rate, counted and reported
     *         by one entry later (the log is not floodable by refused requests)
     */
    default Optional<AuditEntry> record(String user, String action, String target, TenantId tenant, String result) {
        return record(user, false, action, target, tenant, result);
    }

    /**
     * Appends an entry; its id and time are given by the log. The entry counts against a share of the
     * log: the operators' actions, each tenant's actions, or each tenant's (and the operators')
     * security events (refusals); a share's entries are dropped only by newer entries of the same share.
     *
     * @param user     who (user name)
     * @param operator whether the user acted as an operator
     * @param action   what, e.g. {@code slice.create}
     * @param target   on what, e.g. {@code slice 7}
     * @param tenant   the tenant concerned, or null
     * @param result   {@link AuditEntry#OK} or the refusal: its kind and message ({@code CONFLICT: ...})
     * @return the entry as appended; empty for a refusal beyond the user's rate, counted and reported
     *         by one entry later (the log is not floodable by refused requests)
     */
    Optional<AuditEntry> record(String user, boolean operator, String action, String target, TenantId tenant,
                                String result);

    /**
     * Returns the newest entries, oldest first.
     *
     * @param limit most entries to return (at least 1)
     * @return entries
     */
    List<AuditEntry> getEntries(int limit);

    /**
     * Returns how many entries the log holds now.
     *
     * @return entries
     */
    default int size() {
        return getEntries(Integer.MAX_VALUE).size();
    }

    /**
     * Returns the most entries the log keeps (beyond it, the oldest are dropped).
     *
     * @return the bound, or empty if the log keeps every entry
     */
    default OptionalInt maxEntries() {
        return OptionalInt.empty();
    }
}
