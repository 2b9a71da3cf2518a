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
import org.p4slice.slicing.api.reservation.Reservation;
import org.p4slice.slicing.api.reservation.ReservationEvent;
import org.p4slice.slicing.api.reservation.ReservationId;
import org.p4slice.slicing.api.reservation.ReservationIndex;
import org.p4slice.slicing.api.reservation.ReservationRequest;
import org.p4slice.slicing.api.reservation.ReservationStore;
import org.p4slice.slicing.api.reservation.ReservationStoreDelegate;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * The reservations in an ONOS consistent map shared by the cluster. Ids are handed out above the
 * largest stored one; an id taken meanwhile by another instance is skipped. Every change, made
 * here or on another instance, reaches the delegate as a {@link ReservationEvent}.
 */
@Component(immediate = true, service = ReservationStore.class)
public class DistributedReservationStore extends AbstractStore<ReservationEvent, ReservationStoreDelegate>
        implements ReservationStore {

    /** The serializer of this store's maps ({@link StoreSerializers#RESERVATIONS}). */
    static final Serializer SERIALIZER = StoreSerializers.RESERVATIONS;

    private static final String WRITES = "writes";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected StorageService storageService;

    private ConsistentMap<ReservationId, Reservation> reservations;
    private final ReservationIndex index = new ReservationIndex();
    // counts every write of the map, cluster-wide; the index reflects the writes up to "synced" (its own
    // writes at once, other instances' through map events that may lag: index() catches up when it lags)
    private AtomicCounterMap<String> writes;
    private long synced;

    private final MapEventListener<ReservationId, Reservation> listener = this::mapChanged;

    @Activate
    protected void activate() {
        reservations = storageService.<ReservationId, Reservation>consistentMapBuilder()
                .withName("p4slice-reservations").withSerializer(SERIALIZER).build();
        reservations.addListener(listener);
        writes = storageService.<String>atomicCounterMapBuilder().withName("p4slice-reservation-writes")
                .withSerializer(Serializer.using(KryoNamespaces.API)).build();
        resync();
        log.info("Started with {} reservations", reservations.size());
    }

    @Deactivate
    protected void deactivate() {
        reservations.removeListener(listener);
        log.info("Stopped");
    }

    @Override
    public Reservation createReservation(ReservationRequest request) {
        long next = index.highestId() + 1;
        while (true) {
            Reservation r = Reservation.scheduled(ReservationId.of(next), request);
            if (reservations.putIfAbsent(r.id(), r) == null) {
                index.put(r);
                written();
                return r;
            }
            next++;
        }
    }

    @Override
    public boolean updateReservation(Reservation expected, Reservation updated) {
        Versioned<Reservation> current = reservations.get(expected.id());
        if (current == null || !current.value().equals(expected)) {
            return false;
        }
        boolean done = reservations.replace(expected.id(), current.version(), updated);
        if (done) {
            index.put(updated);
            written();
        }
        return done;
    }

    @Override
    public Optional<Reservation> getReservation(ReservationId id) {
        return Optional.ofNullable(Versioned.valueOrNull(reservations.get(id)));
    }

    @Override
    public Collection<Reservation> getReservations() {
        return ImmutableList.copyOf(reservations.asJavaMap().values());
    }

    @Override
    public Optional<Reservation> removeReservation(ReservationId id) {
        Optional<Reservation> removed = Optional.ofNullable(Versioned.valueOrNull(reservations.remove(id)));
        index.remove(id);
        removed.ifPresent(r -> written());
        return removed;
    }

    /**
     * Returns the index of the live reservations, made current first if another instance wrote the
     * map since this one's index last reflected it (one read of a counter; the whole map is read only
     * then): under the cluster-wide admission lock, every booking admitted before is in it.
     *
     * @return index
     */
    @Override
    public ReservationIndex index() {
        if (writes.get(WRITES) != synced()) {
            resync();
        }
        return index;
    }

    // the counter is read before the map: a write in between makes the next call read the map again
    private synchronized void resync() {
        long seen = writes.get(WRITES);
        index.reset(reservations.asJavaMap().values());
        synced = seen;
    }

    private synchronized long synced() {
        return synced;
    }

    // this instance wrote: its index holds the write; it stays current unless another write came between
    private synchronized void written() {
        long now = writes.incrementAndGet(WRITES);
        if (now == synced + 1) {
            synced = now;
        }
    }

    private void mapChanged(MapEvent<ReservationId, Reservation> event) {
        Reservation newValue = Versioned.valueOrNull(event.newValue());
        Reservation oldValue = Versioned.valueOrNull(event.oldValue());
        if (newValue != null) {
            index.put(newValue);
        } else if (event.type() == MapEvent.Type.REMOVE) {
            index.remove(event.key());
        }
        switch (event.type()) {
            case INSERT:
                notifyDelegate(new ReservationEvent(ReservationEvent.Type.RESERVATION_ADDED, newValue, null));
                break;
            case UPDATE:
                if (newValue != null && !Objects.equals(newValue, oldValue)) {
                    notifyDelegate(new ReservationEvent(ReservationEvent.Type.RESERVATION_UPDATED, newValue,
                                                        oldValue));
                }
                break;
            case REMOVE:
                if (oldValue != null) {
                    notifyDelegate(new ReservationEvent(ReservationEvent.Type.RESERVATION_REMOVED, oldValue,
                                                        null));
                }
                break;
            default:
                log.warn("Unexpected reservation map event {}", event.type());
        }
    }
}
