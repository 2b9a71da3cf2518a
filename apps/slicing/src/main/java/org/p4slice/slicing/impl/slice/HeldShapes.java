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
package org.p4slice.slicing.impl.slice;

import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The versions of each slice this instance saw (the stored slice at each step, the slice before each
 * change the store reported), by fingerprint: what the life cycle translates to diff an update
 * against the version a device holds, or to remove that version from a device the slice left. A
 * device's outcome names its version by fingerprint only ({@link DeviceShape}); a version this
 * instance did not see (it started or took the device over since) is not diffed against: the device
 * is brought to the new version whole, its stale rules removed. At most {@value #PER_SLICE}
 * versions per slice, forgotten with the slice.
 */
final class HeldShapes {

    static final int PER_SLICE = 4;

    private final Map<SliceId, LinkedHashMap<String, Slice>> versions = new HashMap<>();

    /**
     * Remembers a version of a slice.
     *
     * @param slice slice (state and reason aside)
     */
    synchronized void remember(Slice slice) {
        LinkedHashMap<String, Slice> seen = versions.computeIfAbsent(
                slice.id(), id -> new LinkedHashMap<>(PER_SLICE + 1, 0.75f, true) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<String, Slice> eldest) {
                        return size() > PER_SLICE;
                    }
                });
        seen.put(DeviceShape.fingerprint(slice), slice.withState(SliceState.PROVISIONING, null));
    }

    /**
     * Returns the version of a slice a device's outcome names, if this instance saw it.
     *
     * @param slice   slice id
     * @param outcome the device's outcome
     * @return that version of the slice
     */
    synchronized Optional<Slice> versionOf(SliceId slice, DeviceOutcome outcome) {
        LinkedHashMap<String, Slice> seen = versions.get(slice);
        return Optional.ofNullable(seen == null ? null : seen.get(outcome.shape().fingerprint()));
    }

    /**
     * Forgets a slice's versions (it is no longer stored).
     *
     * @param slice slice id
     */
    synchronized void forget(SliceId slice) {
        versions.remove(slice);
    }
}
