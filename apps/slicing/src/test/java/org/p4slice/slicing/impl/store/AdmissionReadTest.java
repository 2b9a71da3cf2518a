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

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.VlanId;
import org.onosproject.net.DeviceId;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;
import org.p4slice.slicing.api.Endpoint;
import org.p4slice.slicing.api.Slice;
import org.p4slice.slicing.api.SliceId;
import org.p4slice.slicing.api.SliceState;
import org.p4slice.testbed.SharedStorageService;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.p4slice.testbed.SlicingTestbed.ITB;
import static org.p4slice.testbed.SlicingTestbed.cp;

/**
 * What admission reads ({@link DistributedSliceStore#read()}): every stored slice, as the cluster's
 * storage holds it, but the slice map is read whole only when another instance wrote it since this
 * instance's copy last reflected it (a cluster-wide count of the writes tells): one admission at 1,000
 * slices no longer deserializes 1,000 slices. A write another instance made counts at once, even while
 * this instance's copy hears no events.
 */
public class AdmissionReadTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

    // reads of the whole slice map, on any instance
    private final AtomicInteger wholeReads = new AtomicInteger();
    private CountingStorage storage;
    private DistributedSliceStore one;
    private DistributedSliceStore two;

    /** The test storage, whose slice map counts the reads of the whole map. */
    private final class CountingStorage extends SharedStorageService {
        @Override
        public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
            ConsistentMapBuilder<K, V> shared = super.consistentMapBuilder();
            return new org.onosproject.store.service.TestConsistentMap.Builder<K, V>() {
                @Override
                public ConsistentMap<K, V> build() {
                    ConsistentMap<K, V> map = shared.withName(name()).build();
                    return name().equals("p4slice-slices") ? new Counting<>(map) : map;
                }
            };
        }
    }

    private DistributedSliceStore instance() {
        DistributedSliceStore store = new DistributedSliceStore();
        store.storageService = storage;
        store.activate();
        return store;
    }

    @Before
    public void setUp() {
        storage = new CountingStorage();
        one = instance();
        two = instance();
    }

    private static Slice slice(int id, int port) {
        return Slice.builder().id(SliceId.of(id)).name("lab" + id).tenant(ITB).vlan(VlanId.vlanId((short) (99 + id)))
                .quotaBps(1_000_000L).endpoints(List.of(Endpoint.access(cp(S1, port)))).build();
    }

    private static Set<Integer> ids(SliceAllocations view) {
        return view.slices().stream().map(s -> s.id().id()).collect(Collectors.toSet());
    }

    @Test
    public void admissionReadsTheMapWholeOnlyAfterAnotherInstanceWroteIt() {
        for (int i = 1; i <= 20; i++) {
            one.createSlice(slice(i, i));
        }
        one.setState(SliceId.of(3), SliceState.ACTIVE, null);
        one.release(SliceId.of(4), ITB);
        one.removeSlice(SliceId.of(5));
        int before = wholeReads.get();
        for (int i = 0; i < 3; i++) {
            SliceAllocations view = one.read();
            assertEquals(19, view.slices().size());
            assertEquals(SliceState.ACTIVE, view.slice(SliceId.of(3)).orElseThrow().state());
            assertEquals(SliceState.RELEASING, view.slice(SliceId.of(4)).orElseThrow().state());
            assertEquals(1_000_000L, view.portBps(cp(S1, 7)));
            assertEquals(0L, view.portBps(cp(S1, 5)));
        }
        assertEquals("this instance wrote every change: its copy is the map", before, wholeReads.get());
        // another instance writes: the next read is of the whole map, the one after is not
        two.createSlice(slice(21, 21));
        assertEquals(true, ids(one.read()).contains(21));
        int after = wholeReads.get();
        assertEquals(before + 1, after);
        assertEquals(true, ids(one.read()).contains(21));
        assertEquals(after, wholeReads.get());
    }

    @Test
    public void aWriteOfAnotherInstanceCountsWhileThisInstanceHearsNoEvents() {
        one.createSlice(slice(1, 1));
        two.read();
        // the second instance's copy hears no more changes of the map
        two.deactivate();
        one.createSlice(slice(2, 2));
        one.removeSlice(SliceId.of(1));
        SliceAllocations view = two.read();
        assertEquals(Set.of(2), ids(view));
        assertEquals(0L, view.portBps(cp(S1, 1)));
        assertEquals(1_000_000L, view.portBps(cp(S1, 2)));
        assertEquals(Map.of(SliceId.of(2), org.p4slice.slicing.api.EndpointMode.ACCESS),
                     view.portUsers(cp(S1, 2), 10));
        // the view is a snapshot: later writes do not change a view admission holds
        one.createSlice(slice(3, 3));
        assertEquals(Set.of(2), ids(view));
        assertEquals(Set.of(2, 3), ids(one.read()));
    }

    /** A slice map that counts the reads of the whole map. */
    private final class Counting<K, V> extends ConsistentMapAdapter<K, V> {
        private final ConsistentMap<K, V> map;

        Counting(ConsistentMap<K, V> map) {
            this.map = map;
        }

        @Override
        public String name() {
            return map.name();
        }

        @Override
        public int size() {
            return map.size();
        }

        @Override
        public boolean containsKey(K key) {
            return map.containsKey(key);
        }

        @Override
        public Versioned<V> get(K key) {
            return map.get(key);
        }

        @Override
        public Versioned<V> computeIfAbsent(K key, Function<? super K, ? extends V> fn) {
            return map.computeIfAbsent(key, fn);
        }

        @Override
        public Versioned<V> put(K key, V value) {
            return map.put(key, value);
        }

        @Override
        public Versioned<V> putIfAbsent(K key, V value) {
            return map.putIfAbsent(key, value);
        }

        @Override
        public Versioned<V> remove(K key) {
            return map.remove(key);
        }

        @Override
        public boolean remove(K key, long version) {
            return map.remove(key, version);
        }

        @Override
        public boolean replace(K key, long version, V value) {
            return map.replace(key, version, value);
        }

        @Override
        public Set<K> keySet() {
            return map.keySet();
        }

        @Override
        public Set<Map.Entry<K, Versioned<V>>> entrySet() {
            wholeReads.incrementAndGet();
            return map.entrySet();
        }

        @Override
        public Collection<Versioned<V>> values() {
            wholeReads.incrementAndGet();
            return map.values();
        }

        @Override
        public Map<K, V> asJavaMap() {
            wholeReads.incrementAndGet();
            return map.asJavaMap();
        }

        @Override
        public void addListener(MapEventListener<K, V> listener, Executor executor) {
            map.addListener(listener, executor);
        }

        @Override
        public void removeListener(MapEventListener<K, V> listener) {
            map.removeListener(listener);
        }
    }
}
