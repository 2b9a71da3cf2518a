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

/**
 * Names and defaults of the audit log's component configuration properties
 * ({@code cfg set org.p4slice.slicing.impl.store.DistributedAuditStore <name> <value>}).
 */
final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Most entries of the operators' actions the audit log keeps (the oldest go first). */
    public static final String AUDIT_MAX_ENTRIES = "auditMaxEntries";
    /** Default bound of the operators' actions. */
    public static final int AUDIT_MAX_ENTRIES_DEFAULT = 10000;

    /** Most entries the audit log keeps of each tenant's actions, and of each tenant's security events. */
    public static final String AUDIT_MAX_ENTRIES_PER_TENANT = "auditMaxEntriesPerTenant";
    /** Default bound of each tenant's share. */
    public static final int AUDIT_MAX_ENTRIES_PER_TENANT_DEFAULT = 2000;

    /** How long an audit entry is kept, in hours. */
    public static final String AUDIT_RETENTION_HOURS = "auditRetentionHours";
    /** Default retention of audit entries: 90 days. */
    public static final int AUDIT_RETENTION_HOURS_DEFAULT = 2160;
}
