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

/**
 * Tenants: {@link org.p4slice.slicing.impl.tenant.TenantManager} (the tenants of the netcfg and a caller's
 * scope) and the tenant-scoped slice and reservation services
 * ({@link org.p4slice.slicing.impl.tenant.TenantSliceManager},
 * {@link org.p4slice.slicing.impl.tenant.TenantReservationManager}), with their shared rules: who may see and
 * change what ({@link org.p4slice.slicing.impl.tenant.TenantRules}), the caps a tenant's slices and bookings
 * must stay within ({@link org.p4slice.slicing.impl.tenant.TenantCaps}) and the audit trail of every change
 * ({@link org.p4slice.slicing.impl.tenant.AuditTrail}).
 */
package org.p4slice.slicing.impl.tenant;
