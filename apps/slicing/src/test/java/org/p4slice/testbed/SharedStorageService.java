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
package org.p4slice.testbed;

import org.onosproject.store.service.AtomicCounterMap;
import org.onosproject.store.service.AtomicCounterMapBuilder;
import org.onosproject.store.service.TestAtomicCounterMap;
import org.onosproject.store.service.AsyncDistributedLock;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.DistributedLockBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;
import org.onosproject.store.service.Version;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * ONOS's test storage, except that a primitive built twice under one name is the same primitive,
 * as in a cluster: what a store wrote survives the store's and the app's restart, and a lock
 * taken by one component (or "instance") is held for every other one.
 */
public class SharedStorageService extends TestStorageService {

    private final Map<String, ConsistentMap<?, ?>> maps = new HashMap<>();
    private final Map<String, Lock> locks = new HashMap<>();
    private final Map<String, AtomicCounterMap<?>> counterMaps = new HashMap<>();

    @Override
    public <K> AtomicCounterMapBuilder<K> atomicCounterMapBuilder() {
        return new TestAtomicCounterMap.Builder<K>() {
            @Override
            @SuppressWarnings("unchecked")
            public AtomicCounterMap<K> build() {
                synchronized (counterMaps) {
                    return (AtomicCounterMap<K>) counterMaps.computeIfAbsent(name(), n -> super.build());
                }
            }
        };
    }

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            @SuppressWarnings("unchecked")
            public ConsistentMap<K, V> build() {
                synchronized (maps) {
                    ConsistentMap<?, ?> map = maps.get(name());
                    if (map == null) {
                        map = super.build();
                        maps.put(name(), map);
                    }
                    return (ConsistentMap<K, V>) map;
                }
            }
        };
    }

    @Override
    public DistributedLockBuilder lockBuilder() {
        return new DistributedLockBuilder() {
            @Override
            public AsyncDistributedLock build() {
                synchronized (locks) {
                    return locks.computeIfAbsent(name(), Lock::new);
                }
            }
        };
    }

    /**
     * Returns the lock of a name, as another instance of the cluster would get it.
     *
     * @param name lock name
     * @return the lock
     */
    public AsyncDistributedLock lock(String name) {
        return lockBuilder().withName(name).build();
    }

    /** A cluster-wide lock: one holder at a time, not reentrant (as Atomix's). */
    private static final class Lock implements AsyncDistributedLock {
        private final String name;
        private final Semaphore permit = new Semaphore(1);
        private final AtomicLong versions = new AtomicLong();

        Lock(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public CompletableFuture<Version> lock() {
            permit.acquireUninterruptibly();
            return CompletableFuture.completedFuture(new Version(versions.incrementAndGet()));
        }

        @Override
        public CompletableFuture<Optional<Version>> tryLock() {
            return CompletableFuture.completedFuture(permit.tryAcquire()
                    ? Optional.of(new Version(versions.incrementAndGet())) : Optional.empty());
        }

        @Override
        public CompletableFuture<Optional<Version>> tryLock(Duration timeout) {
            try {
                return CompletableFuture.completedFuture(permit.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)
                        ? Optional.of(new Version(versions.incrementAndGet())) : Optional.empty());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return CompletableFuture.completedFuture(Optional.empty());
            }
        }

        @Override
        public CompletableFuture<Void> unlock() {
            permit.release();
            return CompletableFuture.completedFuture(null);
        }
    }
}
