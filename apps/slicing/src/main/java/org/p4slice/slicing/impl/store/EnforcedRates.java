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

import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.SliceId;

import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The meter rates enforced instead of the slices' quotas (by the fairness app), in bit/s, kept in a
 * cluster-wide map so that they survive a change of leader and every instance programs them.
 * <p>
 * They do not survive a start of the slicing app (an activation, an upgrade, an ONOS restart): the
 * reason a rate was lent or borrowed (the demand measured in the fairness app's last cycles) is gone
 * by then, so {@link #clear()} is called on activation and the slices run at their quotas until the
 * fairness app, measuring again, lends anew. In a cluster an instance that starts clears them for
 * every instance; the enforcing fairness instance, whose window is full, lends again at its next poll.
 */
public final class EnforcedRates {

    private final ConsistentMap<Integer, Long> rates;
    private final CopyOnWriteArrayList<Consumer<SliceId>> listeners = new CopyOnWriteArrayList<>();
    private final MapEventListener<Integer, Long> mapListener =
            event -> listeners.forEach(l -> l.accept(SliceId.of(event.key())));

    /**
     * Opens the cluster's map of enforced rates.
     *
     * @param storage storage service
     */
    public EnforcedRates(StorageService storage) {
        rates = storage.<Integer, Long>consistentMapBuilder()
                .withName("p4slice-meter-rates")
                .withSerializer(Serializer.using(KryoNamespaces.API))
                .build();
        rates.addListener(mapListener);
    }

    /**
     * Tells a listener the slice of every rate set, changed or forgotten, by any instance (on the
     * map's event thread: the listener must not block).
     *
     * @param listener takes the slice id
     */
    public void addListener(Consumer<SliceId> listener) {
        listeners.add(listener);
    }

    /**
     * Stops telling the listeners of changes.
     */
    public void close() {
        rates.removeListener(mapListener);
        listeners.clear();
    }

    /**
     * Returns the rate enforced for a slice, if any.
     *
     * @param id slice id
     * @return rate in bit/s, or empty when the slice's meter runs at its quota
     */
    public OptionalLong of(SliceId id) {
        Versioned<Long> rate = rates.get(id.id());
        return rate == null ? OptionalLong.empty() : OptionalLong.of(rate.value());
    }

    /**
     * Enforces a rate for a slice; its quota itself means none.
     *
     * @param id       slice id
     * @param rateBps  rate in bit/s
     * @param quotaBps the slice's quota in bit/s
     */
    public void set(SliceId id, long rateBps, long quotaBps) {
        if (rateBps == quotaBps) {
            forget(id);
        } else if (!Long.valueOf(rateBps).equals(Versioned.valueOrNull(rates.get(id.id())))) {
            rates.put(id.id(), rateBps);
        }
    }

    /**
     * Forgets a slice's enforced rate.
     *
     * @param id slice id
     */
    public void forget(SliceId id) {
        if (rates.containsKey(id.id())) {
            rates.remove(id.id());
        }
    }

    /**
     * Forgets every enforced rate: every slice's meter runs at its quota again at its next
     * programming or meter audit.
     *
     * @return how many rates were forgotten
     */
    public int clear() {
        int n = rates.size();
        rates.clear();
        return n;
    }
}
