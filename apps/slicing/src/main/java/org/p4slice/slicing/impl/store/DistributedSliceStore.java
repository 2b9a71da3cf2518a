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

import org.p4slice.slicing.api.SlicingException;
import org.p4slice.slicing.impl.admission.SliceAllocations;
import org.p4slice.slicing.impl.admission.SliceAllocator;
import org.p4slice.slicing.impl.admission.SliceIndex;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceEvent;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.slicing.api.SliceStore;
import org.p4slice.slicing.api.SliceStoreDelegate;
import org.p4slice.slicing.api.TenantId;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Slice store on ONOS consistent maps: one for the slices, one for the VLANs taken and one for
 * the access ports taken. A slice's exclusive resources are claimed with {@code putIfAbsent}
 * before the slice itself is written (and given back if a claim fails), so a stored slice always
 * holds its VLAN and access ports, and two controller instances can never hand out the same one.
 * <p>
 * Reads are served from a local copy of the slice map and an index of what the slices hold ({@link SliceIndex});
 * the copy follows this instance's writes at once and the other instances' through the map's events, applying
 * each version of a slice only if it is newer than the one it has. Changes of the slice map reach the delegate.
 */
@Component(immediate = true, service = SliceStore.class)
public class DistributedSliceStore extends AbstractStore<SliceEvent, SliceStoreDelegate> implements SliceStore {

    /** The serializer of this store's maps ({@link StoreSerializers#SLICES}). */
    static final Serializer SERIALIZER = StoreSerializers.SLICES;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<SliceId, Slice> slices;
    private ConsistentMap<VlanId, SliceId> vlans;
    private ConsistentMap<ConnectPoint, SliceId> accessPorts;

    // local copy of the slice map, with its index
    private final SliceCache cache = new SliceCache();

    private final MapEventListener<SliceId, Slice> sliceMapListener = this::sliceMapChanged;

    @Activate
    protected void activate() {
        slices = storageService.<SliceId, Slice>consistentMapBuilder()
                .withName("p4slice-slices").withSerializer(SERIALIZER).build();
        vlans = storageService.<VlanId, SliceId>consistentMapBuilder()
                .withName("p4slice-vlans").withSerializer(SERIALIZER).build();
        accessPorts = storageService.<ConnectPoint, SliceId>consistentMapBuilder()
                .withName("p4slice-access-ports").withSerializer(SERIALIZER).build();
        slices.addListener(sliceMapListener);
        cache.clear();
        slices.entrySet().forEach(e -> cache.apply(e.getKey(), e.getValue()));
        log.info("Started with {} slices", slices.size());
    }

    @Deactivate
    protected void deactivate() {
        slices.removeListener(sliceMapListener);
        log.info("Stopped");
    }

    @Override
    public Collection<Slice> getSlices() {
        return cache.slices();
    }

    @Override
    public Optional<Slice> getSlice(SliceId id) {
        return cache.slice(id);
    }

    @Override
    public Optional<Slice> getSlice(TenantId tenant, String name) {
        return cache.named(tenant, name).flatMap(cache::slice);
    }

    /**
     * Returns the local copy's allocations, for admission and allocation.
     *
     * @return allocations of the stored slices
     */
    public SliceAllocations allocations() {
        return cache;
    }

    /**
     * Returns what the slices of a slice store hold, from its local copy: the view admission decides on.
     *
     * @param store the slice store (this class is the only one)
     * @return allocations of the stored slices
     * @throws IllegalArgumentException if the store is of another class
     */
    public static SliceAllocations allocationsOf(SliceStore store) {
        checkArgument(store instanceof DistributedSliceStore, "the slice store must be a %s, got %s",
                      DistributedSliceStore.class.getSimpleName(), store);
        return ((DistributedSliceStore) store).allocations();
    }

    /**
     * Returns the VLANs claimed in the cluster's map, with the slice holding each.
     *
     * @return VLAN to slice id
     */
    public Map<VlanId, SliceId> getVlanAllocations() {
        return ImmutableMap.copyOf(vlans.asJavaMap());
    }

    /**
     * Returns the access ports claimed in the cluster's map, with the slice holding each.
     *
     * @return port to slice id
     */
    public Map<ConnectPoint, SliceId> getAccessPortAllocations() {
        return ImmutableMap.copyOf(accessPorts.asJavaMap());
    }

