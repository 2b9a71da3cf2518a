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
 * Reservations, the one home of booking logic: {@link org.p4slice.slicing.impl.reservation.ReservationManager}
 * (the OSGi component) books, cancels and extends ({@link org.p4slice.slicing.impl.reservation.Bookings}) after
 * the {@link org.p4slice.slicing.impl.reservation.BookingRules} and admission over time
 * ({@link org.p4slice.slicing.impl.reservation.ReservationAdmission}, over what is allocated at each instant,
 * {@link org.p4slice.slicing.impl.reservation.InstantAllocations}) accept it, guards the booked slots against
 * new slices, and runs the {@link org.p4slice.slicing.impl.reservation.ReservationScheduler} that starts a
 * booking's slice when its slot begins and removes it when the slot ends.
 */
package org.p4slice.slicing.impl.reservation;
