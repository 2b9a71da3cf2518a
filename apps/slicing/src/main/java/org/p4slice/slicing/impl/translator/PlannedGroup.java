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
package org.p4slice.slicing.impl.translator;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import org.onosproject.net.PortNumber;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A multicast group of the packet replication engine: group id and one replica (instance 0) per
 * output port.
 */
public final class PlannedGroup {

    private final int groupId;
    private final List<PortNumber> ports;

    private PlannedGroup(int groupId, List<PortNumber> ports) {
        checkArgument(groupId > 0, "multicast group id must be > 0, got %s", groupId);
        checkNotNull(ports, "ports must not be null");
        Set<PortNumber> seen = new HashSet<>();
        for (PortNumber port : ports) {
            checkArgument(seen.add(checkNotNull(port, "port must not be null")),
                          "port %s appears twice in multicast group %s", port, groupId);
        }
        this.groupId = groupId;
        this.ports = ImmutableList.copyOf(ports);
    }

    /**
     * Returns a multicast group.
     *
     * @param groupId group id (the slice id)
     * @param ports   replica output ports, each at most once
     * @return group
     */
    public static PlannedGroup of(int groupId, List<PortNumber> ports) {
        return new PlannedGroup(groupId, ports);
    }

    /**
     * Returns the group id.
     *
     * @return group id
     */
    public int groupId() {
        return groupId;
    }

    /**
     * Returns the replica output ports, ordered by port number.
     *
     * @return ports
     */
    public List<PortNumber> ports() {
        return ports;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PlannedGroup)) {
            return false;
        }
        PlannedGroup that = (PlannedGroup) o;
        return groupId == that.groupId && ports.equals(that.ports);
    }

    @Override
    public int hashCode() {
        return Objects.hash(groupId, ports);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("groupId", groupId).add("ports", ports).toString();
    }
}
