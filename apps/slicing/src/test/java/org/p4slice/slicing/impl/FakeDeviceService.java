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

import com.google.common.collect.ImmutableList;
import org.onlab.packet.ChassisId;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.provider.ProviderId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Devices with ports of given speeds, their availability and their behaviours, and device events
 * delivered synchronously to the listeners.
 */
class FakeDeviceService extends DeviceServiceAdapter {

    private static final ProviderId PID = new ProviderId("p4runtime", "org.p4slice.test");

    private final Map<DeviceId, Device> devices = new LinkedHashMap<>();
    private final Map<DeviceId, Map<PortNumber, Port>> ports = new HashMap<>();
    private final Set<DeviceId> available = new HashSet<>();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Adds an available device with ports 1..n of the given speed.
     *
     * @param id          device id
     * @param ports       number of ports
     * @param speedMbps   speed of each port in Mbps
     * @param behaviours  behaviours the device answers to
     * @return the device id
     */
    DeviceId addDevice(String id, int ports, long speedMbps, Map<Class<?>, Behaviour> behaviours) {
        DeviceId deviceId = DeviceId.deviceId(id);
        Device device = new TestDevice(deviceId, behaviours);
        devices.put(deviceId, device);
        Map<PortNumber, Port> map = new LinkedHashMap<>();
        for (int i = 1; i <= ports; i++) {
            PortNumber n = PortNumber.portNumber(i);
            map.put(n, new DefaultPort(device, n, true, Port.Type.COPPER, speedMbps));
        }
        this.ports.put(deviceId, map);
        available.add(deviceId);
        return deviceId;
    }

    /**
     * Sets the speed of one port.
     *
     * @param deviceId  device
     * @param port      port number
     * @param speedMbps speed in Mbps
     */
    void setPortSpeed(DeviceId deviceId, long port, long speedMbps) {
        PortNumber n = PortNumber.portNumber(port);
        ports.get(deviceId).put(n, new DefaultPort(devices.get(deviceId), n, true, Port.Type.COPPER, speedMbps));
    }

    /**
     * Changes a device's availability and tells the listeners.
     *
     * @param deviceId device
     * @param up       available or not
     */
    void setAvailable(DeviceId deviceId, boolean up) {
        if (up) {
            available.add(deviceId);
        } else {
            available.remove(deviceId);
        }
        DeviceEvent event = new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, devices.get(deviceId));
        listeners.forEach(l -> l.event(event));
    }

    /**
     * Returns the number of listeners registered.
     *
     * @return listeners
     */
    int listenerCount() {
        return listeners.size();
    }

    @Override
    public int getDeviceCount() {
        return devices.size();
    }

    @Override
    public Iterable<Device> getDevices() {
        return ImmutableList.copyOf(devices.values());
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        List<Device> result = new ArrayList<>();
        devices.values().stream().filter(d -> available.contains(d.id())).forEach(result::add);
        return result;
    }

    @Override
    public Device getDevice(DeviceId deviceId) {
        return devices.get(deviceId);
    }

    @Override
    public List<Port> getPorts(DeviceId deviceId) {
        Map<PortNumber, Port> map = ports.get(deviceId);
        return map == null ? ImmutableList.of() : ImmutableList.copyOf(map.values());
    }

    @Override
    public Port getPort(DeviceId deviceId, PortNumber portNumber) {
        Map<PortNumber, Port> map = ports.get(deviceId);
        return map == null ? null : map.get(portNumber);
    }

    @Override
    public boolean isAvailable(DeviceId deviceId) {
        return available.contains(deviceId);
    }

    @Override
    public void addListener(DeviceListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(DeviceListener listener) {
        listeners.remove(listener);
    }

    /**
     * A device answering {@code is()}/{@code as()} from a fixed set of behaviours (no driver service).
     */
    static final class TestDevice extends DefaultDevice {
        private final Map<Class<?>, Behaviour> behaviours;

        TestDevice(DeviceId id, Map<Class<?>, Behaviour> behaviours) {
            super(PID, id, Type.SWITCH, "p4.org", "bmv2", "1.15", "0", new ChassisId(), DefaultAnnotations.EMPTY);
            this.behaviours = behaviours;
        }

        @Override
        public <B extends Behaviour> boolean is(Class<B> projectionClass) {
            return behaviours.containsKey(projectionClass);
        }

        @Override
        public <B extends Behaviour> B as(Class<B> projectionClass) {
            return projectionClass.cast(behaviours.get(projectionClass));
        }
    }
}
