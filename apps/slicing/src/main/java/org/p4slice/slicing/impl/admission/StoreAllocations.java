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
package org.p4slice.slicing.impl.admission;

import org.p4slice.slicing.impl.store.DistributedSliceStore;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.TenantId;

import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The allocations of the stored slices, read through the {@link SliceStore} interface. The
 * distributed store's local copy answers them directly ({@link #of}).
 */
public final class StoreAllocations implements SliceAllocations {

    private final SliceStore store;

    /**
     * Creates the view.
     *
     * @param store slice store
     */
    StoreAllocations(SliceStore store) {
        this.store = checkNotNull(store);
    }

    /**
     * Returns the allocations of a store: the store itself when it keeps them, else a view
     * through its interface.
     *
     * @param store slice store
     * @return allocations
     */
    public static SliceAllocations of(SliceStore store) {
        return store instanceof DistributedSliceStore ? ((DistributedSliceStore) store).allocations()
                : new StoreAllocations(store);
    }

    @Override
    public Optional<Slice> slice(SliceId id) {
        return store.getSlice(id);
    }

    @Override
    public Collection<Slice> slices() {
        return store.getSlices();
    }

    @Override
    public BitSet usedIds() {
        BitSet ids = new BitSet(SliceId.MAX + 1);
        store.getSlices().forEach(s -> ids.set(s.id().id()));
        return ids;
    }

    @Override
    public BitSet usedVlans() {
        BitSet vlans = new BitSet(VlanId.MAX_VLAN + 1);
        store.getSlices().forEach(s -> vlans.set(s.vlan().toShort()));
        return vlans;
    }

    @Override
    public Map<SliceId, EndpointMode> portUsers(ConnectPoint port, int max) {
        return store.getPortUsers(port, max);
    }

    @Override
    public long portBps(ConnectPoint port) {
        return store.getAllocatedBps(port);
    }

    @Override
    public long linkBps(LinkKey link) {
        return store.getAllocatedBps(link.src(), link.dst());
    }

    @Override
    public Map<LinkKey, Link> links() {
        Map<LinkKey, Link> links = new HashMap<>();
        store.getAllocatedLinks().forEach(l -> links.put(LinkKeys.undirected(l), l));
        return links;
    }

    @Override
    public Optional<SliceId> named(TenantId tenant, String name) {
        return store.getSlice(tenant, name).map(Slice::id);
    }
}
