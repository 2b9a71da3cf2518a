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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.api.tenant.Tenant;

import java.time.Duration;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The limits on bookings that the reservation manager's component properties set: the longest slot, how far
 * ahead a slot may start, and the caps on a tenant's bookings that apply when its netcfg sets none of its own
 * (so that a tenant without caps cannot fill the booking table). Immutable.
 */
public final class BookingLimits {

    private final Duration maxDuration;
    private final Duration maxLead;
    private final int defaultMaxLiveBookings;
    private final long defaultMaxBookedHours;

    /**
     * Creates the limits.
     *
     * @param maxDuration            the longest slot
     * @param maxLead                how far ahead a slot may start
     * @param defaultMaxLiveBookings live bookings at once of a tenant without a cap of its own (0: none)
     * @param defaultMaxBookedHours  hours booked in all of a tenant without a cap of its own (0: none)
     */
    public BookingLimits(Duration maxDuration, Duration maxLead, int defaultMaxLiveBookings,
                         long defaultMaxBookedHours) {
        this.maxDuration = checkNotNull(maxDuration);
        this.maxLead = checkNotNull(maxLead);
        checkArgument(defaultMaxLiveBookings >= 0 && defaultMaxBookedHours >= 0, "caps must not be negative");
        this.defaultMaxLiveBookings = defaultMaxLiveBookings;
        this.defaultMaxBookedHours = defaultMaxBookedHours;
    }

    /**
     * Returns the longest slot.
     *
     * @return duration
     */
    public Duration maxDuration() {
        return maxDuration;
    }

    /**
     * Returns how far ahead a slot may start.
     *
     * @return duration
     */
    public Duration maxLead() {
        return maxLead;
    }

    /**
     * Returns a tenant with the default booking caps wherever it has none of its own.
     *
     * @param t tenant as configured
     * @return the tenant whose caps apply
     */
    public Tenant applyTo(Tenant t) {
        int live = t.maxLiveBookings() > 0 ? t.maxLiveBookings() : defaultMaxLiveBookings;
        long hours = t.maxBookedHours() > 0 ? t.maxBookedHours() : defaultMaxBookedHours;
        if (live == t.maxLiveBookings() && hours == t.maxBookedHours()) {
            return t;
        }
        return Tenant.builder(t.id()).name(t.name()).users(t.users())
                .caps(t.maxSlices(), t.maxBps(), t.maxBookingHours(), t.maxLeadDays())
                .bookingCaps(live, hours).build();
    }
}
