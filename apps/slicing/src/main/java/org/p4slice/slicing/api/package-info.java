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
 * Slicing API: the value types, services, events and exceptions of p4slice slices (the network
 * configuration is {@code org.p4slice.slicing.config}).
 * <p>
 * A <em>slice</em> gives one experiment a VLAN, a set of switch ports (access = untagged host
 * port, trunk = tagged) and a bandwidth quota enforced by a P4 meter. Slices are created, updated
 * and removed through {@link org.p4slice.slicing.api.SliceAdminService} and observed through
 * {@link org.p4slice.slicing.api.SliceService}; every refusal is a
 * {@link org.p4slice.slicing.api.SlicingException} whose {@link org.p4slice.slicing.api.SlicingException.Kind}
 * says why (each northbound reports it in its own terms).
 */
package org.p4slice.slicing.api;
