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
import java.util.stream.Collectors;

/**
 * Records group additions, updates and removals (and logs them through the {@link ProgrammingLog},
 * if given), keeps the groups, marks them ADDED at once and tells the listeners with the events
 * ONOS posts. A test can also script the answers ({@link #addAnswers()}, {@link #removeAnswer(Answer)}),
 * place groups beforehand ({@link #preinstall}) and keep a one-line summary of each call in a journal
 * ({@link #journal(List)}).
 */
public class RecordingGroupService extends GroupServiceAdapter {

    private final ProgrammingLog log;
    private final List<String> operations = new ArrayList<>();
    private final Map<DeviceId, Map<GroupKey, Group>> groups = new LinkedHashMap<>();
    private final List<GroupListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<DeviceId, Answer> addAnswers = new HashMap<>();
    private final List<GroupDescription> added = new ArrayList<>();
    private final List<String> removed = new ArrayList<>();
    private final List<String> rebucketed = new ArrayList<>();
    private volatile Answer removeAnswer = Answer.SUCCEED;
    private volatile List<String> journal;

    /**
     * Creates a service that does not log.
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
     * Writes one line per call ({@code group add|buckets|remove <device> <id>}) to the given journal.
     *
     * @param lines journal shared with the other recording services
     * @return this service
     */
    public RecordingGroupService journal(List<String> lines) {
        this.journal = lines;
        return this;
    }

    /**
     * Returns the answers to additions, per device (SUCCEED if absent), for the test to change.
     *
     * @return answers by device
     */
    public Map<DeviceId, Answer> addAnswers() {
        return addAnswers;
    }

    /**
     * Sets the answer to removals (SUCCEED until set).
     *
     * @param answer answer
     */
    public void removeAnswer(Answer answer) {
        this.removeAnswer = answer;
    }

    /**
     * Returns every operation, in order.
     *
     * @return operations
     */
    public List<String> operations() {
        return operations;
    }

    /**
     * Returns every description added (and not refused), in order.
     *
     * @return descriptions
     */
    public List<GroupDescription> added() {
        return added;
    }

    /**
     * Returns every removal asked for (and not refused): device and group key.
     *
     * @return removals
     */
    public List<String> removed() {
        return removed;
    }

    /**
     * Returns every bucket replacement: device and group key.
     *
     * @return replacements
     */
    public List<String> rebucketed() {
        return rebucketed;
    }

    /**
     * Returns the registered listeners.
     *
     * @return listeners
     */
    public List<GroupListener> listeners() {
        return listeners;
    }

    /**
     * Returns the groups held on a device.
     *
     * @param device device
     * @return groups
     */
    public synchronized List<Group> installed(DeviceId device) {
        return new ArrayList<>(groups.getOrDefault(device, Map.of()).values());
    }

    /**
     * Returns every group held.
     *
     * @return groups
     */
    public synchronized List<Group> installed() {
        return groups.values().stream().flatMap(m -> m.values().stream()).collect(Collectors.toList());
    }

    /**
     * Places a group as if it were there before, in the given state (nothing recorded or posted).
     *
     * @param description group description
     * @param state       state of the group
     */
    public synchronized void preinstall(GroupDescription description, Group.GroupState state) {
        DefaultGroup g = new DefaultGroup(GroupId.valueOf(description.givenGroupId()), description);
        g.setState(state);
        groups.computeIfAbsent(description.deviceId(), k -> new LinkedHashMap<>()).put(description.appCookie(), g);
    }

    private void journal(String line) {
        List<String> j = journal;
        if (j != null) {
            j.add(line);
        }
    }

    @Override
    public void addGroup(GroupDescription description) {
        Answer answer;
        synchronized (this) {
            answer = addAnswers.getOrDefault(description.deviceId(), Answer.SUCCEED);
        }
        if (answer == Answer.THROW) {
            throw new IllegalStateException("group store unavailable");
        }
        synchronized (this) {
            added.add(description);
            operations.add("add " + description.deviceId() + " " + description.givenGroupId());
            journal("group add " + description.deviceId() + " " + description.givenGroupId());
        }
        if (answer == Answer.FAIL) {
            post(new GroupEvent(GroupEvent.Type.GROUP_ADD_FAILED,
                                new DefaultGroup(GroupId.valueOf(description.givenGroupId()), description)));
            return;
        }
        if (answer == Answer.NEVER) {
            preinstall(description, Group.GroupState.PENDING_ADD);
            return;
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
            rebucketed.add(deviceId + " " + oldCookie);
            journal("group buckets " + deviceId + " " + ByteBuffer.wrap(oldCookie.key()).getInt());
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
        Answer answer = removeAnswer;
        if (answer == Answer.THROW) {
            throw new IllegalStateException("group store unavailable");
        }
        Group old;
        synchronized (this) {
            removed.add(deviceId + " " + appCookie);
            journal("group remove " + deviceId + " " + ByteBuffer.wrap(appCookie.key()).getInt());
            if (answer != Answer.SUCCEED) {
                old = getGroup(deviceId, appCookie);
            } else {
                Map<GroupKey, Group> onDevice = groups.get(deviceId);
                old = onDevice == null ? null : onDevice.remove(appCookie);
                operations.add("remove " + deviceId + " " + (old == null ? "?" : old.id().id()));
                if (log != null) {
                    log.record(deviceId, "REMOVE group " + (old == null ? appCookie : "0x" + Integer.toHexString(
                            old.id().id())));
                }
            }
        }
        if (answer == Answer.FAIL) {
            post(new GroupEvent(GroupEvent.Type.GROUP_REMOVE_FAILED, old));
        } else if (answer == Answer.SUCCEED && old != null) {
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
