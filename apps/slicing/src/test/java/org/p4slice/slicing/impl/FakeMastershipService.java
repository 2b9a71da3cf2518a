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

import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;

import java.util.HashSet;
import java.util.Set;

/**
 * This instance masters every device except those marked as mastered elsewhere.
 */
class FakeMastershipService extends MastershipServiceAdapter {

    private final Set<DeviceId> elsewhere = new HashSet<>();

    /**
     * Marks a device as mastered by another instance.
     *
     * @param device device
     */
    void masteredElsewhere(DeviceId device) {
        elsewhere.add(device);
    }

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        return elsewhere.contains(deviceId) ? MastershipRole.STANDBY : MastershipRole.MASTER;
    }
}
