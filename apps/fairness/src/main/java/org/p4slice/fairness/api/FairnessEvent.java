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

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

/**
 * A fairness figure crossed the alert threshold, one way or the other. Edge-triggered: one event
 * per crossing (a figure that stays above the threshold raises no further event). The subject is
 * the summary of the poll at which the crossing was seen.
 */
public class FairnessEvent extends AbstractEvent<FairnessEvent.Type, FairnessSummary> {

    /**
     * Kinds of fairness events.
     */
    public enum Type {
        /** The maximum deviation went above the threshold. */
        DEVIATION_EXCEEDED,
        /** The maximum deviation came back to or below the threshold. */
        DEVIATION_RECOVERED,
        /** The CV went above the threshold. */
        CV_EXCEEDED,
        /** The CV came back to or below the threshold. */
        CV_RECOVERED
    }

    private final double value;
    private final double threshold;

    /**
     * Creates an event.
     *
     * @param type      type
     * @param summary   summary of the poll
     * @param value     the figure that crossed (maximum deviation or CV)
     * @param threshold the threshold it crossed
     */
    public FairnessEvent(Type type, FairnessSummary summary, double value, double threshold) {
        super(type, summary, summary.timestamp());
        this.value = value;
        this.threshold = threshold;
    }

    /**
     * Returns the figure that crossed the threshold.
     *
     * @return maximum deviation or CV
     */
    public double value() {
        return value;
    }

    /**
     * Returns the threshold crossed.
     *
     * @return threshold fraction
     */
    public double threshold() {
        return threshold;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this)
                .add("type", type()).add("value", value).add("threshold", threshold).add("subject", subject())
                .toString();
    }
}
