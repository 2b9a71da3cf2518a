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
 * scope) and the one tenant gate ({@link org.p4slice.slicing.impl.tenant.TenantGate}: the slices and
 * reservations as a caller sees them, who may change what, the audit log of every change, refusals
 * told to tenants' users without other tenants' objects).
 * A tenant's caps are admission's ({@link org.p4slice.slicing.impl.admission.TenantCaps}), checked under
 * the cluster-wide lock.
 */
package org.p4slice.slicing.impl.tenant;
