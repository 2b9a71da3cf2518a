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

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The distributed store's local copy of the slice map with its {@link SliceIndex}. Each version of
 * a slice is applied only if it is newer than the one seen (versions of a consistent map only
 * grow; a removed slice keeps its last version), so late events from the cluster cannot undo
 * newer writes. Thread-safe.
 */
final class SliceCache implements SliceAllocations {

    private final Map<SliceId, Long> versions = new HashMap<>();
    private SliceIndex index = new SliceIndex();

    /**
     * Forgets everything.
     */
    public synchronized void clear() {
        versions.clear();
        index = new SliceIndex();
    }

    /**
     * Applies a version of a slice unless an equal or newer one was seen.
     *
     * @param id    slice id
     * @param value versioned slice
     */
    public synchronized void apply(SliceId id, Versioned<Slice> value) {
        Long seen = versions.get(id);
        if (value == null || seen != null && seen >= value.version()) {
            return;
        }
        versions.put(id, value.version());
        index.put(value.value());
    }

    /**
     * Applies the removal of a version of a slice unless a newer version was seen.
     *
     * @param id      slice id
     * @param version the version removed
     */
    public synchronized void applyRemoval(SliceId id, long version) {
        Long seen = versions.get(id);
        if (seen != null && seen > version) {
            return;
        }
        versions.put(id, version);
        index.remove(id);
    }

    /**
     * Forgets the slices not in a set (those the map no longer holds), keeping the versions seen.
     *
     * @param present the ids the map holds
     */
    public synchronized void retain(Set<SliceId> present) {
        for (Slice s : index.slices()) {
            if (!present.contains(s.id())) {
                index.remove(s.id());
            }
        }
    }

    /**
     * Returns a copy of what the slices hold now, which later changes leave as it is.
     *
     * @return index of the slices
     */
    public synchronized SliceIndex snapshot() {
        SliceIndex copy = new SliceIndex();
        index.slices().forEach(copy::put);
        return copy;
    }

    @Override
    public synchronized Optional<Slice> slice(SliceId id) {
        return index.slice(id);
    }

    @Override
    public synchronized Collection<Slice> slices() {
        return index.slices();
    }

    @Override
    public synchronized BitSet usedIds() {
        return index.usedIds();
    }

    @Override
    public synchronized BitSet usedVlans() {
        return index.usedVlans();
    }

    @Override
    public synchronized Map<SliceId, EndpointMode> portUsers(ConnectPoint port, int max) {
        return index.portUsers(port, max);
    }

    @Override
    public synchronized long portBps(ConnectPoint port) {
        return index.portBps(port);
    }

    @Override
    public synchronized long linkBps(LinkKey link) {
        return index.linkBps(link);
    }

    @Override
    public synchronized Map<LinkKey, Link> links() {
        return index.links();
    }

    @Override
    public synchronized Optional<SliceId> named(TenantId tenant, String name) {
        return index.named(tenant, name);
    }
}
