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

import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceState;

import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The slices that changed since the last cycle, from the slicing app's events (on any thread), and
 * what the next cycle does about them (on the cycle thread): a slice removed or no longer ACTIVE
 * is forgotten (its allocations: a new slice with its id starts afresh). The meter rate of a slice
 * reprogrammed is the slicing app's to clear and report ({@code SliceService#getMeterRate}). A
 * change also runs the given action (the manager asks for a poll at once in enforce mode).
 */
final class SliceChanges implements SliceListener {

    /** Slice id to true if removed (or no longer ACTIVE), false if reprogrammed. */
    private final Map<Integer, Boolean> changed = new ConcurrentHashMap<>();
    private final Runnable onChange;

    /**
     * Creates the tracker of changes.
     *
     * @param onChange run after every slice event
     */
    SliceChanges(Runnable onChange) {
        this.onChange = onChange;
    }

    @Override
    public void event(SliceEvent event) {
        int id = event.subject().id().id();
        boolean gone = event.type() == SliceEvent.Type.SLICE_REMOVED
                || event.subject().state() != SliceState.ACTIVE;
        changed.merge(id, gone, (a, b) -> a || b);
        onChange.run();
    }

    /**
     * Applies the changes seen since the last call to a cycle.
     *
     * @param cycle the cycle
     */
    void applyTo(FairnessCycle cycle) {
        for (Integer id : new ArrayList<>(changed.keySet())) {
            Boolean removed = changed.remove(id);
            if (Boolean.TRUE.equals(removed)) {
                cycle.forgetSlice(id);
            }
        }
    }
}