    @Override
    public void createSlice(Slice slice) {
        SliceId id = slice.id();
        Versioned<SliceId> vlanHolder = vlans.putIfAbsent(slice.vlan(), id);
        if (vlanHolder != null) {
            throw SlicingException.conflict("VLAN " + slice.vlan() + " is taken by slice " + vlanHolder.value());
        }
        Set<ConnectPoint> claimed = new HashSet<>();
        try {
            claimAccessPorts(id, SliceAllocator.accessPorts(slice), claimed);
            Versioned<Slice> stored = slices.computeIfAbsent(id, k -> slice);
            if (!stored.value().equals(slice)) {
                throw SlicingException.conflict("slice id " + id + " is taken by "
                        + SliceAllocator.describe(stored.value()));
            }
            cache.apply(id, stored);
        } catch (RuntimeException e) {
            claimed.forEach(cp -> accessPorts.remove(cp, id));
            vlans.remove(slice.vlan(), id);
            throw e;
        }
    }

    private void claimAccessPorts(SliceId id, Set<ConnectPoint> ports, Set<ConnectPoint> claimed) {
        for (ConnectPoint cp : ports) {
            Versioned<SliceId> holder = accessPorts.putIfAbsent(cp, id);
            if (holder != null && !holder.value().equals(id)) {
                throw SlicingException.conflict("port " + cp + " is the access port of slice " + holder.value()
                        + "; an access port belongs to one slice only");
            }
            if (holder == null) {
                claimed.add(cp);
            }
        }
    }

    @Override
    public void updateSlice(Slice slice) {
        SliceId id = slice.id();
        Slice old = getSlice(id).orElseThrow(id::notFound);
        if (!old.vlan().equals(slice.vlan())) {
            throw SlicingException.conflict("the VLAN of slice " + id + " is " + old.vlan()
                    + " and cannot be changed to " + slice.vlan());
        }
        Set<ConnectPoint> oldAccess = SliceAllocator.accessPorts(old);
        Set<ConnectPoint> newAccess = SliceAllocator.accessPorts(slice);
        Set<ConnectPoint> added = new HashSet<>(newAccess);
        added.removeAll(oldAccess);
        Set<ConnectPoint> claimed = new HashSet<>();
        try {
            claimAccessPorts(id, added, claimed);
        } catch (RuntimeException e) {
            claimed.forEach(cp -> accessPorts.remove(cp, id));
            throw e;
        }
        Versioned<Slice> stored = slices.computeIfPresent(id, (k, s) -> slice);
        if (stored == null) {
            claimed.forEach(cp -> accessPorts.remove(cp, id));
            throw id.notFound();
        }
        cache.apply(id, stored);
        for (ConnectPoint cp : oldAccess) {
            if (!newAccess.contains(cp)) {
                accessPorts.remove(cp, id);
            }
        }
    }

    @Override
    public Optional<Slice> setState(SliceId id, SliceState state, String reason) {
        Versioned<Slice> stored = slices.computeIfPresent(id, (k, s) -> s.withState(state, reason));
        if (stored == null) {
            return Optional.empty();
        }
        cache.apply(id, stored);
        return Optional.of(stored.value());
    }

    @Override
    public Optional<Slice> removeSlice(SliceId id) {
        Versioned<Slice> old = slices.get(id);
        if (old == null || !slices.remove(id, old.version())) {
            return Optional.empty();
        }
        cache.applyRemoval(id, old.version());
        for (ConnectPoint cp : SliceAllocator.accessPorts(old.value())) {
            accessPorts.remove(cp, id);
        }
        vlans.remove(old.value().vlan(), id);
        return Optional.of(old.value());
    }

    // package-private for tests that deliver late events
    void sliceMapChanged(MapEvent<SliceId, Slice> event) {
        Slice newValue = Versioned.valueOrNull(event.newValue());
        Slice oldValue = Versioned.valueOrNull(event.oldValue());
        if (event.newValue() != null) {
            cache.apply(event.key(), event.newValue());
        } else if (event.oldValue() != null) {
            cache.applyRemoval(event.key(), event.oldValue().version());
        }
        switch (event.type()) {
            case INSERT:
                notifyDelegate(new SliceEvent(SliceEvent.Type.SLICE_ADDED, newValue));
                break;
            case UPDATE:
                if (newValue == null || oldValue == null || newValue.equals(oldValue)) {
                    break;
                }
                boolean stateOnly = oldValue.withState(newValue.state(), newValue.reason().orElse(null))
                        .equals(newValue);
                notifyDelegate(new SliceEvent(stateOnly ? SliceEvent.Type.SLICE_STATE_CHANGED
                                                        : SliceEvent.Type.SLICE_UPDATED, newValue, oldValue));
                break;
            case REMOVE:
                if (oldValue != null) {
                    notifyDelegate(new SliceEvent(SliceEvent.Type.SLICE_REMOVED, oldValue));
                }
                break;
            default:
                log.warn("Unexpected slice map event {}", event.type());
        }
    }
}
