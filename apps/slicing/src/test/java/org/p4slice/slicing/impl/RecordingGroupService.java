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
import org.onosproject.core.ApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.group.DefaultGroup;
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
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Records group additions and removals, keeps the groups (ADDED at once) and tells the
 * listeners as ONOS does.
 */
class RecordingGroupService extends GroupServiceAdapter {

    private final List<String> operations = new ArrayList<>();
    private final Map<List<Object>, DefaultGroup> groups = new LinkedHashMap<>();
    private final List<GroupListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Returns every operation seen, e.g. {@code "add device:s1 7"}.
     *
     * @return operations
     */
    List<String> operations() {
        return operations;
    }

    /**
     * Returns the groups on a device.
     *
     * @param device device
     * @return groups
     */
    List<Group> groups(DeviceId device) {
        return groups.values().stream().filter(g -> g.deviceId().equals(device)).collect(Collectors.toList());
    }

    /**
     * Returns every group.
     *
     * @return groups
     */
    List<Group> groups() {
        return ImmutableList.copyOf(groups.values());
    }

    private static List<Object> key(DeviceId device, GroupKey key) {
        return ImmutableList.of(device, key);
    }

    private void post(GroupEvent.Type type, Group group) {
        GroupEvent event = new GroupEvent(type, group);
        listeners.forEach(l -> l.event(event));
    }

    @Override
    public void addGroup(GroupDescription description) {
        operations.add("add " + description.deviceId() + " " + description.givenGroupId());
        DefaultGroup group = new DefaultGroup(GroupId.valueOf(Objects.requireNonNull(description.givenGroupId())),
                                              description);
        group.setState(Group.GroupState.ADDED);
        groups.put(key(description.deviceId(), description.appCookie()), group);
        post(GroupEvent.Type.GROUP_ADDED, group);
    }

    @Override
    public Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        return groups.get(key(deviceId, appCookie));
    }

    @Override
    public void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets,
                                   GroupKey newCookie, ApplicationId appId) {
        operations.add("set-buckets " + deviceId + " " + oldCookie);
        DefaultGroup old = groups.get(key(deviceId, oldCookie));
        DefaultGroup group = new DefaultGroup(old.id(), deviceId, old.type(), buckets);
        group.setState(Group.GroupState.ADDED);
        groups.put(key(deviceId, oldCookie), group);
        post(GroupEvent.Type.GROUP_UPDATED, group);
    }

    @Override
    public void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
        DefaultGroup group = groups.remove(key(deviceId, appCookie));
        operations.add("remove " + deviceId + " " + (group == null ? "?" : group.id().id()));
        if (group != null) {
            post(GroupEvent.Type.GROUP_REMOVED, group);
        }
    }

    @Override
    public Iterable<Group> getGroups(DeviceId deviceId) {
        return groups(deviceId);
    }

    @Override
    public void addListener(GroupListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(GroupListener listener) {
        listeners.remove(listener);
    }
}
