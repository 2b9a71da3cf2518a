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
 * Slicing API, the slice core: the value types, services, events and refusals of p4slice slices.
 * <p>
 * A <em>slice</em> gives one experiment a VLAN, a set of switch ports (access = untagged host
 * port, trunk = tagged) and a bandwidth quota enforced by a P4 meter. Slices are created, updated
 * and removed through {@link org.p4slice.slicing.api.SliceAdminService} and observed through
 * {@link org.p4slice.slicing.api.SliceService}, which also reports the capacity of every port and link
 * ({@link org.p4slice.slicing.api.PortCapacity}, {@link org.p4slice.slicing.api.LinkCapacity}); every
 * refusal is a {@link org.p4slice.slicing.api.SlicingException} whose
 * {@link org.p4slice.slicing.api.SlicingException.Kind} says why (each northbound reports it in its own
 * terms). The other parts of the API are in the sub-packages: {@code reservation} (booked slots),
 * {@code tenant} (callers, tenants, the audit log) and {@code stats} (the slices' counters and rates); the
 * network configuration is {@code org.p4slice.slicing.config}.
 */
package org.p4slice.slicing.api;
