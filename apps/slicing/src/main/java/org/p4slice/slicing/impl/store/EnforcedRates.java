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
import com.google.common.hash.Hashing;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The meter rates enforced instead of the slices' quotas (by the fairness app), in bit/s, kept in a
 * cluster-wide map so that they survive a change of leader and every instance programs them.
 * <p>
 * They do not survive a start of the slicing app (an activation, an upgrade, an ONOS restart): the
 * reason a rate was lent or borrowed (the demand measured in the fairness app's last cycles) is gone
 * by then, so {@link #clear()} is called on activation and the slices run at their quotas until the
 * fairness app, measuring again, lends anew. In a cluster an instance that starts clears them for
 * every instance; the enforcing fairness instance, whose window is full, lends again at its next poll.
 * <p>
 * A rate is kept with the generation of the slice it was set for (a fingerprint of its id, tenant,
 * name, VLAN, quota, burst and endpoints), and counts only for a slice of that generation: a slice
 * that reuses the id of a released one never runs at a rate set for the other (e.g. by an instance
 * whose copy of the slices lagged), even if the release's {@link #forget} came before that set.
 */
public final class EnforcedRates {

    private static final String SEPARATOR = "@";

    // slice id -> "<rate>@<generation>"
    private final ConsistentMap<Integer, String> rates;
    private final CopyOnWriteArrayList<Consumer<SliceId>> listeners = new CopyOnWriteArrayList<>();
    private final MapEventListener<Integer, String> mapListener =
            event -> listeners.forEach(l -> l.accept(SliceId.of(event.key())));

    /**
     * Opens the cluster's map of enforced rates.
     *
     * @param storage storage service
     */
    public EnforcedRates(StorageService storage) {
        rates = storage.<Integer, String>consistentMapBuilder()
                .withName("p4slice-enforced-rates")
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
     * Returns the generation of a slice: what a rate set for it must match.
     *
     * @param slice slice
     * @return fingerprint of its id, tenant, name, VLAN, quota, burst and endpoints
     */
    static long generation(Slice slice) {
        String shape = slice.id() + "|" + slice.tenant() + "|" + slice.name() + "|" + slice.vlan() + "|"
                + slice.quotaBps() + "|" + slice.burstBytes() + "|" + new TreeSet<>(slice.endpoints().stream()
                .map(Object::toString).collect(Collectors.toSet()));
        return Hashing.murmur3_128().hashString(shape, StandardCharsets.UTF_8).asLong();
    }

    /**
     * Returns the rate enforced for a slice, if one was set for this slice (its generation).
     *
     * @param slice the slice as stored
     * @return rate in bit/s, or empty when the slice's meter runs at its quota
     */
    public OptionalLong of(Slice slice) {
        String value = Versioned.valueOrNull(rates.get(slice.id().id()));
        if (value == null) {
            return OptionalLong.empty();
        }
        int at = value.indexOf(SEPARATOR);
        try {
            if (at > 0 && Long.parseLong(value.substring(at + 1)) == generation(slice)) {
                return OptionalLong.of(Long.parseLong(value.substring(0, at)));
            }
        } catch (NumberFormatException e) {
            // not a rate this class wrote: none
        }
        return OptionalLong.empty();
    }

    /**
     * Enforces a rate for a slice; its quota itself means none.
     *
     * @param slice    the slice as read when the rate was decided
     * @param rateBps  rate in bit/s
     */
    public void set(Slice slice, long rateBps) {
        SliceId id = slice.id();
        if (rateBps == slice.quotaBps()) {
            forget(id);
            return;
        }
        String value = rateBps + SEPARATOR + generation(slice);
        if (!value.equals(Versioned.valueOrNull(rates.get(id.id())))) {
            rates.put(id.id(), value);
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
