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
package org.p4slice.slicing.impl;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;

import java.util.HashMap;
import java.util.Map;

/**
 * ONOS's test storage, except that a consistent map built twice under one name is the same map,
 * as in a cluster: what a store wrote survives the store's and the app's restart.
 */
class SharedStorageService extends TestStorageService {

    private final Map<String, ConsistentMap<?, ?>> maps = new HashMap<>();

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            @SuppressWarnings("unchecked")
            public ConsistentMap<K, V> build() {
                ConsistentMap<?, ?> map = maps.get(name());
                if (map == null) {
                    map = super.build();
                    maps.put(name(), map);
                }
                return (ConsistentMap<K, V>) map;
            }
        };
    }
}
