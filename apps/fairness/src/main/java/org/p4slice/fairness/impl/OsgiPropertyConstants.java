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
package org.p4slice.fairness.impl;

/**
 * Names and default values of the fairness app's component configuration properties
 * ({@code cfg set org.p4slice.fairness.impl.FairnessManager <name> <value>}).
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

    /** Alert threshold on the maximum deviation and on the CV (fraction). */
    public static final String THRESHOLD = "threshold";
    /** Default threshold: 5 %. */
    public static final double THRESHOLD_DEFAULT = 0.05;

    /** Mode: {@code monitor} or {@code enforce}. */
    public static final String MODE = "mode";
    /** Default mode: monitor. */
    public static final String MODE_DEFAULT = "monitor";

    /** Number of report summaries kept in the history. */
    public static final String HISTORY_SIZE = "historySize";
    /** Default history: 600 summaries (10 minutes at the default period). */
    public static final int HISTORY_SIZE_DEFAULT = 600;

    /** Width of the per-slice counters in bits (where they wrap). */
    public static final String COUNTER_BITS = "counterBits";
    /** Default counter width: 64 bits. */
    public static final int COUNTER_BITS_DEFAULT = 64;

    /** Fraction of its quota a lender keeps above its demand in enforce mode. */
    public static final String LEND_HEADROOM = "lendHeadroom";
    /** Default lending headroom: 10 % of the lender's quota. */
    public static final double LEND_HEADROOM_DEFAULT = 0.1;
}
