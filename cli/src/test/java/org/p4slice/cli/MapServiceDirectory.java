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
package org.p4slice.cli;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;

import java.util.HashMap;
import java.util.Map;

/**
 * Services by interface; a missing one throws {@link ServiceNotFoundException}, as in ONOS.
 */
final class MapServiceDirectory implements ServiceDirectory {

    private final Map<Class<?>, Object> services;

    /**
     * Starts empty.
     */
    MapServiceDirectory() {
        this(Map.of());
    }

    /**
     * Starts with the given services.
     *
     * @param initial interface to service
     */
    MapServiceDirectory(Map<Class<?>, Object> initial) {
        services = new HashMap<>(initial);
    }

    <T> MapServiceDirectory add(Class<T> serviceClass, T service) {
        services.put(serviceClass, service);
        return this;
    }

    void remove(Class<?> serviceClass) {
        services.remove(serviceClass);
    }

    @Override
    public <T> T get(Class<T> serviceClass) {
        Object s = services.get(serviceClass);
        if (s == null) {
            throw new ServiceNotFoundException("Service " + serviceClass.getName() + " not found");
        }
        return serviceClass.cast(s);
    }
}
