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

import com.google.common.collect.ImmutableList;
import org.p4slice.fairness.api.FairnessEvent;
import org.p4slice.fairness.api.FairnessSummary;

import java.util.List;

/**
 * Edge-triggered threshold alarms on the maximum deviation and on the CV: one event when a figure
 * goes above the threshold, one when it comes back to or below it, nothing while it stays on one
 * side. Pure state machine; not thread-safe (used from the poller thread only).
 */
final class FairnessAlarms {

    private boolean deviationHigh;
    private boolean cvHigh;

    /**
     * Checks one poll's figures.
     *
     * @param summary   the figures
     * @param threshold threshold fraction
     * @return the events of the crossings seen at this poll (none, one or two)
     */
    List<FairnessEvent> check(FairnessSummary summary, double threshold) {
        ImmutableList.Builder<FairnessEvent> events = ImmutableList.builder();
        boolean dev = summary.maxDeviation() > threshold;
        if (dev != deviationHigh) {
            deviationHigh = dev;
            events.add(new FairnessEvent(dev ? FairnessEvent.Type.DEVIATION_EXCEEDED
                                                : FairnessEvent.Type.DEVIATION_RECOVERED,
                                         summary, summary.maxDeviation(), threshold));
        }
        boolean cv = summary.cv() > threshold;
        if (cv != cvHigh) {
            cvHigh = cv;
            events.add(new FairnessEvent(cv ? FairnessEvent.Type.CV_EXCEEDED : FairnessEvent.Type.CV_RECOVERED,
                                         summary, summary.cv(), threshold));
        }
        return events.build();
    }

    /**
     * Tells whether the maximum deviation is above the threshold (as of the last check).
     *
     * @return true if above
     */
    boolean deviationHigh() {
        return deviationHigh;
    }

    /**
     * Tells whether the CV is above the threshold (as of the last check).
     *
     * @return true if above
     */
    boolean cvHigh() {
        return cvHigh;
    }
}
