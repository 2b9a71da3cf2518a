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
package org.p4slice.slicing.api.stats;

import java.util.List;

/**
 * What p4slice itself does, for monitoring (the northbound's {@code /metrics}): the admission
 * refusals since the slicing app started, the duration of the slices' life-cycle steps on this
 * instance and the steps queued and running now. Counters start at 0 when the app starts.
 */
public interface SlicingMetricsService {

    /**
     * Returns the admission refusals counted since the app started, one entry per tenant, request
     * and kind that was refused at least once.
     *
     * @return refusal counts
     */
    List<RefusalCount> admissionRefusals();

    /**
     * Returns the durations of the life-cycle steps run on this instance (one step writes a slice on
     * the devices this instance masters and records the outcome).
     *
     * @return histogram of the step durations
     */
    DurationHistogram stepDurations();

    /**
     * Returns the slices whose next life-cycle step waits to start on this instance.
     *
     * @return queued steps
     */
    int queuedSteps();

    /**
     * Returns the life-cycle steps running on this instance now.
     *
     * @return running steps
     */
    int runningSteps();
}
