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
package org.p4slice.pipeconf.behaviour;

import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DefaultDriverData;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverAdapter;
import org.onosproject.net.driver.DriverData;
import org.onosproject.net.driver.DriverHandler;

import java.util.HashMap;
import java.util.Map;

/**
 * Driver handler for tests: answers {@link #get(Class)} from services registered with
 * {@link #with(Class, Object)}.
 */
final class TestDriverHandler implements DriverHandler {

    private final DriverData data;
    private final Map<Class<?>, Object> services = new HashMap<>();

    TestDriverHandler(DeviceId deviceId) {
        this.data = new DefaultDriverData(new DriverAdapter(), deviceId);
    }

    <T> TestDriverHandler with(Class<T> type, T service) {
        services.put(type, service);
        return this;
    }

    @Override
    public Driver driver() {
        return data.driver();
    }

    @Override
    public DriverData data() {
        return data;
    }

    @Override
    public <T extends Behaviour> T behaviour(Class<T> behaviourClass) {
        throw new UnsupportedOperationException("no behaviours in tests");
    }

    @Override
    public <T> T get(Class<T> serviceClass) {
        Object service = services.get(serviceClass);
        if (service == null) {
            throw new IllegalStateException("test handler has no " + serviceClass.getName());
        }
        return serviceClass.cast(service);
    }
}
