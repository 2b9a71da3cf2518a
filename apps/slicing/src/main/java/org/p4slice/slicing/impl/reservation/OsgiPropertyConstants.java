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

package org.p4slice.slicing.impl.reservation;

import org.p4slice.slicing.impl.admission.BookingRules;

/**
 * Names and defaults of the reservation manager's component configuration properties
 * ({@code cfg set org.p4slice.slicing.impl.reservation.ReservationManager <name> <value>}).
 */
final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Longest reservation, in hours. */
    public static final String MAX_RESERVATION_HOURS = BookingRules.MAX_RESERVATION_HOURS;
    /** Default longest reservation: 7 days. */
    public static final int MAX_RESERVATION_HOURS_DEFAULT = 168;

    /** Period of the reservation scheduler, in seconds. */
    public static final String RESERVATION_TICK_SECONDS = "reservationTickSeconds";
    /** Default period of the reservation scheduler. */
    public static final int RESERVATION_TICK_SECONDS_DEFAULT = 1;

    /** How long a finished (COMPLETED, CANCELLED, FAILED) reservation stays listed, in hours. */
    public static final String RESERVATION_RETENTION_HOURS = "reservationRetentionHours";
    /** Default retention of finished reservations: a day. */
    public static final int RESERVATION_RETENTION_HOURS_DEFAULT = 24;

    /** How long a booking due to start waits for a slice still being released on its ports or VLAN, in seconds. */
    public static final String BOOKING_START_WAIT_SECONDS = "bookingStartWaitSeconds";
    /** Default start wait: 30 s (a release takes about a second). */
    public static final int BOOKING_START_WAIT_SECONDS_DEFAULT = 30;

    /** Live bookings a tenant may hold at once when its netcfg sets no cap of its own (maxLiveBookings). */
    public static final String DEFAULT_MAX_LIVE_BOOKINGS = "defaultMaxLiveBookings";
    /** Default: 20. */
    public static final int DEFAULT_MAX_LIVE_BOOKINGS_DEFAULT = 20;

    /** Hours of bookings a tenant may hold in all when its netcfg sets no cap of its own (maxBookedHours). */
    public static final String DEFAULT_MAX_BOOKED_HOURS = "defaultMaxBookedHours";
    /** Default: 336 h (two weeks). */
    public static final int DEFAULT_MAX_BOOKED_HOURS_DEFAULT = 336;

    /** How far ahead a reservation may start, in days. */
    public static final String MAX_LEAD_DAYS = BookingRules.MAX_LEAD_DAYS;
    /** Default lead time: a year. */
    public static final int MAX_LEAD_DAYS_DEFAULT = 365;
}
