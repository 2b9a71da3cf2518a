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
package org.p4slice.slicing.testing;

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
 * Records group additions, updates and removals (and logs them through the {@link ProgrammingLog},
 * if given), keeps the groups, marks them ADDED at once and tells the listeners with the events
 * ONOS posts.
 */
public class RecordingGroupService extends GroupServiceAdapter {

    private final ProgrammingLog log;
    private final List<String> operations = new ArrayList<>();
    private final Map<DeviceId, Map<GroupKey, Group>> groups = new LinkedHashMap<>();
    private final List<GroupListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Creates a service that does not log (no cost per operation, e.g. in benchmarks).
     */
    public RecordingGroupService() {
        this(null);
    }

    /**
     * Creates the service.
     *
     * @param log where operations are written, or null for none
     */
    public RecordingGroupService(ProgrammingLog log) {
        this.log = log;
    }

    /**
     * Returns every operation seen, e.g. {@code "add device:s1 7"} (the live list: a test may
     * clear it).
     *
     * @return operations
     */
    public List<String> operations() {
        return operations;
    }

    /**
     * Returns the groups installed on a device.
     *
     * @param device device
     * @return groups, in installation order
     */
    public synchronized List<Group> installed(DeviceId device) {
        return new ArrayList<>(groups.getOrDefault(device, Map.of()).values());
    }

    /**
     * Returns every installed group.
     *
     * @return groups, by device in the order devices got their first group
     */
    public synchronized List<Group> installed() {
        return groups.values().stream().flatMap(m -> m.values().stream()).collect(Collectors.toList());
    }

    @Override
    public void addGroup(GroupDescription description) {
        synchronized (this) {
            operations.add("add " + description.deviceId() + " " + description.givenGroupId());
        }
        Group g = store(description, "ADD");
        post(new GroupEvent(GroupEvent.Type.GROUP_ADDED, g));
    }

    @Override
    public void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                   ApplicationId appId) {
        Group old;
        synchronized (this) {
            operations.add("set-buckets " + deviceId + " " + oldCookie);
            old = getGroup(deviceId, oldCookie);
            if (old == null) {
                throw new IllegalArgumentException("no group " + oldCookie + " on " + deviceId);
            }
            if (!oldCookie.equals(newCookie)) {
                groups.get(deviceId).remove(oldCookie);
            }
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
            operations.add("remove " + deviceId + " " + (old == null ? "?" : old.id().id()));
            if (log != null) {
                log.record(deviceId, "REMOVE group " + (old == null ? appCookie : "0x" + Integer.toHexString(
                        old.id().id())));
            }
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
            if (log != null) {
                log.record(d.deviceId(), what + " group 0x" + Integer.toHexString(g.id().id()) + " " + d.type()
                        + " buckets " + d.buckets().buckets().stream()
                        .map(b -> b.treatment().allInstructions().toString()).collect(Collectors.joining(" ")));
            }
        }
        return g;
    }

    private void post(GroupEvent event) {
        listeners.forEach(l -> l.event(event));
    }
}
