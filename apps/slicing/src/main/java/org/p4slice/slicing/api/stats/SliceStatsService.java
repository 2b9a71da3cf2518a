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

import org.p4slice.slicing.api.SliceId;
import org.onosproject.event.ListenerService;

import java.util.Optional;

/**
 * Traffic statistics of the slices, from the pipeline's per-slice counters, served by the slicing
 * app itself (so they are there whenever the slicing app is): every instance reads the counters of
 * the devices of the ACTIVE slices periodically, one batched read per device, and keeps the rates
 * over a sliding window. The one reader of the counters: the fairness app judges the slices from
 * the snapshot each poll publishes ({@link SliceStatsEvent}).
 */
public interface SliceStatsService extends ListenerService<SliceStatsEvent, SliceStatsListener> {

    /**
     * Returns the statistics of the latest poll. Before the first poll, a snapshot with no slices.
     *
     * @return snapshot
     */
    SliceStatsSnapshot getSnapshot();

    /**
     * Returns the latest statistics of a slice: counters summed over the devices the slice
     * touches (traffic crossing a trunk is counted on each switch it crosses) and rates over the
     * sliding window.
     *
     * @param id slice id
     * @return statistics, empty if the slice was not in the latest poll (not ACTIVE, or not polled yet)
     */
    default Optional<SliceStats> getStats(SliceId id) {
        return getSnapshot().stats(id);
    }

    /**
     * Returns the latest statistics of a slice, all zero if it was not in the latest poll (what the
     * REST API, the CLI and the GUI show for a slice whose counters were not read yet).
     *
     * @param id slice id
     * @return statistics
     */
    default SliceStats getStatsOrZero(SliceId id) {
        return getStats(id).orElse(SliceStats.ZERO);
    }

    /**
     * Asks for a poll at once, besides the periodic ones (the fairness app, when slices change in
     * enforce mode, so that a slice admitted where capacity is lent gets its quota back at once).
     * Returns immediately; the poll's snapshot comes as an event. Requests coalesce: while a requested
     * poll waits to run, further requests add nothing (a poll reads every slice).
     */
    void requestPoll();
}
