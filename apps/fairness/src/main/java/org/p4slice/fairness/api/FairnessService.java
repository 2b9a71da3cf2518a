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
package org.p4slice.fairness.api;

import org.onosproject.event.ListenerService;

import java.util.List;

/**
 * Fairness of the testbed's slices: how close each backlogged slice gets to its allocation, from
 * the pipeline's per-slice counters polled periodically.
 * <p>
 * Definitions (see {@link FairnessReport}): a slice's rates are taken over a sliding window of the
 * last {@code windowSamples} polling intervals; a slice is <em>backlogged</em> when its offered rate
 * (received, before the meter) is at least its allocation (its quota, or in enforce mode the meter
 * rate the app gave it); share = delivered rate / allocation; CV, Jain's index and the maximum
 * deviation |share - 1| are computed over the backlogged slices only.
 */
public interface FairnessService extends ListenerService<FairnessEvent, FairnessListener> {

    /**
     * Returns the latest report. Before the first poll, a report with no slices.
     *
     * @return report
     */
    FairnessReport getReport();

    /**
     * Returns the summaries of the latest reports, oldest first, at most the configured history
     * size (one per poll).
     *
     * @return summaries
     */
    List<FairnessSummary> getHistory();

    /**
     * Returns the mode in effect.
     *
     * @return mode
     */
    FairnessMode getMode();

    /**
     * Returns the alert threshold on the maximum deviation and on the CV (a fraction, e.g. 0.05).
     *
     * @return threshold
     */
    double getThreshold();
}
