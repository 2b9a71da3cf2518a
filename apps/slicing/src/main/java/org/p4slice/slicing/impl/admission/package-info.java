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
 * Admission, the one decision for slices and bookings: may this slice have these resources?
 * {@link org.p4slice.slicing.impl.admission.AdmissionManager} (an OSGi component shared by the slice and the
 * reservation managers, which reads what it decides on itself: the stored slices and reservations
 * from the cluster's storage, the tenants, the netcfg and its {@code guardBand} property) validates
 * a request ({@link org.p4slice.slicing.impl.admission.SliceRequestValidator}),
 * allocates its id, VLAN and trunk path ({@link org.p4slice.slicing.impl.admission.SliceAllocator}) and admits
 * its quota against every port's and link's usable capacity
 * ({@link org.p4slice.slicing.impl.admission.AdmissionControl}) over what the slices hold
 * ({@link org.p4slice.slicing.impl.store.SliceAllocations}, the store's index), all with one immutable
 * {@link org.p4slice.slicing.impl.admission.AdmissionSettings} snapshot, under the cluster-wide
 * {@link org.p4slice.slicing.impl.admission.AdmissionLock}, on one
 * {@link org.p4slice.slicing.impl.admission.AdmissionView}; it checks the tenant's caps
 * ({@link org.p4slice.slicing.impl.admission.TenantCaps}) and the booked slots
 * ({@link org.p4slice.slicing.impl.admission.BookingRules}, admission over time with
 * {@link org.p4slice.slicing.impl.admission.ReservationAdmission}) for slices and bookings together.
 */
package org.p4slice.slicing.impl.admission;
