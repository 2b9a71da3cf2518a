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

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Devices (bmv2 switches) with ports of given speeds (in Mbps, as ONOS reports them), their
 * availability and their behaviours, and device events delivered synchronously to the listeners.
 * Devices are listed by id.
 */
public class FakeDeviceService extends DeviceServiceAdapter {

    private static final ProviderId PID = new ProviderId("p4runtime", "org.p4slice.test");
    private static final Comparator<Device> BY_ID = Comparator.comparing(d -> d.id().toString());

    private final Map<DeviceId, Device> devices = new ConcurrentHashMap<>();
    private final Map<DeviceId, Map<PortNumber, Port>> ports = new ConcurrentHashMap<>();
    private final Set<DeviceId> available = ConcurrentHashMap.newKeySet();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Adds an available device without ports.
     *
     * @param id         device id
     * @param behaviours behaviours the device answers to (none: an empty map)
     */
    public void addDevice(DeviceId id, Map<Class<?>, Behaviour> behaviours) {
        devices.put(id, new TestDevice(id, behaviours));
        ports.put(id, new LinkedHashMap<>());
        available.add(id);
    }

    /**
     * Adds an available device with ports 1..n of the given speed.
     *
     * @param id          device id
     * @param ports       number of ports
     * @param speedMbps   speed of each port in Mbps
     * @param behaviours  behaviours the device answers to
     * @return the device id
     */
    public DeviceId addDevice(String id, int ports, long speedMbps, Map<Class<?>, Behaviour> behaviours) {
        DeviceId deviceId = DeviceId.deviceId(id);
        addDevice(deviceId, behaviours);
        for (int i = 1; i <= ports; i++) {
            addPort(deviceId, i, speedMbps);
        }
        return deviceId;
    }

    /**
     * Adds an enabled copper port, or replaces the port with that number (e.g. to change its speed).
     *
     * @param deviceId  device
     * @param port      port number
     * @param speedMbps speed in Mbps
     */
    public void addPort(DeviceId deviceId, long port, long speedMbps) {
        PortNumber n = PortNumber.portNumber(port);
        Map<PortNumber, Port> map = ports.get(deviceId);
        synchronized (map) {
            map.put(n, new DefaultPort(devices.get(deviceId), n, true, Port.Type.COPPER, speedMbps));
        }
    }

    /**
     * Changes a device's availability and tells the listeners.
     *
     * @param deviceId device
     * @param up       available or not
     */
    public void setAvailable(DeviceId deviceId, boolean up) {
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
    public int listenerCount() {
        return listeners.size();
    }

    @Override
    public int getDeviceCount() {
        return devices.size();
    }

    @Override
    public int getAvailableDeviceCount() {
        return available.size();
    }

    @Override
    public Iterable<Device> getDevices() {
        return devices.values().stream().sorted(BY_ID).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        return devices.values().stream().filter(d -> available.contains(d.id())).sorted(BY_ID)
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Device getDevice(DeviceId deviceId) {
        return devices.get(deviceId);
    }

    @Override
    public List<Port> getPorts(DeviceId deviceId) {
        Map<PortNumber, Port> map = ports.get(deviceId);
        if (map == null) {
            return ImmutableList.of();
        }
        synchronized (map) {
            return ImmutableList.copyOf(map.values());
        }
    }

    @Override
    public Port getPort(DeviceId deviceId, PortNumber portNumber) {
        Map<PortNumber, Port> map = ports.get(deviceId);
        if (map == null) {
            return null;
        }
        synchronized (map) {
            return map.get(portNumber);
        }
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
     * A bmv2 switch answering {@code is()}/{@code as()} from a fixed set of behaviours (ONOS's
     * driver service does not run in tests).
     */
    static final class TestDevice extends DefaultDevice {
        private final Map<Class<?>, Behaviour> behaviours;

        TestDevice(DeviceId id, Map<Class<?>, Behaviour> behaviours) {
            super(PID, id, Type.SWITCH, "p4.org", "bmv2", "1.15", "0", new ChassisId(), DefaultAnnotations.EMPTY);
            this.behaviours = Map.copyOf(behaviours);
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
