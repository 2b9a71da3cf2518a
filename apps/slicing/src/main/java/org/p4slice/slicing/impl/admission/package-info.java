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
 * Admission: one decision for slices and bookings. {@link org.p4slice.slicing.impl.admission.AdmissionManager}
 * validates a request, allocates its id, VLAN and trunk path and admits its quota against every
 * port's and link's usable capacity, now ({@link org.p4slice.slicing.impl.admission.AdmissionControl}
 * over the stored slices' {@link org.p4slice.slicing.impl.admission.SliceAllocations}) and at every
 * instant of a booked slot ({@link org.p4slice.slicing.impl.admission.ReservationAdmission}), all
 * with one immutable {@link org.p4slice.slicing.impl.admission.AdmissionSettings} snapshot.
 */
package org.p4slice.slicing.impl.admission;
