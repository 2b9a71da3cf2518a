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
package org.p4slice.testbed;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock the test sets and advances.
 */
public final class ReservationTestClock extends Clock {

    private volatile Instant now;

    /**
     * Creates a clock showing the given instant.
     *
     * @param now instant
     */
    public ReservationTestClock(Instant now) {
        this.now = now;
    }

    /**
     * Sets the time.
     *
     * @param t instant
     */
    public void set(Instant t) {
        now = t;
    }

    /**
     * Advances the time.
     *
     * @param d duration
     */
    public void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the test clock is UTC only");
    }

    @Override
    public Instant instant() {
        return now;
    }
}
