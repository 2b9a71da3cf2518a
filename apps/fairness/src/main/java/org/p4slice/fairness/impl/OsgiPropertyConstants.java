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
 * ({@code cfg set org.p4slice.fairness.impl.FairnessManager <name> <value>}). The polling of the
 * counters (period, window, counter width) is the slicing app's statistics' configuration
 * ({@code org.p4slice.slicing.impl.stats.SliceStatsManager}).
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

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
    /** Default history: 600 summaries (10 minutes at the default polling period). */
    public static final int HISTORY_SIZE_DEFAULT = 600;

    /** Fraction of its quota a lender keeps above its demand in enforce mode. */
    public static final String LEND_HEADROOM = "lendHeadroom";
    /** Default lending headroom: 10 % of the lender's quota. */
    public static final double LEND_HEADROOM_DEFAULT = 0.1;
}
