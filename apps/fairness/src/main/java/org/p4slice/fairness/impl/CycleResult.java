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
import org.p4slice.fairness.api.FairnessReport;

import java.util.List;

/**
 * What a cycle produced: the report and the meter rate changes (decreases first, so that no port
 * or link is ever over-committed in between).
 */
public final class CycleResult {
    private final FairnessReport report;
    private final List<RateChange> changes;

    CycleResult(FairnessReport report, List<RateChange> changes) {
        this.report = report;
        this.changes = ImmutableList.copyOf(changes);
    }

    /**
     * Returns the cycle's report.
     *
     * @return report
     */
    public FairnessReport report() {
        return report;
    }

    List<RateChange> changes() {
        return changes;
    }
}
