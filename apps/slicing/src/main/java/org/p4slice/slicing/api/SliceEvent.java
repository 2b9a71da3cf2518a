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

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

import java.util.Optional;

/**
 * Something happened to a slice. The subject is the slice after the change (for
 * {@link Type#SLICE_REMOVED}, the slice as it was last stored).
 */
public class SliceEvent extends AbstractEvent<SliceEvent.Type, Slice> {

    /**
     * Kinds of slice events.
     */
    public enum Type {
        /** A slice was created. */
        SLICE_ADDED,
        /** A slice's quota, endpoints, links or name changed. */
        SLICE_UPDATED,
        /** A slice was removed; its resources are free. */
        SLICE_REMOVED,
        /** A slice changed state only (e.g. PROVISIONING to ACTIVE or FAILED). */
        SLICE_STATE_CHANGED
    }

    private final Slice prevSubject;

    /**
     * Creates an event.
     *
     * @param type  type
     * @param slice subject
     */
    public SliceEvent(Type type, Slice slice) {
        this(type, slice, null);
    }

    /**
     * Creates an event with the slice as it was before the change.
     *
     * @param type        type
     * @param slice       subject
     * @param prevSubject previous version, or null
     */
    public SliceEvent(Type type, Slice slice, Slice prevSubject) {
        super(type, slice);
        this.prevSubject = prevSubject;
    }

    /**
     * Returns the slice as it was before an update or state change.
     *
     * @return previous version
     */
    public Optional<Slice> prevSubject() {
        return Optional.ofNullable(prevSubject);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("type", type()).add("subject", subject()).add("prevSubject", prevSubject)
                .toString();
    }
}
