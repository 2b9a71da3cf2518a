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
package org.p4slice.slicing.api;

import java.util.Optional;

/**
 * Traffic statistics of slices, from the pipeline's per-slice counters.
 * <p>
 * Declared here so that the northbound depends on the slicing API only; implemented by the
 * fairness app, which polls the counters of every device and keeps the rates.
 */
public interface SliceStatsService {

    /**
     * Returns the latest statistics of a slice: counters summed over the devices the slice
     * touches (traffic crossing a trunk is counted on each switch it crosses) and rates over the
     * collector's sliding window.
     *
     * @param id slice id
     * @return statistics, empty if the slice is unknown to the collector (not yet polled)
     */
    Optional<SliceStats> getStats(SliceId id);
}
