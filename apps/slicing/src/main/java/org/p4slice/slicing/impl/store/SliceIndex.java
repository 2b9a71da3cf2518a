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

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.LinkKey;
import org.p4slice.slicing.api.EndpointMode;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.TenantId;

import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Slices indexed by what they hold: users and allocated bandwidth per port, allocated bandwidth
 * per physical link, and slice names per tenant. Kept up to date slice by slice ({@link #put},
 * {@link #remove}), so every query costs the same whatever the number of slices. Not thread-safe:
 * its owner serialises access.
 */
public final class SliceIndex implements SliceAllocations {

    private final Map<SliceId, Slice> slices = new HashMap<>();
    private final Map<ConnectPoint, TreeMap<SliceId, EndpointMode>> users = new HashMap<>();
    private final Map<ConnectPoint, Long> portBps = new HashMap<>();
    private final Map<LinkKey, Long> linkBps = new HashMap<>();
    private final Map<LinkKey, Link> links = new HashMap<>();
    private final Map<LinkKey, Integer> linkSlices = new HashMap<>();
    private final Map<List<Object>, SliceId> names = new HashMap<>();
    private final BitSet ids = new BitSet(SliceId.MAX + 1);
    private final BitSet vlans = new BitSet(VlanId.MAX_VLAN + 1);
    private final Map<Short, SliceId> vlanHolders = new HashMap<>();

    /**
     * Returns an index of the given slices.
     *
     * @param slices slices
     * @return index
     */
    public static SliceIndex of(Collection<Slice> slices) {
        SliceIndex index = new SliceIndex();
        slices.forEach(index::put);
        return index;
    }

    /**
     * Adds a slice, replacing its previous version.
     *
     * @param slice slice
     */
    public void put(Slice slice) {
        Slice old = slices.put(slice.id(), slice);
        if (old != null) {
            unindex(old);
        }
        index(slice);
    }

    /**
     * Removes a slice.
     *
     * @param id slice id
     * @return the removed slice, or empty
     */
    public Optional<Slice> remove(SliceId id) {
        Slice old = slices.remove(id);
        if (old != null) {
            unindex(old);
        }
        return Optional.ofNullable(old);
    }

    private static List<Object> nameKey(TenantId tenant, String name) {
        return ImmutableList.of(tenant, name);
    }

    private void index(Slice s) {
        for (ConnectPoint p : s.ports()) {
            users.computeIfAbsent(p, k -> new TreeMap<>()).put(s.id(), s.modeOf(p));
            portBps.merge(p, s.quotaBps(), Long::sum);
        }
        for (Link l : s.trunkLinks()) {
            LinkKey key = LinkKeys.undirected(l);
            linkBps.merge(key, s.quotaBps(), Long::sum);
            linkSlices.merge(key, 1, Integer::sum);
            if (LinkKeys.isCanonical(l) || !links.containsKey(key)) {
                links.put(key, l);
            }
        }
        names.put(nameKey(s.tenant(), s.name()), s.id());
        ids.set(s.id().id());
        vlans.set(s.vlan().toShort());
        vlanHolders.put(s.vlan().toShort(), s.id());
    }

    private void unindex(Slice s) {
        for (ConnectPoint p : s.ports()) {
            Map<SliceId, EndpointMode> u = users.get(p);
            if (u != null) {
                u.remove(s.id());
                if (u.isEmpty()) {
                    users.remove(p);
                }
            }
            subtract(portBps, p, s.quotaBps());
        }
        for (Link l : s.trunkLinks()) {
            LinkKey key = LinkKeys.undirected(l);
            subtract(linkBps, key, s.quotaBps());
            if (linkSlices.merge(key, -1, Integer::sum) <= 0) {
                linkSlices.remove(key);
                links.remove(key);
            }
        }
        names.remove(nameKey(s.tenant(), s.name()), s.id());
        ids.clear(s.id().id());
        if (vlanHolders.remove(s.vlan().toShort(), s.id())) {
            vlans.clear(s.vlan().toShort());
        }
    }

    private static <K> void subtract(Map<K, Long> map, K key, long value) {
        Long left = map.merge(key, -value, Long::sum);
        if (left != null && left == 0) {
            map.remove(key);
        }
    }

    @Override
    public Optional<Slice> slice(SliceId id) {
        return Optional.ofNullable(slices.get(id));
    }

    @Override
    public Collection<Slice> slices() {
        return ImmutableList.copyOf(slices.values());
    }

    @Override
    public BitSet usedIds() {
        return (BitSet) ids.clone();
    }

    @Override
    public BitSet usedVlans() {
        return (BitSet) vlans.clone();
    }

    @Override
    public Map<SliceId, EndpointMode> portUsers(ConnectPoint port, int max) {
        TreeMap<SliceId, EndpointMode> u = users.get(port);
        if (u == null) {
            return ImmutableMap.of();
        }
        ImmutableMap.Builder<SliceId, EndpointMode> b = ImmutableMap.builder();
        int n = 0;
        for (Map.Entry<SliceId, EndpointMode> e : u.entrySet()) {
            if (n++ == max) {
                break;
            }
            b.put(e);
        }
        return b.build();
    }

    @Override
    public long portBps(ConnectPoint port) {
        return portBps.getOrDefault(port, 0L);
    }

    @Override
    public long linkBps(LinkKey link) {
        return linkBps.getOrDefault(link, 0L);
    }

    @Override
    public Map<LinkKey, Link> links() {
        return ImmutableMap.copyOf(links);
    }

    @Override
    public Optional<SliceId> named(TenantId tenant, String name) {
        return Optional.ofNullable(names.get(nameKey(tenant, name)));
    }
}
