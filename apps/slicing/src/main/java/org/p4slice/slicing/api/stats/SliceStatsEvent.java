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

import org.onosproject.event.AbstractEvent;

/**
 * The per-slice counters were polled: the subject is the statistics of that poll.
 */
public class SliceStatsEvent extends AbstractEvent<SliceStatsEvent.Type, SliceStatsSnapshot> {

    /**
     * Kinds of statistics events.
     */
    public enum Type {
        /** A poll of the counters completed; the subject holds its statistics. */
        STATS_UPDATED
    }

    /**
     * Creates an event.
     *
     * @param type     type
     * @param snapshot statistics of the poll
     */
    public SliceStatsEvent(Type type, SliceStatsSnapshot snapshot) {
        super(type, snapshot);
    }
}
