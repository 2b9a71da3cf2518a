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

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SlicingException;
import org.slf4j.Logger;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * What a slice holds alone in the cluster: its VLAN and its access ports, each in a consistent map
 * from the resource to the slice holding it ({@code p4slice-vlans}, {@code p4slice-access-ports}).
 * A claim is a {@code putIfAbsent}, so two controller instances can never hand out the same VLAN or
 * access port; a refused claim says which slice holds it (and, to a tenant, only that another slice
 * does). A release removes a resource only while the slice named still holds it.
 * <p>
 * A claim whose slice is not stored is an orphan: left by an instance that stopped between claiming
 * and storing a slice, or between removing a slice and releasing its claims. Claims are made only under
 * the cluster-wide admission lock by a write that stores its slice before the lock is given back, so a
 * claim met under that lock whose slice is not stored is such an orphan: a claim that meets one takes it
 * over (a compare-and-set on the orphan's holder), and {@link #freeOrphans()} frees them all.
 */
final class ExclusiveClaims {

    private static final Logger LOG = getLogger(ExclusiveClaims.class);

    private final ConsistentMap<VlanId, SliceId> vlans;
    private final ConsistentMap<ConnectPoint, SliceId> accessPorts;
    private final Predicate<SliceId> stored;

    /**
     * Opens the claim maps.
     *
     * @param storageService the cluster's storage
     * @param serializer     the serializer of the slice store's maps
     * @param stored         whether a slice is stored (read from the cluster's map, not a local copy)
     */
    ExclusiveClaims(StorageService storageService, Serializer serializer, Predicate<SliceId> stored) {
        vlans = storageService.<VlanId, SliceId>consistentMapBuilder()
                .withName("p4slice-vlans").withSerializer(serializer).build();
        accessPorts = storageService.<ConnectPoint, SliceId>consistentMapBuilder()
                .withName("p4slice-access-ports").withSerializer(serializer).build();
        this.stored = checkNotNull(stored);
    }

    // claims a resource, taking it over from a holder that is not stored; returns the holder that keeps it
    private static <K> SliceId claim(ConsistentMap<K, SliceId> map, K key, SliceId id, Predicate<SliceId> stored) {
        for (int attempt = 0; attempt < 2; attempt++) {
            Versioned<SliceId> holder = map.putIfAbsent(key, id);
            if (holder == null || holder.value().equals(id)) {
                return null;
            }
            if (stored.test(holder.value())) {
                return holder.value();
            }
            if (map.replace(key, holder.value(), id)) {
                LOG.warn("{} was claimed by slice {}, which is not stored (an instance stopped between two "
                                 + "writes): taken over by slice {}", key, holder.value(), id);
                return null;
            }
        }
        Versioned<SliceId> now = map.get(key);
        return now == null ? null : now.value();
    }

    /**
     * Frees every claim whose slice is not stored (call under the admission lock).
     *
     * @return how many claims were freed
     */
    int freeOrphans() {
        return freeOrphans(vlans) + freeOrphans(accessPorts);
    }

    private <K> int freeOrphans(ConsistentMap<K, SliceId> map) {
        int freed = 0;
        for (Map.Entry<K, SliceId> e : ImmutableMap.copyOf(map.asJavaMap()).entrySet()) {
            if (!stored.test(e.getValue()) && map.remove(e.getKey(), e.getValue())) {
                LOG.warn("Freed {}, claimed by slice {}, which is not stored", e.getKey(), e.getValue());
                freed++;
            }
        }
        return freed;
    }

    /**
     * Claims a slice's VLAN.
     *
     * @param slice slice
     * @throws SlicingException CONFLICT if another slice holds it
     */
    void claimVlan(Slice slice) {
        SliceId holder = claim(vlans, slice.vlan(), slice.id(), stored);
        if (holder != null) {
            throw SlicingException.conflict("VLAN " + slice.vlan() + " is taken by slice " + holder,
                                            SliceHoldings.vlanUnavailable(slice.vlan()));
        }
    }

    /**
     * Claims access ports for a slice, one by one; those it already holds stay claimed.
     *
     * @param id      slice id
     * @param ports   ports to claim
     * @param claimed filled with the ports this call claimed (to release if a later step fails)
     * @throws SlicingException CONFLICT at the first port another slice holds
     */
    void claimAccessPorts(SliceId id, Set<ConnectPoint> ports, Set<ConnectPoint> claimed) {
        for (ConnectPoint cp : ports) {
            Versioned<SliceId> had = accessPorts.get(cp);
            SliceId holder = claim(accessPorts, cp, id, stored);
            if (holder != null) {
                throw SlicingException.conflict(SliceHoldings.accessPortTaken(cp, "slice " + holder),
                        SliceHoldings.accessPortTaken(cp, SliceHoldings.ANOTHER_SLICE));
            }
            if (had == null || !had.value().equals(id)) {
                claimed.add(cp);
            }
        }
    }

    /**
     * Releases access ports while the slice holds them.
     *
     * @param id    slice id
     * @param ports ports
     */
    void releaseAccessPorts(SliceId id, Iterable<ConnectPoint> ports) {
        ports.forEach(cp -> accessPorts.remove(cp, id));
    }

    /**
     * Releases a VLAN while the slice holds it.
     *
     * @param vlan VLAN
     * @param id   slice id
     */
    void releaseVlan(VlanId vlan, SliceId id) {
        vlans.remove(vlan, id);
    }

    /**
     * Returns the VLANs claimed, with the slice holding each.
     *
     * @return VLAN to slice id
     */
    Map<VlanId, SliceId> vlans() {
        return ImmutableMap.copyOf(vlans.asJavaMap());
    }

    /**
     * Returns the access ports claimed, with the slice holding each.
     *
     * @return port to slice id
     */
    Map<ConnectPoint, SliceId> accessPorts() {
        return ImmutableMap.copyOf(accessPorts.asJavaMap());
    }
}
