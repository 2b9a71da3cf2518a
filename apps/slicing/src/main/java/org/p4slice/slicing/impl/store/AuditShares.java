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
package org.p4slice.slicing.impl.store;

import org.p4slice.slicing.api.TenantId;
import org.p4slice.slicing.api.tenant.AuditEntry;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The shares of the audit log: each entry counts against one share, and a share's oldest entries are
 * dropped only by newer entries of the same share beyond its bound. So a tenant flooding the log
 * with its own successful changes drops nothing but its own older entries. The shares:
 * <ul>
 *   <li>{@value #OPERATORS}: the operators' successful actions, bounded by {@code auditMaxEntries};</li>
 *   <li>one share per tenant ({@code tenant <id>}; {@code user <name>} for an entry naming no
 *       tenant): the successful actions of users who are not operators, bounded by
 *       {@code auditMaxEntriesPerTenant};</li>
 *   <li>security events, apart from the actions and again one share per tenant (or user), and one
 *       for the operators ({@code security/<share>}): refusals and the counts of refusals not
 *       logged, bounded by {@code auditMaxEntriesPerTenant}.</li>
 * </ul>
 */
final class AuditShares {

    /** The share of the operators' successful actions. */
    static final String OPERATORS = "operators";

    private static final String SECURITY = "security/";

    private AuditShares() {
    }

    /**
     * Returns the share an entry counts against.
     *
     * @param operator whether the user acted as an operator
     * @param user     who
     * @param tenant   the tenant concerned, or null
     * @param result   {@link AuditEntry#OK} or a refusal
     * @return the share's name
     */
    static String of(boolean operator, String user, TenantId tenant, String result) {
        String share = operator ? OPERATORS : tenant != null ? "tenant " + tenant.id() : "user " + user;
        return AuditEntry.OK.equals(result) ? share : SECURITY + share;
    }

    /**
     * Returns the share of an entry recorded before shares were kept (its user taken for a tenant's).
     *
     * @param entry entry
     * @return the share's name
     */
    static String of(AuditEntry entry) {
        return of(false, entry.user(), entry.tenant().orElse(null), entry.result());
    }

    /**
     * Returns the bound of a share.
     *
     * @param share      share
     * @param maxEntries bound of the operators' actions
     * @param perTenant  bound of each other share
     * @return most entries the share keeps
     */
    static int bound(String share, int maxEntries, int perTenant) {
        return OPERATORS.equals(share) ? maxEntries : perTenant;
    }

    /**
     * Returns the entries of a share to drop: its oldest beyond its bound.
     *
     * @param shares the share of every entry, by entry id
     * @param share  the share that grew
     * @param bound  its bound
     * @return ids to drop
     */
    static List<Long> beyond(Map<Long, String> shares, String share, int bound) {
        List<Long> ids = shares.entrySet().stream().filter(e -> share.equals(e.getValue()))
                .map(Map.Entry::getKey).sorted().collect(Collectors.toList());
        return ids.subList(0, Math.max(0, ids.size() - bound));
    }
}
