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

import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * This instance ({@link #LOCAL}) masters every device except those marked as mastered by another
 * instance ({@link #ELSEWHERE}) or by none.
 */
public class FakeMastershipService extends MastershipServiceAdapter {

    /** This instance. */
    public static final NodeId LOCAL = NodeId.nodeId("local");
    /** Another instance of the cluster. */
    public static final NodeId ELSEWHERE = NodeId.nodeId("elsewhere");

    private final Set<DeviceId> elsewhere = new HashSet<>();
    private final Set<DeviceId> masterless = new HashSet<>();
    private final List<MastershipListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Marks a device as mastered by another instance.
     *
     * @param device device
     */
    public void masteredElsewhere(DeviceId device) {
        masterless.remove(device);
        elsewhere.add(device);
    }

    /**
     * Marks a device as mastered by no instance (e.g. disconnected from all).
     *
     * @param device device
     */
    public void masteredByNone(DeviceId device) {
        elsewhere.remove(device);
        masterless.add(device);
    }

    /**
     * Makes this instance the device's master and tells the listeners, as ONOS does when the
     * previous master leaves.
     *
     * @param device device
     */
    public void becomeMaster(DeviceId device) {
        elsewhere.remove(device);
        masterless.remove(device);
        MastershipEvent event = new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, device,
                                                    new MastershipInfo());
        listeners.forEach(l -> l.event(event));
    }

    @Override
    public void addListener(MastershipListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(MastershipListener listener) {
        listeners.remove(listener);
    }

    @Override
    public MastershipRole getLocalRole(DeviceId deviceId) {
        return elsewhere.contains(deviceId) || masterless.contains(deviceId) ? MastershipRole.STANDBY
                : MastershipRole.MASTER;
    }

    @Override
    public NodeId getMasterFor(DeviceId deviceId) {
        return masterless.contains(deviceId) ? null : elsewhere.contains(deviceId) ? ELSEWHERE : LOCAL;
    }
}
