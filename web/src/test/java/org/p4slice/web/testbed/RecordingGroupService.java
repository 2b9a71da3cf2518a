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

import org.onosproject.core.ApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupServiceAdapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Keeps the groups it is asked to install, marks them ADDED at once (with the event ONOS posts)
 * and logs each operation through the {@link ProgrammingLog}.
 */
public class RecordingGroupService extends GroupServiceAdapter {

    private final ProgrammingLog log;
    private final Map<DeviceId, Map<GroupKey, Group>> groups = new LinkedHashMap<>();
    private final List<GroupListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Creates the service.
     *
     * @param log where operations are written
     */
    public RecordingGroupService(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Returns the groups installed on a device.
     *
     * @param device device
     * @return groups
     */
    public synchronized List<Group> installed(DeviceId device) {
        return new ArrayList<>(groups.getOrDefault(device, Map.of()).values());
    }

    @Override
    public void addGroup(GroupDescription description) {
        Group g = store(description, "ADD");
        post(new GroupEvent(GroupEvent.Type.GROUP_ADDED, g));
    }

    @Override
    public void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                   ApplicationId appId) {
        Group old = getGroup(deviceId, oldCookie);
        if (old == null) {
            throw new IllegalArgumentException("no group " + oldCookie + " on " + deviceId);
        }
        synchronized (this) {
            groups.get(deviceId).remove(oldCookie);
        }
        Group g = store(new DefaultGroupDescription(deviceId, old.type(), buckets, newCookie,
                                                    old.givenGroupId(), appId), "MODIFY");
        post(new GroupEvent(GroupEvent.Type.GROUP_UPDATED, g));
    }

    @Override
    public void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
        Group old;
        synchronized (this) {
            Map<GroupKey, Group> onDevice = groups.get(deviceId);
            old = onDevice == null ? null : onDevice.remove(appCookie);
            log.record(deviceId, "REMOVE group " + (old == null ? appCookie : "0x" + Integer.toHexString(
                    old.id().id())));
        }
        if (old != null) {
            post(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, old));
        }
    }

    @Override
    public synchronized Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        return groups.getOrDefault(deviceId, Map.of()).get(appCookie);
    }

    @Override
    public synchronized Iterable<Group> getGroups(DeviceId deviceId) {
        return installed(deviceId);
    }

    @Override
    public void addListener(GroupListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(GroupListener listener) {
        listeners.remove(listener);
    }

    private Group store(GroupDescription d, String what) {
        DefaultGroup g = new DefaultGroup(GroupId.valueOf(d.givenGroupId()), d);
        g.setState(Group.GroupState.ADDED);
        synchronized (this) {
            groups.computeIfAbsent(d.deviceId(), k -> new LinkedHashMap<>()).put(d.appCookie(), g);
            log.record(d.deviceId(), what + " group 0x" + Integer.toHexString(g.id().id()) + " " + d.type()
                    + " buckets " + d.buckets().buckets().stream().map(b -> b.treatment().allInstructions().toString())
                    .collect(Collectors.joining(" ")));
        }
        return g;
    }

    private void post(GroupEvent event) {
        listeners.forEach(l -> l.event(event));
    }
}
