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
import org.p4slice.slicing.impl.translator.PlannedGroup;

/**
 * The slices' multicast groups on the devices, written and removed by the slicing app itself
 * (see {@link org.p4slice.pipeconf.SliceMulticastGroups} for why not through ONOS's group
 * service). Both calls return once the device has answered.
 */
public interface MulticastGroupAccess {

    /**
     * Writes a group (added, or its ports replaced if the device holds it).
     *
     * @param device device
     * @param group  planned group
     * @throws RuntimeException naming the device and the cause if the device refused or is unreachable
     */
    void write(DeviceId device, PlannedGroup group);

    /**
     * Removes a group; one the device does not hold counts as removed.
     *
     * @param device device
     * @param group  planned group
     * @throws RuntimeException naming the device and the cause if the device refused or is unreachable
     */
    void remove(DeviceId device, PlannedGroup group);
}
