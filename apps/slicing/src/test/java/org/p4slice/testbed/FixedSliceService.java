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

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.p4slice.slicing.api.LinkCapacity;
import org.p4slice.slicing.api.PortCapacity;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceListener;
import org.p4slice.slicing.api.SliceService;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.DeviceOutcome;
import org.p4slice.slicing.api.DeviceShape;
import org.onosproject.net.DeviceId;
import org.p4slice.slicing.api.TenantId;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * A slice service holding the slices and port capacities a test puts in it, and posting the slice
 * events the test gives to its listeners (synchronously).
 */
public class FixedSliceService implements SliceService {

    /** The slices by id. */
    public final Map<SliceId, Slice> slices = new TreeMap<>();
    /** The port capacities. */
    public final List<PortCapacity> ports = new CopyOnWriteArrayList<>();
    /** The enforced meter rates by slice id, in bit/s (what the slicing app keeps in its store). */
    public final Map<SliceId, Long> meterRates = new TreeMap<>();
    private final List<SliceListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Adds or replaces a slice (no event).
     *
     * @param s slice
     */
    public synchronized void put(Slice s) {
        slices.put(s.id(), s);
    }

    /**
     * Posts an event to the listeners.
     *
     * @param e event
     */
    public void post(SliceEvent e) {
        listeners.forEach(l -> l.event(e));
    }

    @Override
    public synchronized Set<Slice> getSlices() {
        return ImmutableSet.copyOf(slices.values());
    }

    @Override
    public synchronized Set<Slice> getSlices(TenantId tenant) {
        return slices.values().stream().filter(s -> s.tenant().equals(tenant)).collect(Collectors.toSet());
    }

    @Override
    public synchronized Optional<Slice> getSlice(SliceId id) {
        return Optional.ofNullable(slices.get(id));
    }

    @Override
    public synchronized Map<DeviceId, DeviceOutcome> getDeviceOutcomes(SliceId id) {
        Map<DeviceId, DeviceOutcome> outcomes = new TreeMap<>(Comparator.comparing(DeviceId::toString));
        Slice slice = slices.get(id);
        if (slice != null && slice.state() != SliceState.PROVISIONING) {
            slice.devices().forEach(d -> outcomes.put(d, DeviceOutcome.of(DeviceShape.of(slice, d), slice.state(),
                                                                          slice.reason().orElse(null), 0)));
        }
        return outcomes;
    }

    @Override
    public synchronized OptionalLong getMeterRate(SliceId id) {
        Long rate = meterRates.get(id);
        return rate == null ? OptionalLong.empty() : OptionalLong.of(rate);
    }

    @Override
    public List<PortCapacity> getPortCapacities() {
        return ImmutableList.copyOf(ports);
    }

    @Override
    public List<LinkCapacity> getLinkCapacities() {
        return ImmutableList.of();
    }

    @Override
    public double guardBand() {
        return 0.05;
    }

    @Override
    public void addListener(SliceListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(SliceListener listener) {
        listeners.remove(listener);
    }
}
