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
import org.onlab.packet.VlanId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.store.AbstractStore;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AtomicCounterMap;
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
 * Slice store on ONOS consistent maps: one for the slices, and the VLANs and access ports taken
 * ({@link ExclusiveClaims}). A slice's exclusive resources are claimed before the slice itself is
 * written (and given back if a claim fails), so a stored slice always holds its VLAN and access
 * ports, and two controller instances can never hand out the same one.
 * <p>
 * Reads are served from a local copy of the slice map and an index of what the slices hold ({@link SliceIndex});
 * the copy follows this instance's writes at once and the other instances' through the map's events, applying
 * each version of a slice only if it is newer than the one it has. Admission reads what the map holds
 * ({@link #read()}): from the copy while it reflects every write of the map, counted cluster-wide
 * (its own writes at once; one read of a counter tells), else from the map itself. Every write of a
 * stored slice is a compare-and-set on the version it read: a reshape is refused if the slice changed
 * since admission read it, and a state change never takes a slice out of RELEASING. Changes of the slice
 * map reach the delegate.
 */
@Component(immediate = true, service = {SliceStore.class, StoredSlices.class})
public class DistributedSliceStore extends AbstractStore<SliceEvent, SliceStoreDelegate>
        implements SliceStore, StoredSlices {

    /** The serializer of this store's maps ({@link StoreSerializers#SLICES}). */
    static final Serializer SERIALIZER = StoreSerializers.SLICES;

    private static final String WRITES = "writes";

    // how often a state change is tried again when another write came between its read and its write
    private static final int MAX_STATE_ATTEMPTS = 16;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<SliceId, Slice> slices;
    private ExclusiveClaims claims;
    // counts every write of the slice map, cluster-wide; the copy reflects the writes up to "synced" (its
    // own writes at once, other instances' through map events that may lag: read() reads the map then)
    private AtomicCounterMap<String> writes;
    private long synced;

    // local copy of the slice map, with its index
    private final SliceCache cache = new SliceCache();

    private final MapEventListener<SliceId, Slice> sliceMapListener = this::sliceMapChanged;

    @Activate
    protected void activate() {
        slices = storageService.<SliceId, Slice>consistentMapBuilder()
                .withName("p4slice-slices").withSerializer(SERIALIZER).build();
        claims = new ExclusiveClaims(storageService, SERIALIZER, slices::containsKey);
        writes = storageService.<String>atomicCounterMapBuilder().withName("p4slice-slice-writes")
                .withSerializer(Serializer.using(KryoNamespaces.API)).build();
        slices.addListener(sliceMapListener);
        long seen = writes.get(WRITES);
        cache.clear();
        slices.entrySet().forEach(e -> cache.apply(e.getKey(), e.getValue()));
        synced(seen);
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
     * Returns what every stored slice holds, as the cluster's storage holds it: the local copy (a
     * snapshot) while it reflects every write of the map (one read of the cluster-wide write count), else
     * the map itself, read whole, which brings the copy up to date. Under the cluster-wide admission lock,
     * every slice admitted before is in it.
     *
     * @return allocations of the stored slices
     */
    @Override
    public SliceAllocations read() {
        // the counter is read before the map: a write in between makes the next read read the map again
        long seen = writes.get(WRITES);
        if (seen == synced()) {
            return cache.snapshot();
        }
        SliceIndex index = new SliceIndex();
        Set<SliceId> present = new HashSet<>();
        for (Map.Entry<SliceId, Versioned<Slice>> e : slices.entrySet()) {
            index.put(e.getValue().value());
            cache.apply(e.getKey(), e.getValue());
            present.add(e.getKey());
        }
        cache.retain(present);
        synced(seen);
        return index;
    }

    private synchronized long synced() {
        return synced;
    }

    private synchronized void synced(long seen) {
        synced = seen;
    }

    // this instance wrote the map (its copy holds the write): the copy stays current unless another write
    // came between
    private synchronized void written() {
        long now = writes.incrementAndGet(WRITES);
        if (now == synced + 1) {
            synced = now;
        }
    }

    /**
     * Returns the local copy's allocations, for reports (capacity) that need not be authoritative.
     *
     * @return allocations of the stored slices
     */
    public SliceAllocations allocations() {
        return cache;
    }

    /**
     * Returns what the slices of a slice store hold, from its local copy (reports; admission reads the map).
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
        return claims.vlans();
    }

    /**
     * Returns the access ports claimed in the cluster's map, with the slice holding each.
     *
     * @return port to slice id
     */
    public Map<ConnectPoint, SliceId> getAccessPortAllocations() {
        return claims.accessPorts();
    }

    @Override
    public void createSlice(Slice slice) {
        SliceId id = slice.id();
        claims.claimVlan(slice);
        Set<ConnectPoint> claimed = new HashSet<>();
        try {
            claims.claimAccessPorts(id, SliceHoldings.accessPorts(slice), claimed);
            Versioned<Slice> stored = slices.computeIfAbsent(id, k -> slice);
            if (!stored.value().equals(slice)) {
                throw SlicingException.conflict("slice id " + id + " is taken by "
                        + SliceHoldings.describe(stored.value()), SliceHoldings.idUnavailable(id));
            }
            cache.apply(id, stored);
            written();
        } catch (RuntimeException e) {
            claims.releaseAccessPorts(id, claimed);
            claims.releaseVlan(slice.vlan(), id);
            throw e;
        }
    }

    @Override
    public void updateSlice(Slice expected, Slice slice) {
        SliceId id = slice.id();
        checkArgument(expected.id().equals(id), "slice %s cannot replace slice %s", id, expected.id());
        Versioned<Slice> current = slices.get(id);
        if (current == null) {
            throw id.notFound();
        }
        Slice old = current.value();
        if (!old.equals(expected)) {
            throw changedMeanwhile(old);
        }
        if (!old.vlan().equals(slice.vlan())) {
            throw SlicingException.conflict("the VLAN of slice " + id + " is " + old.vlan()
                    + " and cannot be changed to " + slice.vlan());
        }
        Set<ConnectPoint> oldAccess = SliceHoldings.accessPorts(old);
        Set<ConnectPoint> newAccess = SliceHoldings.accessPorts(slice);
        Set<ConnectPoint> added = new HashSet<>(newAccess);
        added.removeAll(oldAccess);
        Set<ConnectPoint> claimed = new HashSet<>();
        try {
            claims.claimAccessPorts(id, added, claimed);
            if (!slices.replace(id, current.version(), slice)) {
                throw changedMeanwhile(Versioned.valueOrNull(slices.get(id)));
            }
        } catch (RuntimeException e) {
            claims.releaseAccessPorts(id, claimed);
            throw e;
        }
        cache.apply(id, slices.get(id));
        written();
        Set<ConnectPoint> dropped = new HashSet<>(oldAccess);
        dropped.removeAll(newAccess);
        claims.releaseAccessPorts(id, dropped);
    }

    private static SlicingException changedMeanwhile(Slice now) {
        if (now == null) {
            return SlicingException.notFound("the slice was removed meanwhile; nothing was changed");
        }
        if (now.state() == SliceState.RELEASING) {
            return SlicingException.conflict("slice " + now.id() + " is being released; nothing was changed");
        }
        return SlicingException.conflict("slice " + now.id() + " was changed meanwhile by another request; "
                + "nothing was changed, try again");
    }

    @Override
    public Optional<Slice> setState(SliceId id, SliceState state, String reason) {
        for (int attempt = 1; ; attempt++) {
            Versioned<Slice> current = slices.get(id);
            if (current == null) {
                return Optional.empty();
            }
            Slice now = current.value();
            SliceState next = now.state() == SliceState.RELEASING ? SliceState.RELEASING : state;
            Slice changed = now.withState(next, reason);
            if (changed.equals(now)) {
                cache.apply(id, current);
                return Optional.of(now);
            }
            if (slices.replace(id, current.version(), changed)) {
                cache.apply(id, slices.get(id));
                written();
                return Optional.of(changed);
            }
            if (attempt == MAX_STATE_ATTEMPTS) {
                throw SlicingException.conflict("the state of slice " + id + " kept changing under "
                        + MAX_STATE_ATTEMPTS + " attempts to set it to " + state + "; try again");
            }
        }
    }

    @Override
    public int freeOrphanClaims() {
        return claims.freeOrphans();
    }

    @Override
    public Optional<Slice> release(SliceId id, TenantId owner) {
        for (int attempt = 1; ; attempt++) {
            Versioned<Slice> current = slices.get(id);
            if (current == null || !current.value().tenant().equals(owner)) {
                // the cache may still show a slice this id no longer names
                return Optional.empty();
            }
            Slice now = current.value();
            if (now.state() == SliceState.RELEASING) {
                cache.apply(id, current);
                return Optional.of(now);
            }
            Slice changed = now.withState(SliceState.RELEASING, null);
            if (slices.replace(id, current.version(), changed)) {
                cache.apply(id, slices.get(id));
                written();
                return Optional.of(changed);
            }
            if (attempt == MAX_STATE_ATTEMPTS) {
                throw SlicingException.conflict("slice " + id + " kept changing under " + MAX_STATE_ATTEMPTS
                        + " attempts to release it; try again");
            }
        }
    }

    @Override
    public Optional<Slice> removeSlice(SliceId id) {
        Versioned<Slice> old = slices.get(id);
        if (old == null || !slices.remove(id, old.version())) {
            return Optional.empty();
        }
        cache.applyRemoval(id, old.version());
        written();
        claims.releaseAccessPorts(id, SliceHoldings.accessPorts(old.value()));
        claims.releaseVlan(old.value().vlan(), id);
        return Optional.of(old.value());
    }

    // package-private for tests that deliver late events
    void sliceMapChanged(MapEvent<SliceId, Slice> event) {
        if (event.newValue() != null) {
            cache.apply(event.key(), event.newValue());
        } else if (event.oldValue() != null) {
            cache.applyRemoval(event.key(), event.oldValue().version());
        }
        SliceMapEvents.of(event).ifPresent(this::notifyDelegate);
    }
}
