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
package org.p4slice.slicing.programming;

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

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Group service that keeps groups per device and key, records operations and posts group events.
 */
public class FakeGroupService extends GroupServiceAdapter {

    private final List<String> journal;

    /**
     * Creates the fake.
     *
     * @param journal where accepted operations are logged, shared by the fakes of a test
     */
    FakeGroupService(List<String> journal) {
        this.journal = journal;
    }

    /** Answer to additions, per device (default SUCCEED). */
    final Map<DeviceId, Answer> addAnswers = new HashMap<>();
    /** Answer to removals (default SUCCEED). */
    Answer removeAnswer = Answer.SUCCEED;

    /** Every description added (and accepted). */
    final List<GroupDescription> added = new ArrayList<>();
    /** Every removal: device and group key. */
    final List<String> removed = new ArrayList<>();
    /** Every bucket replacement: device and group key. */
    final List<String> rebucketed = new ArrayList<>();
    /** Groups held, by "device key". */
    final Map<String, DefaultGroup> groups = new LinkedHashMap<>();
    /** Registered listeners. */
    final List<GroupListener> listeners = new CopyOnWriteArrayList<>();

    private static String k(DeviceId device, GroupKey key) {
        return device + " " + key;
    }

    /**
     * Puts a group in the store as if it had been installed before.
     *
     * @param description group
     * @param state       its state
     */
    void preinstall(GroupDescription description, Group.GroupState state) {
        DefaultGroup group = new DefaultGroup(GroupId.valueOf(description.givenGroupId()), description);
        group.setState(state);
        groups.put(k(description.deviceId(), description.appCookie()), group);
    }

    private void post(GroupEvent.Type type, Group group) {
        GroupEvent event = new GroupEvent(type, group);
        listeners.forEach(l -> l.event(event));
    }

    @Override
    public void addGroup(GroupDescription description) {
        Answer answer = addAnswers.getOrDefault(description.deviceId(), Answer.SUCCEED);
        if (answer == Answer.THROW) {
            throw new IllegalStateException("group store unavailable");
        }
        added.add(description);
        journal.add("group add " + description.deviceId() + " " + description.givenGroupId());
        DefaultGroup group = new DefaultGroup(GroupId.valueOf(description.givenGroupId()), description);
        if (answer == Answer.FAIL) {
            post(GroupEvent.Type.GROUP_ADD_FAILED, group);
            return;
        }
        group.setState(answer == Answer.SUCCEED ? Group.GroupState.ADDED : Group.GroupState.PENDING_ADD);
        groups.put(k(description.deviceId(), description.appCookie()), group);
        if (answer == Answer.SUCCEED) {
            post(GroupEvent.Type.GROUP_ADDED, group);
        }
    }

    @Override
    public void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                   ApplicationId appId) {
        rebucketed.add(k(deviceId, oldCookie));
        journal.add("group buckets " + deviceId + " " + ByteBuffer.wrap(oldCookie.key()).getInt());
        DefaultGroup old = groups.get(k(deviceId, oldCookie));
        DefaultGroup group = new DefaultGroup(old.id(), new DefaultGroupDescription(
                deviceId, old.type(), buckets, newCookie, old.givenGroupId(), appId));
        group.setState(Group.GroupState.ADDED);
        groups.put(k(deviceId, newCookie), group);
        post(GroupEvent.Type.GROUP_UPDATED, group);
    }

    @Override
    public Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        return groups.get(k(deviceId, appCookie));
    }

    @Override
    public void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
        if (removeAnswer == Answer.THROW) {
            throw new IllegalStateException("group store unavailable");
        }
        removed.add(k(deviceId, appCookie));
        journal.add("group remove " + deviceId + " " + ByteBuffer.wrap(appCookie.key()).getInt());
        if (removeAnswer == Answer.SUCCEED) {
            DefaultGroup group = groups.remove(k(deviceId, appCookie));
            post(GroupEvent.Type.GROUP_REMOVED, group);
        } else if (removeAnswer == Answer.FAIL) {
            post(GroupEvent.Type.GROUP_REMOVE_FAILED, groups.get(k(deviceId, appCookie)));
        }
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
