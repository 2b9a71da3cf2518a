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

import org.onosproject.net.DeviceId;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one place the devices' outcomes live: cluster-wide, one {@link DeviceOutcome} per slice and
 * device ({@link SliceDeviceKey}). A device's master writes its entry after each write to the
 * device; the slice's owner reads the entries of all the slice's devices to decide the slice's state
 * and hears of each change through {@link #addListener}.
 */
public interface SliceDeviceStore {

    /**
     * Returns what a device holds of a slice, as its master last wrote it.
     *
     * @param key slice and device
     * @return the outcome, empty if none was recorded
     */
    Optional<DeviceOutcome> get(SliceDeviceKey key);

    /**
     * Records a device's outcome for a slice (nothing is written if it says what the entry already
     * says, whenever that was recorded).
     *
     * @param key     slice and device
     * @param outcome outcome
     */
    void put(SliceDeviceKey key, DeviceOutcome outcome);

    /**
     * Forgets a device's outcome for a slice.
     *
     * @param key slice and device
     */
    void remove(SliceDeviceKey key);

    /**
     * Returns the outcomes recorded for a slice on some devices (one read per device: no scan).
     *
     * @param slice      slice id
     * @param candidates the devices to look at (e.g. every device ONOS knows and the slice's own)
     * @return device to outcome, ordered by device id
     */
    Map<DeviceId, DeviceOutcome> getOutcomes(SliceId slice, Collection<DeviceId> candidates);

    /**
     * Tells a listener the slice of every entry written or removed, on any instance.
     *
     * @param listener takes the slice id
     */
    void addListener(Consumer<SliceId> listener);

    /**
     * Stops telling a listener.
     *
     * @param listener a listener added before
     */
    void removeListener(Consumer<SliceId> listener);
}
