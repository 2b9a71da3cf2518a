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
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupService;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Confirms group operations from group events and group state: a group is installed once ONOS
 * holds it in state {@link Group.GroupState#ADDED} with the expected buckets, removed once ONOS no
 * longer holds it; {@code *_FAILED} events fail the operation. Registered as a listener for the
 * duration of one programming or removal.
 */
final class GroupTracker implements GroupListener {

    private final GroupService groupService;
    private final Map<Key, Expectation> expectations = new ConcurrentHashMap<>();

    /**
     * Creates a tracker.
     *
     * @param groupService group service, to read group state
     */
    GroupTracker(GroupService groupService) {
        this.groupService = groupService;
    }

    /**
     * Expects a group to become installed with the given buckets.
     *
     * @param device       device
     * @param key          group key (app cookie)
     * @param buckets      expected buckets
     * @param confirmation confirmation to complete
     */
    void expectInstalled(DeviceId device, GroupKey key, GroupBuckets buckets, Confirmations.Confirmation confirmation) {
        expectations.put(new Key(device, key), new Expectation(buckets, confirmation));
    }

    /**
     * Expects a group to disappear.
     *
     * @param device       device
     * @param key          group key (app cookie)
     * @param confirmation confirmation to complete
     */
    void expectRemoved(DeviceId device, GroupKey key, Confirmations.Confirmation confirmation) {
        expectations.put(new Key(device, key), new Expectation(null, confirmation));
    }

    /**
     * Evaluates the current state of a group against its expectation.
     *
     * @param device device
     * @param key    group key
     */
    void check(DeviceId device, GroupKey key) {
        Expectation e = expectations.get(new Key(device, key));
        if (e != null) {
            evaluate(e, groupService.getGroup(device, key));
        }
    }

    @Override
    public void event(GroupEvent event) {
        Group group = event.subject();
        if (group == null) {
            return;
        }
        Expectation e = expectations.get(new Key(group.deviceId(), group.appCookie()));
        if (e == null) {
            return;
        }
        switch (event.type()) {
            case GROUP_ADD_FAILED:
            case GROUP_UPDATE_FAILED:
                if (e.buckets != null) {
                    e.confirmation.fail("ONOS reports " + event.type());
                }
                break;
            case GROUP_REMOVE_FAILED:
                if (e.buckets == null) {
                    e.confirmation.fail("ONOS reports " + event.type());
                }
                break;
            case GROUP_REMOVED:
                if (e.buckets == null) {
                    e.confirmation.confirm();
                }
                break;
            case GROUP_ADDED:
            case GROUP_UPDATED:
                evaluate(e, group);
                break;
            default:
                break;
        }
    }

    private static void evaluate(Expectation e, Group group) {
        if (e.buckets == null) {
            if (group == null) {
                e.confirmation.confirm();
            }
        } else if (group != null && group.state() == Group.GroupState.ADDED && e.buckets.equals(group.buckets())) {
            e.confirmation.confirm();
        }
    }

    private static final class Expectation {
        // null: the group must disappear
        private final GroupBuckets buckets;
        private final Confirmations.Confirmation confirmation;

        private Expectation(GroupBuckets buckets, Confirmations.Confirmation confirmation) {
            this.buckets = buckets;
            this.confirmation = confirmation;
        }
    }

    private static final class Key {
        private final DeviceId device;
        private final GroupKey groupKey;

        private Key(DeviceId device, GroupKey groupKey) {
            this.device = device;
            this.groupKey = groupKey;
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Key && device.equals(((Key) o).device)
                    && Objects.equals(groupKey, ((Key) o).groupKey);
        }

        @Override
        public int hashCode() {
            return Objects.hash(device, groupKey);
        }
    }
}
