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

import org.onosproject.net.DeviceId;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What each device holds of each slice, as its master last wrote it: a cluster-wide map from
 * (slice, device) to the slice's shape as programmed there, whose state says the outcome —
 * ACTIVE (the device holds all of it), FAILED (with the reason) or RELEASING (the device no longer
 * holds any of it). A device's master writes its entry after each write to the device; the owner
 * of the slice reads the entries of all the slice's devices to decide the slice's state, and learns
 * of each new entry through this map's events. Entries are kept in the slice store's versioned
 * format.
 */
public final class DeviceOutcomes {

    /** Name of the cluster-wide map. */
    public static final String NAME = "p4slice-device-outcomes";

    private static final String SEPARATOR = "@";

    private final ConsistentMap<String, Slice> outcomes;
    private final CopyOnWriteArrayList<Consumer<SliceId>> listeners = new CopyOnWriteArrayList<>();
    private final MapEventListener<String, Slice> mapListener =
            event -> listeners.forEach(l -> l.accept(sliceOf(event.key())));

    /**
     * Opens the cluster's map of device outcomes.
     *
     * @param storage storage service
     */
    public DeviceOutcomes(StorageService storage) {
        outcomes = storage.<String, Slice>consistentMapBuilder()
                .withName(NAME).withSerializer(StoreSerializers.SLICES).build();
        outcomes.addListener(mapListener);
    }

    /**
     * Stops telling the listeners of changes.
     */
    public void close() {
        outcomes.removeListener(mapListener);
        listeners.clear();
    }

    /**
     * Tells a listener the slice of every entry written or removed, on any instance.
     *
     * @param listener takes the slice id
     */
    public void addListener(Consumer<SliceId> listener) {
        listeners.add(listener);
    }

    /**
     * Returns what a device holds of a slice, as its master last wrote it.
     *
     * @param slice  slice id
     * @param device device
     * @return the shape programmed there, its state the outcome; empty if nothing was written
     */
    public Optional<Slice> get(SliceId slice, DeviceId device) {
        return Optional.ofNullable(Versioned.valueOrNull(outcomes.get(key(slice, device))));
    }

    /**
     * Records that a device holds a slice's shape (ACTIVE), failed to take it (FAILED, with the
     * reason), or holds none of it any more (RELEASING).
     *
     * @param device  device
     * @param outcome the slice's shape with the outcome as its state
     */
    public void put(DeviceId device, Slice outcome) {
        String key = key(outcome.id(), device);
        Slice before = Versioned.valueOrNull(outcomes.get(key));
        if (!Objects.equals(before, outcome)) {
            outcomes.put(key, outcome);
        }
    }

    /**
     * Returns which of some devices have an entry for a slice (one read per device: no scan of
     * the map).
     *
     * @param slice      slice id
     * @param candidates the devices to look at (e.g. every device ONOS knows)
     * @return those with an entry, sorted
     */
    public Set<DeviceId> devices(SliceId slice, Collection<DeviceId> candidates) {
        Set<DeviceId> devices = new TreeSet<>((a, b) -> a.toString().compareTo(b.toString()));
        for (DeviceId device : candidates) {
            if (outcomes.containsKey(key(slice, device))) {
                devices.add(device);
            }
        }
        return devices;
    }

    /**
     * Tells whether a device's entry is the given shape with the given outcome.
     *
     * @param slice   the slice as stored
     * @param device  device
     * @param outcome ACTIVE, FAILED or RELEASING
     * @return true if so
     */
    public boolean is(Slice slice, DeviceId device, SliceState outcome) {
        return get(slice.id(), device).filter(o -> o.state() == outcome && sameShape(o, slice)).isPresent();
    }

    /**
     * Forgets a device's entry for a slice.
     *
     * @param slice  slice id
     * @param device device
     */
    public void remove(SliceId slice, DeviceId device) {
        outcomes.remove(key(slice, device));
    }

    /**
     * Tells whether two slices have the same shape (everything but state and reason).
     *
     * @param a a slice
     * @param b another
     * @return true if only their states or reasons differ
     */
    public static boolean sameShape(Slice a, Slice b) {
        return a.withState(SliceState.PROVISIONING, null).equals(b.withState(SliceState.PROVISIONING, null));
    }

    private static String key(SliceId slice, DeviceId device) {
        return slice.id() + SEPARATOR + device;
    }

    private static SliceId sliceOf(String key) {
        return SliceId.of(Integer.parseInt(key.substring(0, key.indexOf(SEPARATOR))));
    }
}
