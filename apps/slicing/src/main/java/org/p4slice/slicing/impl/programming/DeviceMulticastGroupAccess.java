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

import org.onosproject.net.DeviceId;
import org.p4slice.pipeconf.SliceMulticastGroups;
import org.p4slice.slicing.impl.translator.PlannedGroup;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * {@link MulticastGroupAccess} through the devices' {@link SliceMulticastGroups} behaviour (the
 * p4slice pipeconfs').
 */
public final class DeviceMulticastGroupAccess implements MulticastGroupAccess {

    private final DeviceBehaviours devices;

    /**
     * Creates the group access.
     *
     * @param devices the devices' behaviours
     */
    public DeviceMulticastGroupAccess(DeviceBehaviours devices) {
        this.devices = checkNotNull(devices);
    }

    @Override
    public void write(DeviceId device, PlannedGroup group) {
        behaviour(device).write(group.groupId(), group.ports());
    }

    @Override
    public void remove(DeviceId device, PlannedGroup group) {
        behaviour(device).remove(group.groupId());
    }

    private SliceMulticastGroups behaviour(DeviceId id) {
        return devices.require(id, SliceMulticastGroups.class, "multicast groups");
    }
}
