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
package org.p4slice.pipeconf;

import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.HandlerBehaviour;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreReplica;

import java.util.Collection;

/**
 * The slices' multicast groups (packet replication engine, group id = slice id) of a p4slice
 * device, written and removed over P4Runtime by the slicing app itself, as its meter cells are
 * ({@link SliceMeterCells}) and as the pipeliner writes the CPU clone session.
 * <p>
 * Not through ONOS's group service: ONOS 2.7 marks a P4Runtime group ADDED (and forgets a removed
 * one) only at its next group poll ({@code GroupManager fallbackGroupPollFrequency}, 30 s by
 * default), so a slice waiting for that confirmation settled half a minute late, and a released
 * slice id could not be reused until then (ONOS ignores the addition of a group whose key it still
 * holds). The device's own answer to the write is the confirmation here: a P4Runtime write
 * returns OK once the target applied it. ONOS 2.7's group poll reads its own write mirror, not
 * the device, so groups written this way are invisible to (and untouched by) ONOS's group
 * subsystem.
 * <p>
 * Every call talks to the device synchronously; call it from a worker thread, on the instance
 * that is master for the device (P4Runtime refuses writes from the others).
 */
public interface SliceMulticastGroups extends HandlerBehaviour {

    /**
     * Writes a multicast group: INSERT, or MODIFY if the device holds the group already (e.g.
     * written before ONOS restarted, or with other ports), so that the call is idempotent.
     *
     * @param groupId group id (the slice id)
     * @param ports   the ports a frame is replicated to
     * @throws SliceDeviceException if the device refused both or cannot be reached
     */
    void write(int groupId, Collection<PortNumber> ports);

    /**
     * Removes a multicast group; a group the device does not hold counts as removed.
     *
     * @param groupId group id
     * @throws SliceDeviceException if the device refused or cannot be reached
     */
    void remove(int groupId);

    /**
     * Returns the entry written for a group: one replica per port, instance 0 (what ONOS's
     * replication group translator makes of an ALL group with one OUTPUT bucket per port).
     *
     * @param groupId group id
     * @param ports   ports
     * @return PRE multicast group entry
     */
    static PiMulticastGroupEntry entry(int groupId, Collection<PortNumber> ports) {
        PiMulticastGroupEntry.Builder builder = PiMulticastGroupEntry.builder().withGroupId(groupId);
        ports.forEach(port -> builder.addReplica(new PiPreReplica(port, 0)));
        return builder.build();
    }
}
