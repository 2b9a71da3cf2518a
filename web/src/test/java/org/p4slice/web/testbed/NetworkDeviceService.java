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
package org.p4slice.web.testbed;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.ChassisId;
import org.onosproject.net.DefaultAnnotations;
import org.onosproject.net.DefaultDevice;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceServiceAdapter;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.provider.ProviderId;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Devices and their ports (speed in Mbps, as ONOS reports it), all available.
 */
public class NetworkDeviceService extends DeviceServiceAdapter {

    private static final ProviderId PID = new ProviderId("p4runtime", "org.p4slice.testbed");

    private final Map<DeviceId, Device> devices = new ConcurrentHashMap<>();
    private final Map<DeviceId, Map<PortNumber, Port>> ports = new ConcurrentHashMap<>();
    private final List<DeviceListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Adds a device without ports.
     *
     * @param id device id
     * @return the device
     */
    public Device addDevice(DeviceId id) {
        Device d = new TestbedDevice(id);
        devices.put(id, d);
        ports.put(id, new LinkedHashMap<>());
        return d;
    }

    /**
     * Adds (or replaces) an enabled copper port.
     *
     * @param id        device id
     * @param port      port number
     * @param speedMbps speed in Mbps
     */
    public void addPort(DeviceId id, long port, long speedMbps) {
        PortNumber n = PortNumber.portNumber(port);
        ports.get(id).put(n, new DefaultPort(devices.get(id), n, true, Port.Type.COPPER, speedMbps));
    }

    @Override
    public int getDeviceCount() {
        return devices.size();
    }

    @Override
    public int getAvailableDeviceCount() {
        return devices.size();
    }

    @Override
    public Iterable<Device> getDevices() {
        List<Device> list = new ArrayList<>(devices.values());
        list.sort((a, b) -> a.id().toString().compareTo(b.id().toString()));
        return list;
    }

    @Override
    public Iterable<Device> getAvailableDevices() {
        return getDevices();
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
        return devices.containsKey(deviceId);
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
     * A bmv2 switch with no driver behaviours (ONOS's driver service does not run here).
     */
    static final class TestbedDevice extends DefaultDevice {
        TestbedDevice(DeviceId id) {
            super(PID, id, Type.SWITCH, "p4.org", "bmv2", "1.15", "0", new ChassisId(), DefaultAnnotations.EMPTY);
        }

        @Override
        public <B extends Behaviour> boolean is(Class<B> projectionClass) {
            return false;
        }

        @Override
        public <B extends Behaviour> B as(Class<B> projectionClass) {
            throw new UnsupportedOperationException("no driver behaviours in the testbed");
        }
    }
}
