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
package org.p4slice.testbed;

import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.stats.SliceStats;
import org.p4slice.slicing.api.stats.SliceStatsListener;
import org.p4slice.slicing.api.stats.SliceStatsService;
import org.p4slice.slicing.api.stats.SliceStatsSnapshot;

import java.util.Map;
import java.util.Optional;

/**
 * A statistics service that polls nothing: an empty snapshot, no events, and the statistics of a
 * map the test fills, if given (tests override what else they need).
 */
public class SliceStatsServiceAdapter implements SliceStatsService {

    private final Map<SliceId, SliceStats> known;

    /**
     * Creates a service that knows no statistics beyond its (empty) snapshot.
     */
    public SliceStatsServiceAdapter() {
        this(null);
    }

    /**
     * Creates a service answering {@link #getStats} from a map the test fills.
     *
     * @param known statistics by slice (read at each call), or null to answer from the snapshot
     */
    public SliceStatsServiceAdapter(Map<SliceId, SliceStats> known) {
        this.known = known;
    }

    @Override
    public Optional<SliceStats> getStats(SliceId id) {
        return known == null ? SliceStatsService.super.getStats(id) : Optional.ofNullable(known.get(id));
    }

    @Override
    public SliceStatsSnapshot getSnapshot() {
        return SliceStatsSnapshot.empty(0, 1);
    }

    @Override
    public void requestPoll() {
    }

    @Override
    public void addListener(SliceStatsListener listener) {
    }

    @Override
    public void removeListener(SliceStatsListener listener) {
    }
}
