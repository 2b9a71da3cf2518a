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
package org.p4slice.slicing.impl.store;

import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;

import java.util.Optional;

/**
 * The slice event a change of the cluster's slice map stands for: a slice added, removed, updated
 * (its shape changed), or only its state (and reason) changed; none for a write that changed nothing.
 */
final class SliceMapEvents {

    private SliceMapEvents() {
    }

    /**
     * Returns the slice event of a map event.
     *
     * @param event change of the slice map
     * @return the event to tell the delegate, or empty if nothing changed
     */
    static Optional<SliceEvent> of(MapEvent<SliceId, Slice> event) {
        Slice newValue = Versioned.valueOrNull(event.newValue());
        Slice oldValue = Versioned.valueOrNull(event.oldValue());
        switch (event.type()) {
            case INSERT:
                return Optional.of(new SliceEvent(SliceEvent.Type.SLICE_ADDED, newValue));
            case UPDATE:
                if (newValue == null || oldValue == null || newValue.equals(oldValue)) {
                    return Optional.empty();
                }
                boolean stateOnly = oldValue.withState(newValue.state(), newValue.reason().orElse(null))
                        .equals(newValue);
                return Optional.of(new SliceEvent(stateOnly ? SliceEvent.Type.SLICE_STATE_CHANGED
                                                            : SliceEvent.Type.SLICE_UPDATED, newValue, oldValue));
            case REMOVE:
                return oldValue == null ? Optional.empty()
                        : Optional.of(new SliceEvent(SliceEvent.Type.SLICE_REMOVED, oldValue));
            default:
                // a consistent map has no other event type
                return Optional.empty();
        }
    }
}
