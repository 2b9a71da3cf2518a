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
package org.p4slice.slicing.impl.programming;

import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.Behaviour;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.driver.DriverService;
import org.p4slice.pipeconf.SliceDeviceException;

import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A device's behaviour of the p4slice pipeconf (meter cells, multicast groups, counters), from the
 * driver ONOS gives the device now.
 * <p>
 * A {@link Device} keeps the driver it was first bound to. After the {@code .oar} is upgraded in
 * place, that is the driver ONOS merged from the previous bundle's pipeconf: its behaviours are
 * the previous bundle's classes, so {@code device.is(SliceMeterCells.class)} answers no for this
 * bundle's class. {@link DriverService#createHandler(DeviceId)} resolves the device's
 * pipeconf-merged driver afresh (the pipeconf bundle drops the stale one when it starts), so a
 * behaviour the device's own driver lacks is looked up there.
 */
public final class DeviceBehaviours {

    private final DeviceService deviceService;
    private final DriverService driverService;

    /**
     * Creates the lookup.
     *
     * @param deviceService devices, and the driver each was bound to
     * @param driverService the drivers ONOS resolves for a device now
     */
    public DeviceBehaviours(DeviceService deviceService, DriverService driverService) {
        this.deviceService = checkNotNull(deviceService);
        this.driverService = checkNotNull(driverService);
    }

    /**
     * The behaviour of a device.
     *
     * @param id   device
     * @param type behaviour
     * @param <B>  behaviour type
     * @return the behaviour; empty if ONOS does not know the device or its driver lacks it
     */
    public <B extends Behaviour> Optional<B> of(DeviceId id, Class<B> type) {
        Device device = deviceService.getDevice(id);
        if (device == null) {
            return Optional.empty();
        }
        if (device.is(type)) {
            return Optional.of(device.as(type));
        }
        DriverHandler handler;
        try {
            handler = driverService.createHandler(id);
        } catch (ItemNotFoundException e) {     // no driver for the device (yet)
            return Optional.empty();
        }
        return handler != null && handler.hasBehaviour(type) ? Optional.of(handler.behaviour(type)) : Optional.empty();
    }

    /**
     * The behaviour of a device, which must have it.
     *
     * @param id   device
     * @param type behaviour
     * @param what what the behaviour reaches, for the message (e.g. "meter cells")
     * @param <B>  behaviour type
     * @return the behaviour
     * @throws SliceDeviceException if ONOS does not know the device or its driver lacks the behaviour
     */
    public <B extends Behaviour> B require(DeviceId id, Class<B> type, String what) {
        if (deviceService.getDevice(id) == null) {
            throw new SliceDeviceException("device " + id + " is unknown to ONOS");
        }
        return of(id, type).orElseThrow(() -> new SliceDeviceException(
                "device " + id + " has no p4slice " + what + " (is its pipeconf a p4slice one?)"));
    }
}
