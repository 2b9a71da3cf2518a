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
package org.p4slice.slicing.impl.metrics;

import org.osgi.service.component.annotations.Component;
import org.p4slice.slicing.api.stats.DurationHistogram;
import org.p4slice.slicing.api.stats.RefusalCount;
import org.p4slice.slicing.api.stats.SlicingMetricsService;

import java.util.List;

/**
 * The slicing app's record of its own work: the admission manager counts its refusals here
 * ({@link #refusals()}), the slice manager's life cycle its steps ({@link #steps()}); the
 * northbound reads them as {@link SlicingMetricsService}.
 */
@Component(immediate = true, service = {SlicingMetricsService.class, SlicingMetricsManager.class})
public class SlicingMetricsManager implements SlicingMetricsService {

    private final AdmissionRefusals refusals = new AdmissionRefusals();
    private final StepMetrics steps = new StepMetrics();

    /**
     * Returns the refusal counter.
     *
     * @return counter
     */
    public AdmissionRefusals refusals() {
        return refusals;
    }

    /**
     * Returns the step metrics.
     *
     * @return metrics
     */
    public StepMetrics steps() {
        return steps;
    }

    @Override
    public List<RefusalCount> admissionRefusals() {
        return refusals.counts();
    }

    @Override
    public DurationHistogram stepDurations() {
        return steps.histogram();
    }

    @Override
    public int queuedSteps() {
        return steps.queuedNow();
    }

    @Override
    public int runningSteps() {
        return steps.runningNow();
    }
}
