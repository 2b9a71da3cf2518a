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

import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceDeviceKey;
import org.p4slice.slicing.api.SliceDeviceStore;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.impl.programming.ProgramResult;

import java.time.Clock;
import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The life cycle's words for the device outcomes it reads and records in the
 * {@link SliceDeviceStore} (which holds them; nothing is kept here): each outcome is recorded with
 * the device's shape of the slice ({@link DeviceShape}) and the wall-clock time.
 */
final class Outcomes {

    private final SliceDeviceStore store;
    private final Clock clock;

    /**
     * Reads and records outcomes in a store.
     *
     * @param store the devices' outcomes
     * @param clock wall clock of the records
     */
    Outcomes(SliceDeviceStore store, Clock clock) {
        this.store = checkNotNull(store, "slice device store must not be null");
        this.clock = checkNotNull(clock, "clock must not be null");
    }

    Optional<DeviceOutcome> get(SliceId slice, DeviceId device) {
        return store.get(SliceDeviceKey.of(slice, device));
    }

    // a write's result on a device: ACTIVE, or FAILED with its reason
    void record(DeviceId device, Slice slice, ProgramResult result) {
        record(device, slice, result.ok() ? SliceState.ACTIVE : SliceState.FAILED, result.reason().orElse(null));
    }

    void record(DeviceId device, Slice slice, SliceState state, String reason) {
        store.put(SliceDeviceKey.of(slice.id(), device),
                  DeviceOutcome.of(DeviceShape.of(slice, device), state, reason, clock.millis()));
    }

    // which of the candidates hold an outcome for the slice, by device id
    Set<DeviceId> devices(SliceId slice, Collection<DeviceId> candidates) {
        Set<DeviceId> devices = new TreeSet<>(Comparator.comparing(DeviceId::toString));
        devices.addAll(store.getOutcomes(slice, candidates).keySet());
        return devices;
    }

    // whether the device's outcome is the slice's current version in that state
    boolean is(Slice slice, DeviceId device, SliceState state) {
        return get(slice.id(), device).filter(o -> o.state() == state && o.isFor(slice)).isPresent();
    }

    void remove(SliceId slice, DeviceId device) {
        store.remove(SliceDeviceKey.of(slice, device));
    }
}
