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
package org.p4slice.slicing.impl.stats;

/**
 * Names and default values of the statistics' component configuration properties
 * ({@code cfg set org.p4slice.slicing.impl.stats.SliceStatsManager <name> <value>}).
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    /** Polling period of the per-slice counters, milliseconds. */
    public static final String POLL_PERIOD_MS = "pollPeriodMs";
    /** Default polling period: 1 s. */
    public static final int POLL_PERIOD_MS_DEFAULT = 1000;

    /** Number of polling intervals in the sliding window of the rates. */
    public static final String WINDOW_SAMPLES = "windowSamples";
    /** Default window: 5 intervals (5 s at the default period). */
    public static final int WINDOW_SAMPLES_DEFAULT = 5;

    /** Width of the per-slice counters in bits (where they wrap). */
    public static final String COUNTER_BITS = "counterBits";
    /** Default counter width: 64 bits. */
    public static final int COUNTER_BITS_DEFAULT = 64;
}
